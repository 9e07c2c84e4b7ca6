import type { Item, StockType, VatScheme } from '@loupe/contracts';
import type { AuditRepository } from '../audit';
import { auditView } from './common';
import type { AttributeChanges, ItemsRepository } from './items-repository';

/** One item another module's transaction adds to stock (a buy-in's line): fields already checked by it. */
export interface NewStockItem {
  serial: string;
  stockType: StockType;
  brand?: string;
  model?: string;
  description?: string;
  /** The day it was bought (the stock book's purchase date). */
  purchasedOn: string;
  /** What the shop paid for it, in pounds, as exact decimal text ("8000.00"); default 0. */
  purchasePrice?: string;
  tradePrice?: string | null;
  retailPrice?: string | null;
  location?: string;
  /** Default 'margin' (second-hand stock). */
  vatScheme?: VatScheme;
  /** Those recorded at intake (item-attributes.ts), e.g. `{ conditionGrade: 'excellent', box: true }`. */
  attributes?: AttributeChanges;
}

/**
 * Adds `items` to the shop's stock inside the caller's transaction (`repos`: the repositories bound to it) and
 * returns each one's id and stock number, in input order. Each gets the next number of the shop's gap-free
 * sequence (migration 021): numbers taken by a transaction that rolls back are given back, and concurrent
 * creates in the shop wait for this transaction to end. Each add is recorded in the audit trail as the item's
 * 'create'. The caller checks the fields first (item-input's parseItemFields does for the item form); a serial
 * the shop already has is a unique violation (constraint items_shop_serial_key) that aborts the transaction.
 */
export async function createStockItems(
  repos: { items: ItemsRepository; audit: AuditRepository },
  caller: { shopId: number; userId: number },
  items: readonly NewStockItem[],
  at: Date,
): Promise<Array<{ id: number; stockNumber: number }>> {
  const { shopId, userId } = caller;
  const created: Array<{ id: number; stockNumber: number }> = [];
  for (const item of items) {
    const numbered = await repos.items.insertNumbered({
      shopId,
      userId,
      at,
      serial: item.serial,
      stockType: item.stockType,
      brand: item.brand ?? '',
      model: item.model ?? '',
      description: item.description ?? '',
      tradePrice: item.tradePrice ?? null,
      retailPrice: item.retailPrice ?? null,
      status: 'available',
      purchasedOn: item.purchasedOn,
      location: item.location,
      vatScheme: item.vatScheme,
      attributes: item.attributes,
    });
    if (item.purchasePrice !== undefined) {
      await repos.items.setPurchasePrice(shopId, numbered.id, item.purchasePrice);
    }
    const after = (await repos.items.find(shopId, numbered.id)) as Item;
    await repos.audit.record({
      shopId,
      userId,
      entity: 'item',
      entityId: numbered.id,
      action: 'create',
      after: auditView(after),
      at,
    });
    created.push(numbered);
  }
  return created;
}
