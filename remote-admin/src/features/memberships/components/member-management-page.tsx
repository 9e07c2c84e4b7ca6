import type { MemberRole } from '@loupe/contracts';
import { Alert, Card, PageHeader, useAuth, usePageTitle } from '@loupe/platform';
import { useMemberships } from '../api/get-memberships';
import { AddMemberForm } from './add-member-form';
import { MemberList } from './member-list';

/** Everything that differs between the gold and the silver screen. */
export interface MemberScreenTexts {
  role: MemberRole;
  title: string;
  submitLabel: string;
  listTitle: string;
  emptyText: string;
  failedText: string;
  statusText(active: boolean): string;
}

function MemberManager({ shopId, texts }: { shopId: number; texts: MemberScreenTexts }) {
  const members = useMemberships({ shopId, role: texts.role });
  const listTitleId = `${texts.role}-members-title`;
  return (
    <>
      <Card>
        <AddMemberForm shopId={shopId} role={texts.role} submitLabel={texts.submitLabel} />
      </Card>
      <Card aria-labelledby={listTitleId}>
        <h2 id={listTitleId}>{texts.listTitle}</h2>
        <MemberList
          status={members.status}
          members={members.data?.results}
          label={texts.listTitle}
          emptyText={texts.emptyText}
          failedText={texts.failedText}
          statusText={texts.statusText}
        />
      </Card>
    </>
  );
}

/**
 * One screen for managing a shop's members of one role. Nothing shows without a signed-in user (SPEC §6);
 * memberships belong to a shop, so a user without one is told so instead of calling the API.
 */
export function MemberManagementPage(texts: MemberScreenTexts) {
  const { user, shop } = useAuth();
  usePageTitle(texts.title);
  if (!user) return null;
  return (
    <>
      <PageHeader title={texts.title} />
      {shop ? (
        <MemberManager key={shop.id} shopId={shop.id} texts={texts} />
      ) : (
        <Alert tone="info">You are not a member of a shop, so there are no members to manage here.</Alert>
      )}
    </>
  );
}
