import { INVALID_EMAIL, isValidEmail } from '../../kernel/validation';

/** The message, or null for a valid address (the profile, accounts and `user:create` ask this way). */
export const validateEmail = (value: string): string | null => (isValidEmail(value) ? null : INVALID_EMAIL);

/** Django's UnicodeUsernameValidator and the username field's max_length. */
export function validateUsername(value: string): string | null {
  if (!value) return 'This field may not be blank.';
  if (value.length > 150) return 'Ensure this field has no more than 150 characters.';
  if (!/^[\p{L}\p{N}_@.+-]+$/u.test(value)) {
    return 'Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.';
  }
  return null;
}
