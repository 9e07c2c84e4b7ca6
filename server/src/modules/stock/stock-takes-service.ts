import {
  STOCK_TAKE_ALREADY_CLOSED,
  STOCK_TAKE_CLOSED,
  STOCK_TAKE_FOLLOWED_UP,
  STOCK_TAKE_ITEM_NOT_AVAILABLE,
  STOCK_TAKE_NOT_ALLOWED,
  STOCK_TAKE_NOT_CLOSED,
  stockTakeScopeLabel,
  type Item,
  type StockTake,
  type StockTakeCreate,
  type StockTakeLine,
  type StockTakeScanResult,
  type UnexpectedReason,
} from '@loupe/contracts';
import type { StockContext } from './deps';
import { BLANK, conflict, fieldErrors, notFound } from '../../kernel/http-errors';
import { requireAction, type ShopCaller } from '../../kernel/shop-scope';
import { auditView } from '../inventory';
import type { ScanScope, ScannedItem, StockTakeRecord } from './stock-takes-repository';

/** Closing a count and acting on its differences: platinum and gold (stock-takes.ts). */
function mayClose(caller: ShopCaller) {
  requireAction(caller, 'closeStockTake', STOCK_TAKE_NOT_ALLOWED);
}

const nameOf = (take: StockTakeRecord) =>
  `Stock Take #${take.id} (${stockTakeScopeLabel({ stockType: take.stockType, location: take.location })})`;

/** Found, or why not: the order of the contract's rule (status first, then the count's scope). */
function outcomeOf(
  take: ScanScope,
  item: ScannedItem | null,
): { outcome: 'found' } | { outcome: 'unexpected'; reason: UnexpectedReason } {
  if (!item) return { outcome: 'unexpected', reason: 'not_in_loupe' };
  if (item.status === 'sold') return { outcome: 'unexpected', reason: 'sold' };
  if (item.status === 'checked_out') return { outcome: 'unexpected', reason: 'checked_out' };
  if (item.status === 'unavailable') return { outcome: 'unexpected', reason: 'unavailable' };
  const inScope =
    (take.stockType === null || item.stockType === take.stockType) &&
    (take.location === null || item.location === take.location);
  return inScope ? { outcome: 'found' } : { outcome: 'unexpected', reason: 'out_of_scope' };
}

export class StockTakesService {
  constructor(private readonly ctx: StockContext) {}

  /** The shop's count, or 404. */
  async existing(shopId: number, id: number): Promise<StockTakeRecord> {
    const take = await this.ctx.repos.stockTakes.find(shopId, id);
    if (!take) throw notFound();
    return take;
  }

  async start({ shopId, userId }: ShopCaller, body: StockTakeCreate): Promise<StockTake> {
    const stockType = body.scope?.stockType ?? null;
    const location =
      body.scope?.location === undefined || body.scope.location === null ? null : body.scope.location.trim();
    const now = this.ctx.now();
    return this.ctx.transaction(async ({ stockTakes, audit }) => {
      const id = await stockTakes.insert(shopId, { stockType, location }, userId, now);
      const take = (await stockTakes.find(shopId, id)) as StockTakeRecord;
      await audit.record({
        shopId,
        userId,
        entity: 'stock_take',
        entityId: id,
        action: 'start',
        after: { stockType, location },
        recordName: nameOf(take),
        at: now,
      });
      return stockTakes.view(take);
    });
  }

  /**
   * One scan. The count is read with a shared lock, so scans run side by side while a close waits for them
   * (and a scan after it sees the count closed); the unique (count, serial) key decides duplicates.
   */
  async scan({ shopId, userId }: ShopCaller, id: number, serialIn: string): Promise<StockTakeScanResult> {
    const serial = serialIn.trim();
    if (serial === '') throw fieldErrors({ serial: [BLANK] });
    const now = this.ctx.now();
    const { line, duplicate } = await this.ctx.transaction(async ({ stockTakes }) => {
      const take = await stockTakes.lockForScan(shopId, id);
      if (!take) throw notFound();
      if (take.status === 'closed') throw conflict(STOCK_TAKE_CLOSED);
      const item = await stockTakes.itemBySerial(shopId, serial);
      const decided = outcomeOf(take, item);
      return stockTakes.addScan(take.id, {
        serial,
        outcome: decided.outcome,
        itemId: item?.id ?? null,
        brand: item?.brand ?? '',
        model: item?.model ?? '',
        stockType: item?.stockType ?? null,
        location: item?.location ?? '',
        itemStatus: item?.status ?? null,
        reason: decided.outcome === 'unexpected' ? decided.reason : null,
        clientName:
          decided.outcome === 'unexpected' && decided.reason === 'checked_out'
            ? (item?.clientName ?? null)
            : null,
        userId,
        at: now,
      });
    });
    // The count was open when the scan was stored: its figures are live ones.
    const counts = await this.ctx.repos.stockTakes.counts({ id, frozen: null });
    return { outcome: line.outcome === 'found' ? 'found' : 'unexpected', duplicate, line, counts };
  }

  async close(caller: ShopCaller, id: number): Promise<StockTake> {
    mayClose(caller);
    const { shopId, userId } = caller;
    const now = this.ctx.now();
    return this.ctx.transaction(async ({ stockTakes, audit }) => {
      const take = await stockTakes.find(shopId, id, true);
      if (!take) throw notFound();
      if (take.status === 'closed') throw conflict(STOCK_TAKE_ALREADY_CLOSED);
      await stockTakes.close(take, userId, now);
      const closed = (await stockTakes.find(shopId, id)) as StockTakeRecord;
      const view = await stockTakes.view(closed);
      await audit.record({
        shopId,
        userId,
        entity: 'stock_take',
        entityId: id,
        action: 'close',
        after: view.counts,
        recordName: nameOf(closed),
        at: now,
      });
      return view;
    });
  }

  /** Marks a missing item of a closed count unavailable, with the reason; the line records the follow-up. */
  async markUnavailable(
    caller: ShopCaller,
    id: number,
    itemId: number,
    reasonIn: string,
  ): Promise<StockTakeLine> {
    mayClose(caller);
    const { shopId, userId } = caller;
    const reason = reasonIn.trim();
    if (reason === '') throw fieldErrors({ reason: [BLANK] });
    const now = this.ctx.now();
    return this.ctx.transaction(async ({ stockTakes, items, audit }) => {
      const take = await stockTakes.find(shopId, id, true);
      if (!take) throw notFound();
      if (take.status === 'open') throw conflict(STOCK_TAKE_NOT_CLOSED);
      const line = await stockTakes.missingLine(take.id, itemId);
      if (!line) throw notFound();
      if (line.followedUp) throw conflict(STOCK_TAKE_FOLLOWED_UP);
      const before = await items.find(shopId, itemId, true);
      if (!before) throw notFound();
      if (before.status !== 'available') throw conflict(STOCK_TAKE_ITEM_NOT_AVAILABLE);
      await items.setStatus(shopId, itemId, 'unavailable', now);
      const after = (await items.find(shopId, itemId)) as Item;
      await audit.record({
        shopId,
        userId,
        entity: 'item',
        entityId: itemId,
        action: 'mark_unavailable',
        before: auditView(before),
        after: { ...auditView(after), reason, stockTakeId: take.id },
        at: now,
      });
      return stockTakes.recordFollowUp(take.id, line.serial, reason, userId, now);
    });
  }
}
