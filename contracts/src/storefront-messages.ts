// The storefront's values and words (issue 24 item 1) that the server and the app both use. No TypeBox here: the
// browser entry (browser.ts) re-exports this file as values; the API's schemas are in storefront.ts.

/**
 * A storefront's address part (/store/{slug}/): 3 to 40 lowercase letters, digits and hyphens, starting and
 * ending with a letter or digit. Migration 038 checks the same pattern.
 */
export const STOREFRONT_SLUG_PATTERN = '^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$';
/** Addresses under /store that are not a shop's: the style sheet's folder. */
export const RESERVED_STOREFRONT_SLUGS: readonly string[] = ['assets'];

export function storefrontSlugProblem(slug: string): string | null {
  if (!new RegExp(STOREFRONT_SLUG_PATTERN).test(slug)) return STOREFRONT_SLUG_INVALID;
  if (RESERVED_STOREFRONT_SLUGS.includes(slug)) return STOREFRONT_SLUG_RESERVED;
  return null;
}

export const STOREFRONT_SLUG_INVALID =
  'Use 3 to 40 lowercase letters, digits and hyphens, starting and ending with a letter or digit.';
export const STOREFRONT_SLUG_RESERVED = 'This address is reserved. Choose another.';
export const STOREFRONT_SLUG_TAKEN = 'Another shop already uses this address. Choose another.';
export const STOREFRONT_NEEDS_SLUG = 'Choose the storefront’s address before opening it.';
export const LISTINGS_NOT_ALLOWED = 'Only the owner or a manager can change what is online.';
export const STOREFRONT_ITEM_NOT_FOUND = 'Item not found.';

/** Working days from payment to dispatch (Chrono24's handling time), 1 to 60; 3 unless told. */
export const HANDLING_DAYS_MIN = 1;
export const HANDLING_DAYS_MAX = 60;
export const DEFAULT_HANDLING_DAYS = 3;
export const PUBLIC_DESCRIPTION_MAX = 5000;

/** Why a listed item is not on the storefront right now (null: it is). */
export const NOT_ONLINE_REASONS = [
  'unlisted',
  'sold',
  'reserved',
  'checked_out',
  'unavailable',
  'in_workshop',
  'storefront_disabled',
] as const;
export type NotOnlineReason = (typeof NOT_ONLINE_REASONS)[number];
export const NOT_ONLINE_LABELS: Readonly<Record<NotOnlineReason, string>> = {
  unlisted: 'Not listed online',
  sold: 'Not online: sold',
  reserved: 'Not online: reserved for a client',
  checked_out: 'Not online: checked out on approval',
  unavailable: 'Not online: marked unavailable',
  in_workshop: 'Not online: in the workshop',
  storefront_disabled: 'Not online: the storefront is closed',
};
