import {
  DEFAULT_HANDLING_DAYS,
  LISTINGS_NOT_ALLOWED,
  STOREFRONT_NEEDS_SLUG,
  STOREFRONT_SLUG_TAKEN,
  storefrontSlugProblem,
  type ItemListing,
  type ItemListingUpdate,
  type NotOnlineReason,
  type StorefrontSettings,
  type StorefrontSettingsUpdate,
} from '@loupe/contracts';
import { isUniqueViolation } from '../../kernel/db-errors';
import { conflict, fieldErrors, notFound } from '../../kernel/http-errors';
import { requireAction, type ShopCaller } from '../../kernel/shop-scope';
import { textError } from '../../kernel/validation';
import type { StorefrontContext } from './deps';
import type { ItemState, ListingFields, ListingRow, StorefrontRow } from './storefront-repository';
import { offerTitle } from './titles';
import { itemPath, storefrontBase } from './urls';

/**
 * The storefront's settings and each item's listing (issue 24 item 1). Anyone of the shop reads them; changing
 * them needs 'manageListings' (platinum and gold). Every change is on the audit trail with what it was before.
 */
export class StorefrontService {
  constructor(private readonly ctx: StorefrontContext) {}

  private settingsOf(row: StorefrontRow | null): StorefrontSettings {
    if (!row) return { slug: '', enabled: false, publicUrl: '' };
    return {
      slug: row.slug,
      enabled: row.enabled,
      publicUrl: `${storefrontBase(this.ctx.config, row.slug)}/`,
    };
  }

  async settings(caller: ShopCaller): Promise<StorefrontSettings> {
    return this.settingsOf(await this.ctx.repos.storefront.storefront(caller.shopId));
  }

  async updateSettings(caller: ShopCaller, body: StorefrontSettingsUpdate): Promise<StorefrontSettings> {
    requireAction(caller, 'manageListings', LISTINGS_NOT_ALLOWED);
    const slug = body.slug.trim();
    if (slug === '' && body.enabled) throw conflict(STOREFRONT_NEEDS_SLUG);
    const problem = storefrontSlugProblem(slug);
    if (problem) throw fieldErrors({ slug: [problem] });
    const { shopId, userId } = caller;
    const at = this.ctx.now();
    try {
      return await this.ctx.transaction(async ({ storefront, audit }) => {
        const owner = await storefront.slugOwner(slug);
        if (owner !== null && owner !== shopId) throw conflict(STOREFRONT_SLUG_TAKEN);
        const before = await storefront.storefront(shopId);
        await storefront.saveStorefront(shopId, slug, body.enabled, at);
        await audit.record({
          shopId,
          userId,
          entity: 'storefront',
          entityId: shopId,
          action: before ? 'update' : 'create',
          before: before ? { slug: before.slug, enabled: before.enabled } : undefined,
          after: { slug, enabled: body.enabled },
          recordName: slug,
          at,
        });
        return this.settingsOf({ shopId, slug, enabled: body.enabled });
      });
    } catch (error) {
      // Two shops taking the same address at once: the second meets the unique index.
      if (isUniqueViolation(error)) throw conflict(STOREFRONT_SLUG_TAKEN);
      throw error;
    }
  }

  private async answer(shopId: number, item: ItemState, listing: ListingRow | null): Promise<ItemListing> {
    const store = await this.ctx.repos.storefront.storefront(shopId);
    const fields = listing ?? {
      listed: false,
      publicDescription: '',
      braceletMaterial: '',
      handlingDays: DEFAULT_HANDLING_DAYS,
      priceOnRequest: false,
      listedAt: null,
    };
    const online = item.onOffer && store !== null && store.enabled;
    return {
      itemId: item.id,
      listed: fields.listed,
      publicDescription: fields.publicDescription,
      braceletMaterial: fields.braceletMaterial,
      handlingDays: fields.handlingDays,
      priceOnRequest: fields.priceOnRequest,
      listedAt: fields.listedAt ? fields.listedAt.toISOString() : null,
      publicUrl: store
        ? `${this.ctx.config.mail.publicUrl}${itemPath(store.slug, item.id, offerTitle(item))}`
        : '',
      online,
      notOnlineBecause: online ? null : notOnlineReason(item, fields.listed),
    };
  }

  async listing(caller: ShopCaller, itemId: number): Promise<ItemListing> {
    const { storefront } = this.ctx.repos;
    const item = await storefront.itemState(caller.shopId, itemId);
    if (!item) throw notFound();
    return this.answer(caller.shopId, item, await storefront.listing(caller.shopId, itemId));
  }

  async updateListing(caller: ShopCaller, itemId: number, body: ItemListingUpdate): Promise<ItemListing> {
    requireAction(caller, 'manageListings', LISTINGS_NOT_ALLOWED);
    const fields: ListingFields = {
      listed: body.listed,
      publicDescription: body.publicDescription.trim(),
      braceletMaterial: body.braceletMaterial.trim(),
      handlingDays: body.handlingDays,
      priceOnRequest: body.priceOnRequest,
    };
    const errors: Record<string, string[]> = {};
    const description = textError(fields.publicDescription, 'multiline');
    if (description) errors.publicDescription = [description];
    const bracelet = textError(fields.braceletMaterial, 'line');
    if (bracelet) errors.braceletMaterial = [bracelet];
    if (Object.keys(errors).length > 0) throw fieldErrors(errors);
    const { shopId, userId } = caller;
    const at = this.ctx.now();
    await this.ctx.transaction(async ({ storefront, audit }) => {
      const item = await storefront.itemState(shopId, itemId);
      if (!item) throw notFound();
      const before = await storefront.listing(shopId, itemId);
      await storefront.saveListing(shopId, itemId, fields, at);
      await audit.record({
        shopId,
        userId,
        entity: 'storefront_listing',
        entityId: itemId,
        itemId,
        action: before ? 'update' : 'create',
        before: before
          ? {
              listed: before.listed,
              publicDescription: before.publicDescription,
              braceletMaterial: before.braceletMaterial,
              handlingDays: before.handlingDays,
              priceOnRequest: before.priceOnRequest,
            }
          : undefined,
        after: { ...fields },
        recordName: offerTitle(item),
        at,
      });
    });
    return this.listing(caller, itemId);
  }
}

/** The first reason that keeps a stock item off the storefront (the item itself first, then the shop's switch). */
export function notOnlineReason(
  item: Pick<ItemState, 'status' | 'inWorkshop'>,
  listed: boolean,
): NotOnlineReason {
  if (!listed) return 'unlisted';
  if (item.status !== 'available') return item.status;
  if (item.inWorkshop) return 'in_workshop';
  return 'storefront_disabled';
}
