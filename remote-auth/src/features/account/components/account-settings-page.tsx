import { Card, PageHeader, usePageTitle } from '@loupe/platform';
import { ChangePasswordForm } from './change-password-form';
import { ProfileSection } from './profile-section';
import { SessionsSection } from './sessions-section';
import { UserIdNote } from './user-id-note';

export function AccountSettingsPage() {
  usePageTitle('Account Settings');
  return (
    <>
      <PageHeader title="Account Settings" />
      <UserIdNote />
      <Card aria-labelledby="account-profile-title">
        <h2 id="account-profile-title">Profile</h2>
        <ProfileSection />
      </Card>
      <Card aria-labelledby="account-password-title">
        <h2 id="account-password-title">Password</h2>
        <ChangePasswordForm />
      </Card>
      <SessionsSection />
    </>
  );
}
