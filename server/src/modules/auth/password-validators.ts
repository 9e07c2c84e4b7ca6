import { SequenceMatcher } from './difflib';
import { commonPasswords } from './common-passwords';

export interface UserAttributes {
  username?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
}

const MIN_LENGTH = 8;
const MAX_SIMILARITY = 0.7;
// Django's DEFAULT_USER_ATTRIBUTES, in its order, with the model fields' verbose names.
const USER_ATTRIBUTES: ReadonlyArray<[keyof UserAttributes, string]> = [
  ['username', 'username'],
  ['first_name', 'first name'],
  ['last_name', 'last name'],
  ['email', 'email address'],
];

/** Django's guard against comparing a long password with a very short attribute value. */
function exceedsMaximumLengthRatio(password: string, maxSimilarity: number, value: string): boolean {
  const pwdLen = Array.from(password).length;
  const lengthBoundSimilarity = (maxSimilarity / 2) * pwdLen;
  const valueLen = Array.from(value).length;
  return pwdLen >= 10 * valueLen && valueLen < lengthBoundSimilarity;
}

export function userAttributeSimilarity(password: string, user: UserAttributes): string | null {
  const lower = password.toLowerCase();
  for (const [attribute, verboseName] of USER_ATTRIBUTES) {
    const value = user[attribute];
    if (!value) continue;
    const valueLower = value.toLowerCase();
    // Python's re.split(r"\W+") with Unicode word characters, plus the whole value.
    const parts = [...valueLower.split(/[^\p{L}\p{N}_]+/u), valueLower];
    for (const part of parts) {
      if (exceedsMaximumLengthRatio(lower, MAX_SIMILARITY, part)) continue;
      if (new SequenceMatcher(lower, part).quickRatio() >= MAX_SIMILARITY) {
        return `The password is too similar to the ${verboseName}.`;
      }
    }
  }
  return null;
}

/**
 * Django's four default validators (AUTH_PASSWORD_VALIDATORS of a new project), in their order, with their
 * messages; every failure is reported, as django.contrib.auth.password_validation.validate_password does.
 */
export function validatePassword(password: string, user: UserAttributes): string[] {
  const errors: string[] = [];
  const similar = userAttributeSimilarity(password, user);
  if (similar) errors.push(similar);
  if (Array.from(password).length < MIN_LENGTH) {
    errors.push(`This password is too short. It must contain at least ${MIN_LENGTH} characters.`);
  }
  if (commonPasswords().has(password.toLowerCase().trim())) errors.push('This password is too common.');
  if (/^\p{Nd}+$/u.test(password)) errors.push('This password is entirely numeric.');
  return errors;
}
