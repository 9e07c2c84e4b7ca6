import { endpoints, type BodyOf } from '@loupe/contracts';
import { errorDetail, fieldErrors, useApiMutation, useAuth } from '@loupe/platform';

export type ChangePasswordInput = BodyOf<typeof endpoints.profile.changePassword>;

export const PASSWORD_CHANGED = 'Password changed successfully.';
export const PASSWORD_UPDATE_FAILED = 'Password update failed.';
export const PASSWORDS_DO_NOT_MATCH = 'New passwords do not match.';
/** The server's rule for a new password (ASVS 2.1.1); it checks it and answers with new_password's errors. */
export const NEW_PASSWORD_HINT = 'At least 12 characters.';

/**
 * Changes the password. The server ends the other sessions and gives this one a new id (a new cookie, which
 * the browser keeps by itself; the HTTP client reads the CSRF cookie afresh for every request), so the list
 * of sessions is reloaded. The session is checked again too: an account told to change its password is held
 * on this screen by the shell until the server says it no longer must. Neither holds the form busy.
 */
export function useChangePassword() {
  const { checkAuth } = useAuth();
  return useApiMutation(endpoints.profile.changePassword, {
    call: (input: ChangePasswordInput) => ({ body: input }),
    onSuccess: () => void checkAuth(),
    changes: ['sessions'],
    awaitChanges: false,
  });
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
