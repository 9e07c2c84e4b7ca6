import { endpoints, pathOf, type BodyOf, type ResponseOf } from '@loupe/contracts';
import { errorDetail, fieldErrors, http, useMutation } from '@loupe/platform';

type DetailMessage = ResponseOf<typeof endpoints.profile.changePassword>;
export type ChangePasswordInput = BodyOf<typeof endpoints.profile.changePassword>;

export const PASSWORD_CHANGED = 'Password changed successfully.';
export const PASSWORD_UPDATE_FAILED = 'Password update failed.';
export const PASSWORDS_DO_NOT_MATCH = 'New passwords do not match.';

export function changePassword(input: ChangePasswordInput): Promise<DetailMessage> {
  return http.post<DetailMessage>(pathOf(endpoints.profile.changePassword), input);
}

/**
 * Changes the password. Nothing cached depends on it (this session stays, the server ends the others), so
 * nothing is invalidated.
 */
export const useChangePassword = () => useMutation({ mutationFn: changePassword });

/**
 * The message for a failed change (SPEC §8): the new_password errors, then the current_password errors,
 * then detail — each list joined with spaces — or a generic text when the answer carries none of them.
 */
export function changePasswordErrorMessage(error: unknown): string {
  const fields = fieldErrors(error);
  const parts = [fields.new_password, fields.current_password, errorDetail(error)].filter(
    (part): part is string => Boolean(part),
  );
  return parts.length > 0 ? parts.join(' ') : PASSWORD_UPDATE_FAILED;
}
