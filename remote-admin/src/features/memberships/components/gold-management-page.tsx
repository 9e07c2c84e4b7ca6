import { useAuth } from '@loupe/platform';
import { MemberManagementPage, type MemberScreenTexts } from './member-management-page';
import { NominatedOfficerCard } from './nominated-officer';

const GOLD: MemberScreenTexts = {
  role: 'gold',
  title: 'Gold Management',
  submitLabel: 'Add Gold Account',
  listTitle: 'Gold members',
  emptyText: 'No gold members yet',
  failedText: 'Failed to fetch gold members',
  statusText: (active) => (active ? 'Active' : 'Inactive'),
};

/**
 * Platinum only (the route says so): the shop's owner promotes users to gold, and names the nominated officer
 * among them (or themself).
 */
export function GoldManagementPage() {
  const { shop } = useAuth();
  return (
    <>
      <MemberManagementPage {...GOLD} />
      {shop ? <NominatedOfficerCard key={shop.id} shopId={shop.id} /> : null}
    </>
  );
}
