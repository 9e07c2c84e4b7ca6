import { wantMisses } from '@loupe/contracts';
import type { Queryable } from '../../db/database';
import { onItemChanged, type ItemChange, type ItemChangeListener } from '../inventory';
import { WantsRepository, type StoredWant } from './wants-repository';

/*
 * MATCHING (issue 24 item 5), with the contracts' rule (wants-messages.ts, wantMisses):
 *  - after an item enters stock (Add Item, a buy-in, a part-exchange) or its offered price changes, once that
 *    commits (inventory's onItemChanged): the shop's active wants of the item's brand;
 *  - when a want is saved: the shop's available stock of the want's brand.
 * A want and an item have at most one open match (a unique index); matching again adds nothing, and a new item
 * already matched to a want (whatever became of that match) is not matched to it again. A price change
 * makes a new match only when the price differs from the last match of that want and item (an e-mailed or
 * dismissed one at the same price is not raised again; a lower price that now fits is).
 */

/** Matches one item against the shop's active wants after it changed; returns the number of matches made. */
export async function matchItem(db: Queryable, change: ItemChange, at: Date): Promise<number> {
  const repo = new WantsRepository(db);
  const item = await repo.candidate(change.shopId, change.itemId);
  if (!item || item.status !== 'available' || item.brand.trim() === '') return 0;
  let made = 0;
  for (const want of await repo.activeWantsOfBrand(change.shopId, item.brand)) {
    if (wantMisses(want, item).length > 0) continue;
    // An item enters stock once: a new-item notice about a pair matched before (heard again by another API
    // instance, or late, after the match was e-mailed or dismissed) makes nothing. A price change matches again
    // only at a price that differs from the last match's.
    const last = await repo.lastMatch(want.id, item.id);
    if (last && (change.reason !== 'price_change' || samePrice(last.price, item.price))) continue;
    const id = await repo.insertMatch({
      shopId: change.shopId,
      wantId: want.id,
      itemId: item.id,
      reason: change.reason,
      price: item.price,
      at,
    });
    if (id !== null) made += 1;
  }
  return made;
}

/**
 * Searches the shop's available stock for a want just saved (in its transaction): an item it matches that has
 * never been matched to it gets an open match (reason want_saved). Returns the number made.
 */
export async function matchWant(repo: WantsRepository, want: StoredWant, at: Date): Promise<number> {
  if (!want.active) return 0;
  let made = 0;
  for (const item of await repo.availableOfBrand(want.shopId, want.brand)) {
    if (wantMisses(want, item).length > 0) continue;
    if (await repo.lastMatch(want.id, item.id)) continue;
    const id = await repo.insertMatch({
      shopId: want.shopId,
      wantId: want.id,
      itemId: item.id,
      reason: 'want_saved',
      price: item.price,
      at,
    });
    if (id !== null) made += 1;
  }
  return made;
}

const samePrice = (a: string | null, b: string | null) =>
  a === null || b === null ? a === b : Number(a) === Number(b);

/** The listener: every committed new item and price change is matched (a failure is logged by inventory). */
export const matchChangedItem: ItemChangeListener = async (change, ctx) => {
  await matchItem(ctx.db, change, ctx.now());
};

if (!onItemChanged.includes(matchChangedItem)) onItemChanged.push(matchChangedItem);
