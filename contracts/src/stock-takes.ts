import { Type, type Static } from '@sinclair/typebox';
import { Choice, ListOf, Nullable, PagingQuery, Text } from './common';
import { ITEM_STATUSES, STOCK_TYPES } from './constants';
import {
  ITEM_LOCATION_MAX,
  SCAN_OUTCOMES,
  STOCK_TAKE_OUTCOMES,
  STOCK_TAKE_STATUSES,
  UNEXPECTED_REASONS,
} from './stock-take-messages';

/*
 * Stock-take (issue 14). Endpoints: `endpoints.stockTakes` and `items.bySerial` (endpoints.ts).
 *
 * WHO — any member of the shop starts a count, reads it and scans into it. Closing it and the follow-ups
 * (mark a missing item unavailable) are for platinum and gold: silver gets 403 STOCK_TAKE_NOT_ALLOWED.
 * Another shop's count or item id is a 404. Start, close and every follow-up are audited (entities
 * 'stock_take' and 'item').
 *
 * SCOPE — a count covers the whole shop, or the items of one stock type and/or one location (an item's
 * `location`, exact text; '' stands for items with no location). Several counts may be open at once, even of
 * the same scope: each is its own.
 *
 * FIGURES — "in stock" means status available or reserved (held in the shop for a layaway, issue 20): a
 * checked-out item is with a client (not on the premises), a sold or unavailable one is not stock. Let E be
 * the items in scope that are in stock now (an open count) or
 * were at closing (a closed one), F the items found and S every item a scan of the count named. Then
 *   found      = |F|   (scans of an item that was available and in scope when it was scanned)
 *   missing    = |E \ S|   (an item scanned while it was out, and back in stock since, was seen: not missing)
 *   expected   = found + missing   (a found item stays expected even if it is sold while the count is open)
 *   unexpected = the scans that found no expected item, each with its reason, decided when it was scanned:
 *                'not_in_loupe' (no item of the shop has the serial), 'sold', 'checked_out' (to whom),
 *                'unavailable', 'out_of_scope' (available but of another stock type or location).
 *
 * SCANS — `POST /api/stock-takes/{id}/scans/` {serial}: trimmed, then matched exactly (case-sensitive, as the
 * items' serial uniqueness is). A serial already scanned into the count is not counted again: the answer
 * says duplicate: true with the first scan's line (200 instead of 201). Each (count, serial) is stored once
 * (a unique key, insert-or-nothing), so any number of staff scanning at once lose no scan and count none twice.
 * A closed count answers 409 STOCK_TAKE_CLOSED. A blank serial is 400 {"serial": ["This field may not be blank."]}.
 *
 * CLOSE — `POST /api/stock-takes/{id}/close/` freezes the result: the missing items are saved as lines, the
 * figures are stored, with who closed it and when and everyone who scanned (countedBy). Nothing about the
 * stock changes by itself; a sale after closing changes no figure. 409 STOCK_TAKE_ALREADY_CLOSED when closed.
 *
 * VARIANCE REPORT — of a closed count only (409 STOCK_TAKE_NOT_CLOSED before): `GET …/variance/csv/` (text/csv,
 * "stock-take-{id}-variance.csv"; one row per missing then unexpected line, then found; a cell beginning with
 * = + - @ tab or CR is prefixed with ' so a spreadsheet shows it as text) and `GET …/variance/pdf/`
 * (application/pdf, "stock-take-{id}-variance.pdf": scope, who started, counted and closed it and when, the
 * figures, the missing and the unexpected lines with reasons and follow-ups).
 *
 * FOLLOW-UPS — explicit, one at a time, of a closed count (409 STOCK_TAKE_NOT_CLOSED before):
 *   `POST …/missing/{itemId}/mark-unavailable/` {reason} — the item must be a missing line of the count (404
 *   otherwise) and still available (409 STOCK_TAKE_ITEM_NOT_AVAILABLE); it becomes unavailable, the line
 *   records the follow-up (409 STOCK_TAKE_FOLLOWED_UP for a second one). reason: required, ≤ 500.
 *   An unexpected line's follow-up is opening the item (the line's itemId) or adding one with the serial
 *   (itemId null): a link in the page, nothing to post.
 */

export const StockTypeChoice = Choice(STOCK_TYPES);

export const StockTakeScope = Type.Object({
  /** null: every stock type. */
  stockType: Nullable(StockTypeChoice),
  /** null: every location; '' the items with no location. */
  location: Nullable(Type.String()),
});
export type StockTakeScope = Static<typeof StockTakeScope>;

export const StockTakeCounts = Type.Object({
  expected: Type.Integer({ minimum: 0 }),
  found: Type.Integer({ minimum: 0 }),
  missing: Type.Integer({ minimum: 0 }),
  unexpected: Type.Integer({ minimum: 0 }),
});
export type StockTakeCounts = Static<typeof StockTakeCounts>;

/** `GET /api/stock-takes/{id}/`, a list row, and the answer of start and close. */
export const StockTake = Type.Object({
  id: Type.Integer(),
  status: Choice(STOCK_TAKE_STATUSES),
  scope: StockTakeScope,
  /** stockTakeScopeLabel(scope): "Whole shop", "Watches in Safe 1". */
  scopeLabel: Type.String(),
  /** ISO 8601. */
  startedAt: Type.String(),
  startedBy: Nullable(Type.String()),
  closedAt: Nullable(Type.String()),
  closedBy: Nullable(Type.String()),
  /** Everyone who scanned into the count, by name, in the order of their first scan. */
  countedBy: Type.Array(Type.String()),
  /** Live while open, frozen at closing (the rules at the top). */
  counts: StockTakeCounts,
});
export type StockTake = Static<typeof StockTake>;

export const StockTakeList = ListOf(StockTake);
export type StockTakeList = Static<typeof StockTakeList>;

/** `GET /api/stock-takes/`: newest first, open and closed; `status` narrows to one. */
export const StockTakeQuery = Type.Object(
  {
    ...PagingQuery,
    status: Type.Optional(Choice(STOCK_TAKE_STATUSES)),
  },
  { additionalProperties: false },
);
export type StockTakeQuery = Static<typeof StockTakeQuery>;

/** `POST /api/stock-takes/` → 201 StockTake (open). Omitted or null fields: no narrowing. */
export const StockTakeCreate = Type.Object(
  {
    scope: Type.Optional(
      Type.Object(
        {
          stockType: Type.Optional(Nullable(StockTypeChoice)),
          /** Trimmed; '' counts the items with no location. */
          location: Type.Optional(Nullable(Text({ maxLength: ITEM_LOCATION_MAX }))),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type StockTakeCreate = Static<typeof StockTakeCreate>;

/** What was done about a line after closing. */
export const StockTakeFollowUp = Type.Object({
  action: Type.Literal('marked_unavailable'),
  reason: Type.String(),
  by: Nullable(Type.String()),
  /** ISO 8601. */
  at: Type.String(),
});
export type StockTakeFollowUp = Static<typeof StockTakeFollowUp>;

/**
 * One line of a count. Item fields are as they were when the line was made (a scan, or the closing for a
 * missing line of a closed count; live for an open count's missing lines). A serial Loupe does not know has
 * itemId null and blank item fields.
 */
export const StockTakeLine = Type.Object({
  outcome: Choice(STOCK_TAKE_OUTCOMES),
  serial: Type.String(),
  itemId: Nullable(Type.Integer()),
  brand: Type.String(),
  model: Type.String(),
  stockType: Nullable(StockTypeChoice),
  location: Type.String(),
  status: Nullable(Choice(ITEM_STATUSES)),
  /** Unexpected lines only (null otherwise). */
  reason: Nullable(Choice(UNEXPECTED_REASONS)),
  /** unexpectedReasonText(reason, clientName): "Checked out to Ada Lovelace"; '' for found and missing. */
  reasonText: Type.String(),
  /** Who scanned it and when (null for a missing line). */
  scannedBy: Nullable(Type.String()),
  scannedAt: Nullable(Type.String()),
  followUp: Nullable(StockTakeFollowUp),
});
export type StockTakeLine = Static<typeof StockTakeLine>;

export const StockTakeLineList = ListOf(StockTakeLine);
export type StockTakeLineList = Static<typeof StockTakeLineList>;

/**
 * `GET /api/stock-takes/{id}/lines/?outcome=…` (outcome required). Order: found and unexpected newest scan
 * first; missing by brand, model, serial.
 */
export const StockTakeLineQuery = Type.Object(
  {
    ...PagingQuery,
    outcome: Choice(STOCK_TAKE_OUTCOMES),
  },
  { additionalProperties: false },
);
export type StockTakeLineQuery = Static<typeof StockTakeLineQuery>;

export const StockTakeScanCreate = Type.Object(
  { serial: Text({ maxLength: 100 }) },
  { additionalProperties: false },
);
export type StockTakeScanCreate = Static<typeof StockTakeScanCreate>;

/** 201 for a new scan, 200 for a duplicate (its first scan's line). counts: the figures after this scan. */
export const StockTakeScanResult = Type.Object({
  outcome: Choice(SCAN_OUTCOMES),
  duplicate: Type.Boolean(),
  line: StockTakeLine,
  counts: StockTakeCounts,
});
export type StockTakeScanResult = Static<typeof StockTakeScanResult>;

export const StockTakeMarkUnavailable = Type.Object(
  { reason: Text({ maxLength: 500 }) },
  { additionalProperties: false },
);
export type StockTakeMarkUnavailable = Static<typeof StockTakeMarkUnavailable>;

/**
 * `GET /api/items/by-serial/?serial=X` → the ItemRow of the shop's item with exactly that serial (trimmed),
 * or, when no serial is exactly X, the item whose stock number X names ("1042", "#1042": stockNumberOf in
 * item-attributes.ts; issue 22), or 404 {"detail": noItemWithSerial(X)}: the top bar's scanner (a keyboard-wedge
 * scanner types the serial and Enter, the camera button decodes a label's QR code).
 */
export const ItemBySerialQuery = Type.Object(
  { serial: Text({ maxLength: 100 }) },
  { additionalProperties: false },
);
export type ItemBySerialQuery = Static<typeof ItemBySerialQuery>;
