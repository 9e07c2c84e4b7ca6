import { SequenceMatcher } from './difflib';
import { DEMO_PASSWORD, commonPasswords } from './common-passwords';

export interface UserAttributes {
  username?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
}

// ASVS 4.0.3 2.1.1 and 2.1.2: at least 12 characters, and up to 128 allowed but no more (a longer one would
// only make every hash slower to compute).
export const MIN_LENGTH = 12;
export const MAX_LENGTH = 128;
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

/** Lower-cased and trimmed, as Django's CommonPasswordValidator compares. */
function isCommon(password: string): boolean {
  const folded = password.toLowerCase().trim();
  // The demo accounts' password is published in the README: as good as on every list.
  return commonPasswords().has(folded) || folded === DEMO_PASSWORD;
}

/**
 * Django's four default validators (AUTH_PASSWORD_VALIDATORS of a new project), in their order, with their
 * messages, at ASVS's lengths; every failure is reported, as django.contrib.auth.password_validation.validate_password
 * does. Lengths count characters (code points), as Python does.
 */
export function validatePassword(password: string, user: UserAttributes): string[] {
  const errors: string[] = [];
  const similar = userAttributeSimilarity(password, user);
  if (similar) errors.push(similar);
  const length = Array.from(password).length;
  if (length < MIN_LENGTH) {
    errors.push(`This password is too short. It must contain at least ${MIN_LENGTH} characters.`);
  }
  if (length > MAX_LENGTH) {
    errors.push(`This password is too long. It must contain at most ${MAX_LENGTH} characters.`);
  }
  if (isCommon(password)) errors.push('This password is too common.');
  if (/^\p{Nd}+$/u.test(password)) errors.push('This password is entirely numeric.');
  return errors;
}
