import { endpoints, type BodyOf } from '@loupe/contracts';
import { errorDetail, fieldErrors, useApiMutation } from '@loupe/platform';

export type MembershipCreate = BodyOf<typeof endpoints.memberships.create>;

export const SUBMISSION_FAILED = 'Submission failed';

/**
 * Adds a member to the shop, or changes the role of one who already is (the answer is the membership), then
 * refreshes every member list of the shop: adding an existing member changes their role, which takes them off
 * the other role's list too. The mutation ends once the lists are back, so the form's confirmation and the new
 * row appear together.
 */
export function useCreateMembership(shopId: number) {
  return useApiMutation(endpoints.memberships.create, {
    call: (input: MembershipCreate) => ({ params: { shopId }, body: input }),
    changes: ['memberships'],
  });
}

/** What the server said went wrong (its detail, else its error about the user id), or a generic text. */
export function createMembershipErrorMessage(error: unknown): string {
  const fields = fieldErrors(error);
  return errorDetail(error) ?? fields.user ?? fields.role ?? SUBMISSION_FAILED;
}
