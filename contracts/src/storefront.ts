import { Type, type Static } from '@sinclair/typebox';
import { Choice, Nullable, Text } from './common';
import {
  HANDLING_DAYS_MAX,
  HANDLING_DAYS_MIN,
  NOT_ONLINE_REASONS,
  PUBLIC_DESCRIPTION_MAX,
} from './storefront-messages';

/*
 * The storefront's staff API (issue 24 item 1). Endpoints: `endpoints.storefront` (endpoints.ts); the server's
 * `storefront` module owns them. Reading needs a member of the shop; changing needs `can(role,
 * 'manageListings')` (platinum and gold). Every change is audited. The public pages themselves are served under
 * /store/{slug}/ without a session (server/src/modules/storefront/public-routes.ts).
 *
 *   GET /api/storefront/settings/ → StorefrontSettings (slug '' and enabled false until first saved)
 *   PUT /api/storefront/settings/ StorefrontSettingsUpdate → StorefrontSettings; 400 { slug: [...] } for a bad
 *       address, 409 { detail } when another shop uses it, 409 when opening without an address.
 *   GET /api/storefront/items/{id}/listing/ → ItemListing (a never-listed item: listed false, the defaults)
 *   PUT /api/storefront/items/{id}/listing/ ItemListingUpdate → ItemListing
 */

export const StorefrontSettings = Type.Object({
  /** The address part: /store/{slug}/ ('' until chosen). */
  slug: Type.String(),
  enabled: Type.Boolean(),
  /** The listing's absolute address (PUBLIC_URL + /store/{slug}/), or '' without a slug. */
  publicUrl: Type.String(),
});
export type StorefrontSettings = Static<typeof StorefrontSettings>;

export const StorefrontSettingsUpdate = Type.Object(
  { slug: Text({ maxLength: 100 }), enabled: Type.Boolean() },
  { additionalProperties: false },
);
export type StorefrontSettingsUpdate = Static<typeof StorefrontSettingsUpdate>;

export const NotOnlineReasonSchema = Choice(NOT_ONLINE_REASONS);

const ListingFields = {
  listed: Type.Boolean(),
  /** Shown on the item page as plain text (line breaks kept); the stock record's description never is. */
  publicDescription: Text({ multiline: true, maxLength: PUBLIC_DESCRIPTION_MAX }),
  braceletMaterial: Text({ maxLength: 60 }),
  handlingDays: Type.Integer({ minimum: HANDLING_DAYS_MIN, maximum: HANDLING_DAYS_MAX }),
  priceOnRequest: Type.Boolean(),
};

export const ItemListing = Type.Object({
  itemId: Type.Integer(),
  ...ListingFields,
  /** When it was last switched on (ISO 8601), null if never. */
  listedAt: Nullable(Type.String()),
  /** The item page's absolute address ('' when the shop has no storefront address yet). */
  publicUrl: Type.String(),
  /** On the storefront right now. */
  online: Type.Boolean(),
  /** Why not (the first that applies), null when online. */
  notOnlineBecause: Nullable(NotOnlineReasonSchema),
});
export type ItemListing = Static<typeof ItemListing>;

export const ItemListingUpdate = Type.Object(ListingFields, { additionalProperties: false });
export type ItemListingUpdate = Static<typeof ItemListingUpdate>;
