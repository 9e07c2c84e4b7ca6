import { paths, type ChangePassword, type DetailMessage } from '@loupe/contracts';
import { errorDetail, fieldErrors, http } from '@loupe/platform';

export const PASSWORD_CHANGED = 'Password changed successfully.';
export const PASSWORD_UPDATE_FAILED = 'Password update failed.';
export const PASSWORDS_DO_NOT_MATCH = 'New passwords do not match.';

export function changePassword(input: ChangePassword): Promise<DetailMessage> {
  return http.post<DetailMessage>(paths.changePassword, input);
}

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
