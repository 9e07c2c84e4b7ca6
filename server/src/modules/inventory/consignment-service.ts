import {
  CONSIGNMENT_LEDGER_METHOD,
  CONSIGNMENT_LEDGER_SOURCE,
  CONSIGNMENT_NOT_RETURNABLE,
  CONSIGNMENT_SUPPLIER_UNKNOWN,
  CONSIGNMENT_WITH_TRANSACTIONS,
  NOT_CONSIGNMENT,
  type ConsignmentInput,
  type Item,
  type ItemRow,
  type ReturnToSupplier,
} from '@loupe/contracts';
import type { ConsignmentPayableRepos, InventoryContext } from './deps';
import { conflict, notFound } from '../../kernel/http-errors';
import { AMOUNT_RULE } from '../../kernel/money';
import type { ShopCaller } from '../../kernel/shop-scope';
import { ErrorBag, dateField, decimalField } from '../../kernel/validation';
import type { NewReversal } from '../../kernel/reversals';
import { auditView } from './common';

/** The consignment terms of an add, checked; errors keyed `consignment`, each naming its field. */
export interface ParsedConsignment {
  supplierId: number;
  agreedCost: string;
  returnBy: string | null;
  supplierRef: string;
}

const FIELD = 'consignment';

/** The nested object's field errors, listed under `consignment` with the field's name first. */
class NestedBag extends ErrorBag {
  constructor(private readonly outer: ErrorBag) {
    super();
  }

  override add(field: string, message: string): void {
    this.outer.add(FIELD, `${field}: ${message}`);
  }
}

/**
 * Reads `consignment` of ItemCreate (rules in contracts/src/stock-analytics.ts): null when absent. `supplierName`
 * is the shop's client of that id, or undefined when it is none of the shop's clients.
 */
export function parseConsignment(
  bag: ErrorBag,
  input: ConsignmentInput | undefined,
  transactionCount: number,
  supplierName: string | undefined,
): ParsedConsignment | null {
  if (input === undefined) return null;
  if (transactionCount > 0) bag.add('transactions', CONSIGNMENT_WITH_TRANSACTIONS);
  if (supplierName === undefined)
    bag.add(FIELD, `supplierId: ${CONSIGNMENT_SUPPLIER_UNKNOWN(input.supplierId)}`);
  const nested = new NestedBag(bag);
  const agreedCost = decimalField(nested, 'agreedCost', input.agreedCost, {
    ...AMOUNT_RULE,
    allowZero: true,
  });
  const returnBy = dateField(nested, 'returnBy', input.returnBy, null);
  return {
    supplierId: input.supplierId,
    agreedCost: agreedCost ?? '0',
    returnBy,
    supplierRef: (input.supplierRef ?? '').trim(),
  };
}

const describe = (item: ItemRow) => [item.brand, item.model].filter(Boolean).join(' ') || item.stockType;

/**
 * The sale of a consignment item makes the shop owe its supplier the agreed cost: one ledger entry in the
 * sale's transaction (GBP, source 'consignment' with the sale's id), remembered on the consignment so that a void
 * reverses exactly it. Nothing for the shop's own stock.
 */
export async function postConsignmentPayable(
  repos: ConsignmentPayableRepos,
  item: ItemRow,
  sale: { id: number; date: string },
  posted: { shopId: number; userId: number; at: Date },
): Promise<void> {
  const terms = await repos.consignments.find(posted.shopId, item.id);
  if (!terms) return;
  const entry = await repos.ledger.post({
    ...posted,
    clientId: terms.supplierId,
    amount: terms.agreedCost,
    currency: 'GBP',
    exchangeRate: '1',
    method: CONSIGNMENT_LEDGER_METHOD,
    date: sale.date,
    note: `Sold ${describe(item)} ${item.serial} (on consignment): agreed cost due`,
    source: { kind: CONSIGNMENT_LEDGER_SOURCE, id: sale.id },
  });
  await repos.consignments.setPayable(posted.shopId, item.id, entry.id);
}

/** Voiding that sale reverses the payable too (same day, reason and user as the sale's reversal). */
export async function reverseConsignmentPayable(
  repos: ConsignmentPayableRepos,
  itemId: number,
  reversal: Omit<NewReversal, 'originalId' | 'notes'>,
): Promise<void> {
  const terms = await repos.consignments.find(reversal.shopId, itemId);
  if (!terms || terms.payableEntryId === null) return;
  await repos.ledger.postReversal(terms.supplierId, {
    ...reversal,
    originalId: terms.payableEntryId,
    notes:
      `Voided: consignment payable ${terms.payableEntryId} (the sale was voided). ${reversal.reason}`.trim(),
  });
  await repos.consignments.setPayable(reversal.shopId, itemId, null);
}

/** Return to supplier: an available consignment item goes back; it is no longer stock of any kind. */
export class ConsignmentService {
  constructor(private readonly ctx: InventoryContext) {}

  async returnToSupplier({ shopId, userId }: ShopCaller, id: number, body: ReturnToSupplier): Promise<Item> {
    const now = this.ctx.now();
    const note = (body.note ?? '').trim();
    return this.ctx.transaction(async (repos) => {
      const before = await repos.items.find(shopId, id, true);
      if (!before) throw notFound();
      if (!before.consignment) throw conflict(NOT_CONSIGNMENT);
      if (before.status !== 'available' || before.consignment.returnedAt !== null) {
        throw conflict(CONSIGNMENT_NOT_RETURNABLE);
      }
      await repos.consignments.markReturned(shopId, id, userId, note, now);
      await repos.items.setStatus(shopId, id, 'unavailable', now);
      const after = (await repos.items.find(shopId, id)) as Item;
      await repos.audit.record({
        shopId,
        userId,
        entity: 'item',
        entityId: id,
        action: 'return_to_supplier',
        before: auditView(before),
        after: { ...auditView(after), note, clientId: before.consignment.supplierId },
        at: now,
      });
      return after;
    });
  }
}
