import { paths, type Membership, type MembershipCreate } from '@loupe/contracts';
import { errorDetail, fieldErrors, http } from '@loupe/platform';

export const SUBMISSION_FAILED = 'Submission failed';

/** Adds a member to the shop, or changes the role of one who already is (the answer is the membership). */
export function createMembership(shopId: number, input: MembershipCreate): Promise<Membership> {
  return http.post<Membership>(paths.memberships(shopId), input);
}

/** What the server said went wrong (its detail, else its error about the user id), or a generic text. */
export function createMembershipErrorMessage(error: unknown): string {
  const fields = fieldErrors(error);
  return errorDetail(error) ?? fields.user ?? fields.role ?? SUBMISSION_FAILED;
}
