import { Card, PageHeader, useAuth, usePageTitle } from '@loupe/platform';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useProfile } from '../api/get-profile';
import { ProfileSection } from './profile-section';

const Details = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => `${theme.space(2)} ${theme.space(5)}`};
  margin: 0;
  dt {
    color: ${({ theme }) => theme.colors.muted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The user-menu "Settings" screen: who the user is in the shop, the same profile form as Account Settings,
 * and a way to the password form there (SPEC §2 calls Account Settings the fully shown equivalent).
 */
export function ProfileSettingsPage() {
  const { user, role, shop } = useAuth();
  usePageTitle('Profile Settings');
  // The cached profile follows a save at once; the session's copy of the user catches up a request later.
  const person = useProfile().data ?? user;
  const dash = '—';

  return (
    <>
      <PageHeader title="Profile Settings" />
      <Card aria-labelledby="profile-details-title">
        <h2 id="profile-details-title">Your details</h2>
        <Details>
          <dt>Username</dt>
          <dd>{person?.username || dash}</dd>
          <dt>Email</dt>
          <dd>{person?.email || dash}</dd>
          <dt>First name</dt>
          <dd>{person?.first_name || dash}</dd>
          <dt>Last name</dt>
          <dd>{person?.last_name || dash}</dd>
          <dt>Role</dt>
          <dd>{role ? capitalise(role) : dash}</dd>
          <dt>Shop</dt>
          <dd>{shop?.name ?? 'No shop'}</dd>
          <dt>User ID</dt>
          <dd>{user?.id ?? dash}</dd>
        </Details>
      </Card>
      <Card aria-labelledby="profile-edit-title">
        <h2 id="profile-edit-title">Edit profile</h2>
        <ProfileSection />
      </Card>
      <Card aria-labelledby="profile-password-title">
        <h2 id="profile-password-title">Password</h2>
        <p>
          To change your password, go to <Link to="/account/settings">Account Settings</Link>.
        </p>
      </Card>
    </>
  );
}
