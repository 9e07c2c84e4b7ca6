import { INVALID_EMAIL } from '../../kernel/validation';

/** Django's EmailValidator, for the dot-atom addresses staff actually use. */
const EMAIL_USER = /^[-!#$%&'*+/=?^_`{}|~0-9a-z]+(\.[-!#$%&'*+/=?^_`{}|~0-9a-z]+)*$/i;
const EMAIL_DOMAIN = /^((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+)(?:[a-z0-9-]{2,63})$/i;

export function validateEmail(value: string): string | null {
  if (value.length > 254) return INVALID_EMAIL;
  const at = value.lastIndexOf('@');
  if (at <= 0) return INVALID_EMAIL;
  const user = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (!EMAIL_USER.test(user)) return INVALID_EMAIL;
  if (domain === 'localhost') return null;
  let ascii = domain;
  try {
    ascii = new URL(`http://${domain}`).hostname;
  } catch {
    return INVALID_EMAIL;
  }
  if (!EMAIL_DOMAIN.test(ascii) || ascii.endsWith('-')) return INVALID_EMAIL;
  return null;
}

/** Django's UnicodeUsernameValidator and the username field's max_length. */
export function validateUsername(value: string): string | null {
  if (!value) return 'This field may not be blank.';
  if (value.length > 150) return 'Ensure this field has no more than 150 characters.';
  if (!/^[\p{L}\p{N}_@.+-]+$/u.test(value)) {
    return 'Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.';
  }
  return null;
}
