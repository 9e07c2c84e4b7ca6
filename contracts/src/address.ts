import { textProblem } from './text-rules';

/*
 * A client's postal address (issue 22, item 4): the rules of its fields and the one way every document lays it
 * out. Plain functions with no schema builder, so the server, the browser and every document share them
 * (browser.ts exports this file). Stored in five columns of `clients` (migrations/019_client_address.sql) and
 * published in the clients module's `client_directory` view as address_line1, address_line2, town, postcode,
 * country; the API names them as PostalAddress does.
 *
 * COUNTRY is the country's English name as printed on an envelope, not an ISO code: 'United Kingdom' by default
 * (a blank country is the United Kingdom), any other country as typed. The usual other names of the United
 * Kingdom (UK, GB, Great Britain, England, Scotland, Wales, Northern Ireland, in any case) are stored as
 * 'United Kingdom', so "is this a UK address" is one comparison.
 *
 * POSTCODE: for the United Kingdom it must have the format of a UK postcode (Royal Mail's, checked by format, not
 * against the Postcode Address File) and is stored in upper case with one space before its last three
 * characters ("sw1a1aa" → "SW1A 1AA"). Any other country's postcode (or ZIP, or none) is free text.
 *
 * AN ADDRESS IS OPTIONAL, but whole when given: every part blank is "no address"; as soon as line 1, line 2,
 * the town or the postcode is given, line 1 and the town are required, and the postcode too in the United
 * Kingdom. Every part is one line of text (textProblem's 'line' rule), trimmed, within ADDRESS_MAX_LENGTHS.
 */

/** The five parts, named as the API names them (on Client, ClientWrite, and the buyer of a document). */
export interface PostalAddress {
  addressLine1: string;
  addressLine2: string;
  town: string;
  postcode: string;
  country: string;
}

export type AddressPart = keyof PostalAddress;

/** The parts in the order a form shows them and a document prints them. */
export const ADDRESS_PARTS = [
  'addressLine1',
  'addressLine2',
  'town',
  'postcode',
  'country',
] as const satisfies readonly AddressPart[];

export const UNITED_KINGDOM = 'United Kingdom';
/** The country of a client whose country was never given (and the column's default). */
export const DEFAULT_COUNTRY = UNITED_KINGDOM;

/** The longest each part may be (the columns' lengths). */
export const ADDRESS_MAX_LENGTHS: Readonly<Record<AddressPart, number>> = {
  addressLine1: 100,
  addressLine2: 100,
  town: 60,
  postcode: 16,
  country: 60,
};

/** The labels a form and an error list use. */
export const ADDRESS_LABELS: Readonly<Record<AddressPart, string>> = {
  addressLine1: 'Address line 1',
  addressLine2: 'Address line 2',
  town: 'Town or city',
  postcode: 'Postcode',
  country: 'Country',
};

/** An address with every part blank and the default country: a client with no address. */
export const NO_ADDRESS: Readonly<PostalAddress> = {
  addressLine1: '',
  addressLine2: '',
  town: '',
  postcode: '',
  country: DEFAULT_COUNTRY,
};

export const INVALID_UK_POSTCODE = 'Enter a valid UK postcode, such as SW1A 1AA.';
export const ADDRESS_PART_REQUIRED = 'This field is required for a postal address.';

const UK_NAMES = new Set([
  'united kingdom',
  'uk',
  'u.k.',
  'gb',
  'g.b.',
  'great britain',
  'united kingdom of great britain and northern ireland',
  'england',
  'scotland',
  'wales',
  'northern ireland',
]);

/** Whether a country (as typed or as stored) is the United Kingdom; a blank one is (the default). */
export function isUnitedKingdom(country: string): boolean {
  const name = country.trim().replace(/\s+/g, ' ').toLowerCase();
  return name === '' || UK_NAMES.has(name);
}

/** The country as stored: 'United Kingdom' for blank or any of its usual names, otherwise trimmed as typed. */
export function normaliseCountry(country: string): string {
  return isUnitedKingdom(country) ? UNITED_KINGDOM : country.trim().replace(/\s+/g, ' ');
}

/*
 * A UK postcode: an outward code (area letters and district) and an inward code (sector digit and unit letters).
 * Outward: A9, A99, AA9, AA99, A9A or AA9A with the letters each position allows (no Q, V or X first; no I, J or
 * Z second; the third and fourth letters of A9A and AA9A from their own lists); inward: a digit and two letters
 * without C, I, K, M, O or V. GIR 0AA (Girobank) is the one historic exception still in use.
 */
const UK_POSTCODE =
  /^(?:GIR0AA|[A-PR-UWYZ](?:\d{1,2}|[A-HK-Y]\d{1,2}|\d[A-HJKPSTUW]|[A-HK-Y]\d[ABEHMNPRVWXY])\d[ABD-HJLNP-UW-Z]{2})$/;

/**
 * A UK postcode in its standard form (upper case, one space before the inward code: "SW1A 1AA"), or null when
 * the text is not a UK postcode. Spaces anywhere and any case are accepted: " sw1a1aa " → "SW1A 1AA".
 */
export function normaliseUkPostcode(postcode: string): string | null {
  const compact = postcode.replace(/\s+/g, '').toUpperCase();
  if (!UK_POSTCODE.test(compact)) return null;
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

/** What is wrong with a postcode for that country (a message), or null. A blank postcode is not checked here. */
export function postcodeProblem(postcode: string, country: string): string | null {
  const trimmed = postcode.trim();
  if (trimmed === '' || !isUnitedKingdom(country)) return null;
  return normaliseUkPostcode(trimmed) === null ? INVALID_UK_POSTCODE : null;
}

const TEXT_MESSAGES = {
  null: 'Null characters are not allowed.',
  control: 'Control characters are not allowed.',
  invisible: 'Invisible characters are not allowed.',
} as const;

/** Problems keyed by part, one message each; empty when the address is good. */
export type AddressProblems = Partial<Record<AddressPart, string>>;

/**
 * Checks an address as a person typed it (any part may be left out: it is blank) and gives it back as stored:
 * trimmed, the country normalised (blank → United Kingdom), a UK postcode in its standard form. Either the
 * address or the problems per part (messages worded as the server's other field errors).
 */
export function checkPostalAddress(
  input: Partial<PostalAddress>,
): { address: PostalAddress; problems: null } | { address: null; problems: AddressProblems } {
  const problems: AddressProblems = {};
  const raw = {} as PostalAddress;
  for (const part of ADDRESS_PARTS) {
    const value = input[part] ?? '';
    const problem = textProblem(value, 'line');
    if (problem !== null) problems[part] = TEXT_MESSAGES[problem];
    raw[part] = value.trim().replace(/\s+/g, ' ');
    if (problem === null && raw[part].length > ADDRESS_MAX_LENGTHS[part]) {
      problems[part] = `Ensure this field has no more than ${ADDRESS_MAX_LENGTHS[part]} characters.`;
    }
  }
  const country = normaliseCountry(raw.country);
  const uk = country === UNITED_KINGDOM;
  let postcode = raw.postcode;
  if (problems.postcode === undefined && postcode !== '' && uk) {
    const standard = normaliseUkPostcode(postcode);
    if (standard === null) problems.postcode = INVALID_UK_POSTCODE;
    else postcode = standard;
  }
  const address: PostalAddress = { ...raw, postcode, country };
  if (hasPostalAddress(address)) {
    for (const part of missingAddressParts(address)) problems[part] ??= ADDRESS_PART_REQUIRED;
  }
  return Object.keys(problems).length > 0 ? { address: null, problems } : { address, problems: null };
}

/** Whether any part of the address but the country is given (a country alone is no address). */
export function hasPostalAddress(address: PostalAddress): boolean {
  return (
    address.addressLine1.trim() !== '' ||
    address.addressLine2.trim() !== '' ||
    address.town.trim() !== '' ||
    address.postcode.trim() !== ''
  );
}

/**
 * The parts a whole postal address still lacks: line 1, the town, and in the United Kingdom the postcode. Empty
 * for a whole address. A purchase document asks this of its seller (issue 22: "the seller's name and address").
 */
export function missingAddressParts(address: PostalAddress): AddressPart[] {
  const missing: AddressPart[] = [];
  if (address.addressLine1.trim() === '') missing.push('addressLine1');
  if (address.town.trim() === '') missing.push('town');
  if (address.postcode.trim() === '' && isUnitedKingdom(address.country)) missing.push('postcode');
  return missing;
}

/**
 * THE way every document (invoice, credit note, approval note, purchase invoice) and screen lays an address out:
 * one line per part given, in envelope order — line 1, line 2, town, postcode, then the country unless it is
 * the United Kingdom (the shop is in the UK, and Royal Mail asks for no country on inland mail). No address →
 * no lines, so a document of a client without one prints as it did before addresses existed. A `null` or
 * `undefined` address (a document issued before addresses) is no address too.
 */
export function postalAddressLines(address: Partial<PostalAddress> | null | undefined): string[] {
  if (address === null || address === undefined) return [];
  const part = (value: string | undefined) => (value ?? '').trim().replace(/\s+/g, ' ');
  const lines = [
    part(address.addressLine1),
    part(address.addressLine2),
    part(address.town),
    part(address.postcode),
  ];
  if (lines.every((line) => line === '')) return [];
  const country = part(address.country);
  if (!isUnitedKingdom(country)) lines.push(country);
  return lines.filter((line) => line !== '');
}
