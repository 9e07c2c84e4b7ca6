import { MemberManagementPage, type MemberScreenTexts } from './member-management-page';

const GOLD: MemberScreenTexts = {
  role: 'gold',
  title: 'Gold Management',
  submitLabel: 'Add Gold Account',
  listTitle: 'Gold members',
  emptyText: 'No gold members yet',
  failedText: 'Failed to fetch gold members',
  statusText: (active) => (active ? 'Active' : 'Inactive'),
};

/** Platinum only (the route says so): the shop's owner promotes users to gold. */
export function GoldManagementPage() {
  return <MemberManagementPage {...GOLD} />;
}
