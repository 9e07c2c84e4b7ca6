import type { Config } from '../../config';
import type { Db, Queryable } from '../../db/database';

/**
 * ITEM CHANGES, told after they commit (issue 24 item 5: wanted lists are matched on every new item and every
 * price change). Items are created by several modules inside their own transactions — Add Item here, a buy-in
 * (purchases, createStockItems), a part-exchange (sales) — so "after commit" is PostgreSQL's own: the change is
 * announced with NOTIFY inside the writing transaction (announceItemChange), which the database delivers when
 * that transaction commits and drops when it rolls back (a deal's or a buy-in's check run, a refused write).
 * Every API process hears it (hearItemChanges, started with the inventory's routes) and hands it to the
 * listeners of onItemChanged, one change after another; a listener's failure is logged and never touches the
 * write (it has committed). Each process hears every change, so a listener must be idempotent (the wants
 * module's open match is unique per want and item). A change made while a process's listening connection was
 * down is not heard by it (db.listen's live(false)); the wants module's search when a want is saved covers it.
 */
export const ITEM_CHANGES_CHANNEL = 'loupe_item_changes';

/** new_item: an item entered stock; price_change: the price it is offered at changed (a promotion). */
export type ItemChangeReason = 'new_item' | 'price_change';

export interface ItemChange {
  shopId: number;
  itemId: number;
  reason: ItemChangeReason;
}

/** What a listener is given besides the change: the database, the configuration, the clock. */
export interface ItemChangeContext {
  db: Db;
  config: Config;
  now: () => Date;
}

export type ItemChangeListener = (change: ItemChange, ctx: ItemChangeContext) => Promise<void> | void;

/** The listeners told of every committed change (the wants module pushes its matcher here at import time). */
export const onItemChanged: ItemChangeListener[] = [];

/** Announces a change inside the writing transaction (`db` bound to it): heard only once it commits. */
export async function announceItemChange(db: Queryable, change: ItemChange): Promise<void> {
  await db.query('SELECT pg_notify($1, $2)', [ITEM_CHANGES_CHANNEL, JSON.stringify(change)]);
}

const REASONS: readonly string[] = ['new_item', 'price_change'] satisfies ItemChangeReason[];
const wholeId = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** A payload as announceItemChange wrote it, or null (anything else on the channel is ignored). */
export function parseItemChange(payload: string): ItemChange | null {
  try {
    const parsed = JSON.parse(payload) as Partial<ItemChange>;
    if (!wholeId(parsed.shopId) || !wholeId(parsed.itemId) || !REASONS.includes(String(parsed.reason)))
      return null;
    return { shopId: parsed.shopId!, itemId: parsed.itemId!, reason: parsed.reason! };
  } catch {
    return null;
  }
}

export interface ItemChangeLog {
  error: (details: object, message: string) => void;
}

export interface ItemChangeHearing {
  /** Stops listening (waits for the changes heard so far). */
  stop(): Promise<void>;
  /** Resolves once every change heard so far has been handed to the listeners. */
  settled(): Promise<void>;
}

/** Starts hearing committed item changes on `ctx.db` and telling onItemChanged, one change at a time. */
export async function hearItemChanges(
  ctx: ItemChangeContext,
  log: ItemChangeLog,
): Promise<ItemChangeHearing> {
  let queue: Promise<void> = Promise.resolve();
  const tell = async (change: ItemChange) => {
    for (const listener of onItemChanged) {
      try {
        await listener(change, ctx);
      } catch (error) {
        log.error({ err: error, ...change }, 'an item change listener failed');
      }
    }
  };
  const stopListening = await ctx.db.listen(ITEM_CHANGES_CHANNEL, {
    message: (payload) => {
      const change = parseItemChange(payload);
      if (change) queue = queue.then(() => tell(change));
    },
    live: () => undefined,
  });
  return {
    async stop() {
      await stopListening();
      await queue;
    },
    settled: () => queue,
  };
}
