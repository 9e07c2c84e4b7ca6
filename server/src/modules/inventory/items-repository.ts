import type {
  ConditionGrade,
  InventorySummary,
  ItemAttributeValues,
  Metal,
  Movement,
  Item,
  ItemImage,
  ItemOrdering,
  ItemRow,
  ItemStatus,
  ItemTransaction,
  PaymentMethod,
  StockType,
  TransactionType,
  VatScheme,
} from '@loupe/contracts';
import type { QueryOptions, Queryable } from '../../db/database';
import type { Currency } from '../../kernel/money';
import { type ExpectedVersion, lastChange, versionCondition } from '../../kernel/record-versions';
import { moneyOut } from '../../kernel/money';
import { dayInZone } from '../../kernel/pdf';
import { standingSale } from './item-sales-repository';
import { announceItemChange } from './item-changes';

/** The list filters, already validated and normalised (decimal strings for the price bounds). */
export interface ItemFilter {
  stockType?: StockType;
  statuses?: ItemStatus[];
  brand?: string;
  model?: string;
  minPrice?: string;
  maxPrice?: string;
  /** Lower-cased serial prefix. */
  serialPrefix?: string;
  /** With serialPrefix: an item of this stock number matches too (a search of digits only). */
  stockNumber?: number;
  /** Lower-cased text the reference number contains. */
  reference?: string;
  conditionGrade?: ConditionGrade;
  box?: boolean;
  papers?: boolean;
  metal?: Metal;
  /** Items currently checked out to this client. */
  clientId?: number;
  promoted?: boolean;
  /** true: items received on consignment; false: the shop's own stock. */
  consignment?: boolean;
  /** Exact location (issue 14's stock-take scope). */
  location?: string;
}

export interface NewItem {
  shopId: number;
  serial: string;
  stockType: StockType;
  brand: string;
  model: string;
  description: string;
  tradePrice: string | null;
  retailPrice: string | null;
  status: ItemStatus;
  purchasedOn: string;
  /** Where it is kept ('' when not given). */
  location?: string;
  /** Issue 13: default margin (second-hand stock). */
  vatScheme?: VatScheme;
  /** Issue 22: those recorded (the others stay '' or null). */
  attributes?: AttributeChanges;
  userId: number;
  at: Date;
}

/** Attributes as stored: decimals as exact decimal text. Only those given are written. */
export type AttributeChanges = Partial<Omit<ItemAttributeValues, 'caseDiameterMm' | 'weightGrams'>> & {
  caseDiameterMm?: string | null;
  weightGrams?: string | null;
};

/** Each attribute's column (migration 021). */
const ATTRIBUTE_COLUMNS: ReadonlyArray<[keyof ItemAttributeValues, string, string]> = [
  ['referenceNumber', 'reference_number', 'varchar'],
  ['year', 'year', 'smallint'],
  ['box', 'box', 'boolean'],
  ['papers', 'papers', 'boolean'],
  ['caseMaterial', 'case_material', 'varchar'],
  ['caseDiameterMm', 'case_diameter_mm', 'numeric'],
  ['dial', 'dial', 'varchar'],
  ['movement', 'movement', 'varchar'],
  ['conditionGrade', 'condition_grade', 'varchar'],
  ['metal', 'metal', 'varchar'],
  ['fineness', 'fineness', 'smallint'],
  ['weightGrams', 'weight_grams', 'numeric'],
  ['hallmark', 'hallmark', 'varchar'],
  ['stones', 'stones', 'text'],
];

/**
 * The columns of the attributes given and their placeholders, parameters numbered from `first`: an attribute
 * left out is not written (an edit keeps it; an add leaves its default).
 */
function attributeAssignments(changes: AttributeChanges | undefined, first: number) {
  const columns: string[] = [];
  const values: string[] = [];
  const params: unknown[] = [];
  for (const [name, column, type] of ATTRIBUTE_COLUMNS) {
    if (changes === undefined || !(name in changes)) continue;
    params.push(changes[name] ?? null);
    columns.push(column);
    values.push(`$${first + params.length - 1}::${type}`);
  }
  return { columns, values, sets: columns.map((column, i) => `${column} = ${values[i]}`), params };
}

export interface NewTransaction {
  type: TransactionType;
  amount: string;
  currency: Currency;
  exchangeRate: string;
  feePercent: string;
  clientId: number | null;
  /** How a cash line was paid (issue 22: its purchase document's payment, and the AML guard's 'Cash'); null on credit/debt. */
  method?: PaymentMethod | null;
}

export interface ItemChanges {
  serial: string;
  stockType: StockType;
  brand: string;
  model: string;
  description: string;
  purchasedOn: string;
  /** Trimmed; undefined on an edit that does not send it (the location stays). */
  location?: string;
  /** Issue 13: margin (default on add) or standard; undefined on an edit that does not send it. */
  vatScheme?: VatScheme;
  /** Issue 22: the attributes sent (an edit keeps those left out). */
  attributes?: AttributeChanges;
}

export interface StoredImage extends ItemImage {
  storageKey: string;
}

interface RowRecord {
  id: number;
  stock_number: number;
  reference_number: string;
  year: number | null;
  box: boolean | null;
  papers: boolean | null;
  case_material: string;
  case_diameter_mm: string | null;
  dial: string;
  movement: Movement | null;
  condition_grade: ConditionGrade | null;
  metal: Metal | '';
  fineness: number | null;
  weight_grams: string | null;
  hallmark: string;
  stones: string;
  serial: string;
  stock_type: StockType;
  brand: string;
  model: string;
  description: string;
  purchase_price: string;
  trade_price: string | null;
  retail_price: string | null;
  status: ItemStatus;
  purchased_on: string;
  promoted_at: Date | string | null;
  promotion_price: string | null;
  promotion_note: string;
  created_at: Date | string;
  updated_at: Date | string;
  version: number;
  vat_scheme: VatScheme;
  location: string;
  checkout_id: number | null;
  checkout_agreed_price: string | null;
  checkout_client_id: number | null;
  checkout_client_name: string | null;
  checkout_due_date: string | null;
  checkout_note: string | null;
  checkout_at: Date | string | null;
  image_id: number | null;
  timezone: string;
  sold_on: string | null;
  consignment_supplier_id: number | null;
  consignment_supplier_name: string | null;
  consignment_agreed_cost: string | null;
  consignment_return_by: string | null;
  consignment_supplier_ref: string | null;
  consignment_returned_at: Date | string | null;
}

/** Whole days from one calendar day (YYYY-MM-DD) to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Days in stock (the rule in contracts/src/stock-analytics.ts): to the sale, the return, or today. */
function daysInStock(r: RowRecord, today: string): number {
  const until =
    r.status === 'sold' && r.sold_on !== null
      ? r.sold_on
      : r.consignment_returned_at !== null
        ? dayInZone(r.consignment_returned_at, r.timezone)
        : today;
  return Math.max(0, daysBetween(r.purchased_on, until));
}

/**
 * The shop's own stock: an item received on consignment (issue 14) is not, and no stock value counts it. For a
 * FROM clause that names the item `item` (default `i`).
 */
export const notConsigned = (item = 'i') =>
  `NOT EXISTS (SELECT 1 FROM consignments co WHERE co.item_id = ${item}.id)`;
const NOT_CONSIGNED = notConsigned();

/** node-postgres hands timestamps over as Dates already: no second Date for each (PGlite's JSON rows: strings). */
const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();
const moneyOrNull = (value: string | null): number | null => (value === null ? null : moneyOut(value));

/**
 * Today in a shop's zone at `now`, worked out once per zone: a page's rows are one shop's (issue 26's CPU profile
 * of the stock page: formatting today's date again for each of its 25 rows was 5.6% of the API's time).
 */
function todayAt(now: Date): (timeZone: string) => string {
  const days = new Map<string, string>();
  return (timeZone) => {
    let day = days.get(timeZone);
    if (day === undefined) {
      day = dayInZone(now, timeZone);
      days.set(timeZone, day);
    }
    return day;
  };
}

function toRow(r: RowRecord, todayIn: (timeZone: string) => string): ItemRow {
  const retail = moneyOrNull(r.retail_price);
  const today = todayIn(r.timezone);
  return {
    id: r.id,
    stockNumber: r.stock_number,
    serial: r.serial,
    stockType: r.stock_type,
    brand: r.brand,
    model: r.model,
    description: r.description,
    purchasePrice: moneyOut(r.purchase_price),
    tradePrice: moneyOrNull(r.trade_price),
    retailPrice: retail,
    listingPrice: retail,
    status: r.status,
    purchasedOn: r.purchased_on,
    vatScheme: r.vat_scheme,
    location: r.location,
    checkout:
      r.checkout_id === null || r.checkout_client_id === null || r.checkout_at === null
        ? null
        : {
            id: r.checkout_id,
            agreedPrice: moneyOrNull(r.checkout_agreed_price),
            clientId: r.checkout_client_id,
            clientName: r.checkout_client_name ?? '',
            dueDate: r.checkout_due_date,
            note: r.checkout_note ?? '',
            checkedOutAt: iso(r.checkout_at),
          },
    promotion:
      r.promoted_at === null
        ? null
        : {
            price: moneyOrNull(r.promotion_price),
            note: r.promotion_note,
            promotedAt: iso(r.promoted_at),
          },
    daysInStock: daysInStock(r, today),
    consignment:
      r.consignment_supplier_id === null
        ? null
        : {
            supplierId: r.consignment_supplier_id,
            supplierName: r.consignment_supplier_name ?? '',
            agreedCost: moneyOut(r.consignment_agreed_cost ?? '0'),
            returnBy: r.consignment_return_by,
            supplierRef: r.consignment_supplier_ref ?? '',
            returnedAt: r.consignment_returned_at === null ? null : iso(r.consignment_returned_at),
            overdue:
              r.consignment_returned_at === null &&
              r.status !== 'sold' &&
              r.consignment_return_by !== null &&
              r.consignment_return_by < today,
          },
    imageId: r.image_id,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    version: r.version,
    referenceNumber: r.reference_number,
    year: r.year,
    box: r.box,
    papers: r.papers,
    caseMaterial: r.case_material,
    caseDiameterMm: r.case_diameter_mm === null ? null : Number(r.case_diameter_mm),
    dial: r.dial,
    movement: r.movement,
    conditionGrade: r.condition_grade,
    metal: r.metal,
    fineness: r.fineness,
    weightGrams: r.weight_grams === null ? null : Number(r.weight_grams),
    hallmark: r.hallmark,
    stones: r.stones,
  };
}

/** Columns of a row, for rowsWhereId's FROM clause (the item is `i`); the page's extras per row. */
const ROW_SELECT = `
  i.id, i.stock_number, i.reference_number, i.year, i.box, i.papers, i.case_material,
  i.case_diameter_mm::text AS case_diameter_mm, i.dial, i.movement, i.condition_grade, i.metal, i.fineness,
  i.weight_grams::text AS weight_grams, i.hallmark, i.stones, i.serial, i.stock_type, i.brand, i.model, i.description,
  i.purchase_price::text AS purchase_price, i.trade_price::text AS trade_price,
  i.retail_price::text AS retail_price, i.status, i.purchased_on::text AS purchased_on,
  i.promoted_at, i.promotion_price::text AS promotion_price, i.promotion_note, i.created_at, i.updated_at,
  i.version, i.vat_scheme, i.location, c.id AS checkout_id, c.agreed_price::text AS checkout_agreed_price,
  c.client_id AS checkout_client_id, cl.name AS checkout_client_name, c.due_date::text AS checkout_due_date,
  c.note AS checkout_note, c.checked_out_at AS checkout_at,
  im.image_id,
  sh.timezone,
  CASE WHEN i.status = 'sold' THEN
    (SELECT s.sale_date::text FROM sale_records s
      WHERE s.item_id = i.id AND s.reversal_of IS NULL
        AND NOT EXISTS (SELECT 1 FROM sale_records r WHERE r.reversal_of = s.id)
      ORDER BY s.id DESC LIMIT 1) END AS sold_on,
  co.supplier_id AS consignment_supplier_id, sup.name AS consignment_supplier_name,
  co.agreed_cost::text AS consignment_agreed_cost, co.return_by::text AS consignment_return_by,
  co.supplier_ref AS consignment_supplier_ref, co.returned_at AS consignment_returned_at`;
/**
 * The rows of the shop ($1) whose ids meet `ids`, a condition on an item id ($2: `= $2`, `= ANY($2::int[])`).
 * The same condition picks the rows' first photos in one read of item_images for the whole page. A sub-select for
 * each row (what this was) read the table once per item: on the embedded database every read of a table asks the
 * file system its size (an fstat through PGlite's file layer, ~10 µs), 50 of the ~114 a page of 50 asked. The
 * open check-outs are read by the same condition too: on `c.item_id = i.id` alone the statement's plan (prepared, so
 * for any ids) read and hashed every open check-out of every shop (2,006 at the bench's 100,000 items) for each page.
 */
const rowsWhereId = (ids: string) => `SELECT ${ROW_SELECT} FROM items i
  LEFT JOIN (SELECT item_id, min(id) AS image_id FROM item_images WHERE item_id ${ids} GROUP BY item_id) im
    ON im.item_id = i.id
  JOIN shop_directory sh ON sh.id = i.shop_id
  LEFT JOIN checkouts c ON c.item_id = i.id AND c.returned_at IS NULL AND c.item_id ${ids}
  LEFT JOIN client_directory cl ON cl.id = c.client_id
  LEFT JOIN consignments co ON co.item_id = i.id
  LEFT JOIN client_directory sup ON sup.id = co.supplier_id
  WHERE i.shop_id = $1 AND i.id ${ids}`;

/**
 * ORDER BY for each public ordering. "created_at" is the order items were added, which is id order (ids are
 * handed out as items are inserted): every list index ends in id, so the common pages need no sort.
 */
const ORDER_BY: Record<ItemOrdering, string> = {
  created_at: 'i.id',
  '-created_at': 'i.id DESC',
  serial: 'i.serial, i.id',
  '-serial': 'i.serial DESC, i.id DESC',
  purchase_price: 'i.purchase_price, i.id',
  '-purchase_price': 'i.purchase_price DESC, i.id DESC',
  listing_price: 'i.retail_price NULLS LAST, i.id',
  '-listing_price': 'i.retail_price DESC NULLS LAST, i.id DESC',
  purchased_on: 'i.purchased_on, i.id',
  '-purchased_on': 'i.purchased_on DESC, i.id DESC',
  brand: 'i.brand, i.model, i.id',
  '-brand': 'i.brand DESC, i.model DESC, i.id DESC',
  // The open check-out's due date, from ORDER_JOINS' `d`.
  due_date: 'd.due_date NULLS LAST, i.id',
  '-due_date': 'd.due_date DESC NULLS LAST, i.id DESC',
  // Fewest days first is the latest purchase first: the purchase-date index read backwards.
  days_in_stock: 'i.purchased_on DESC, i.id DESC',
  '-days_in_stock': 'i.purchased_on, i.id',
};

/**
 * What an ordering reads beside the item, joined into the statement that picks a page's ids. The open check-out
 * (at most one per item: checkouts_one_open_per_item) is joined once, not looked up for each item by a sub-select
 * in ORDER BY. Issue 26's 100,000-item bench, "checked out, by due date": the sub-select probed the check-outs'
 * index once for each of the 2,006 items (6,040 buffers read on PGlite); a hash join of the same rows reads 41.
 */
const OPEN_CHECKOUT = 'LEFT JOIN checkouts d ON d.item_id = i.id AND d.returned_at IS NULL';
const ORDER_JOINS: Partial<Record<ItemOrdering, string>> = {
  due_date: OPEN_CHECKOUT,
  '-due_date': OPEN_CHECKOUT,
};

/** The FROM clause of the statement that picks a page's ids in `ordering` (the item is `i`). */
const pageFrom = (ordering: ItemOrdering) => `FROM items i ${ORDER_JOINS[ordering] ?? ''}`;

/**
 * From how far down a page of the stock screens' filters in id order is picked by the kept counts' blocks
 * (migration 044, `seekingPage`) instead of by walking every entry before it: from about there the walk costs
 * more than adding up the blocks' counts (a block's row per 4,096 ids of each type and status) and walking one
 * block.
 */
export const SEEK_FROM_OFFSET = 2000;

/** The orderings that are id order (items are numbered as they are added), and which way each reads. */
const SEEK_DIRECTION: Partial<Record<ItemOrdering, 'ASC' | 'DESC'>> = {
  created_at: 'ASC',
  '-created_at': 'DESC',
};

/**
 * The statement that picks a page of the items meeting `where` (on `i`, its parameters $1..$n), in id order
 * `direction`, $n+1 items from the ($n+2)th, with `total`: `keptWhere` is the same conditions on the kept counts
 * (`ic`). The kept counts' blocks, added up in the page's direction, name the block its first item is in and how
 * many of that block's items come before it (`seek`); the walk starts at that block's edge. One statement, so the
 * counts and the items are read in one snapshot. Past the end, `seek` is empty and so is the page.
 */
function seekingPage(
  where: string,
  total: string,
  keptWhere: string,
  direction: 'ASC' | 'DESC',
  n: number,
): string {
  const offset = `$${n + 2}::bigint`;
  const edge =
    direction === 'DESC'
      ? 'i.id < item_block_start((SELECT block FROM seek) + 1)'
      : 'i.id >= item_block_start((SELECT block FROM seek))';
  return `WITH seek AS (
      SELECT block, ${offset} - (upto - n) AS skip FROM (
        SELECT block, n, sum(n) OVER (ORDER BY block ${direction}) AS upto
          FROM (SELECT ic.block, sum(ic.n)::int AS n FROM item_counts ic WHERE ${keptWhere} GROUP BY ic.block) b
      ) c WHERE upto > ${offset} ORDER BY block ${direction} LIMIT 1)
    SELECT i.id, (${total}) AS total FROM items i WHERE ${where} AND ${edge}
     ORDER BY i.id ${direction} LIMIT $${n + 1} OFFSET (SELECT skip FROM seek)`;
}

/** The rows of a page of items (their ids), in no order. */
const PAGE_ROWS = rowsWhereId('= ANY($2::int[])');
/** 45 columns a row: one JSON value a row on PGlite (QueryOptions.rowsAsJson). */
const PAGE_ROWS_OPTIONS: QueryOptions = { prepare: true, rowsAsJson: true };

/**
 * The filter's conditions on a FROM clause that names the item `item` (default `i`), and the price bounds'
 * parameters. With only the type, statuses and brand asked for, they read as well on the kept counts, which have
 * those columns too (`keptCountsOf`).
 */
function whereClause(
  shopId: number,
  filter: ItemFilter,
  item = 'i',
): { sql: string; params: unknown[]; prices: { min?: string; max?: string } } {
  const params: unknown[] = [shopId];
  const prices: { min?: string; max?: string } = {};
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const conditions = [`${item}.shop_id = $1`];
  if (filter.stockType) conditions.push(`${item}.stock_type = ${add(filter.stockType)}`);
  if (filter.statuses?.length === 1) conditions.push(`${item}.status = ${add(filter.statuses[0])}`);
  else if (filter.statuses?.length)
    conditions.push(`${item}.status = ANY(${add(filter.statuses)}::varchar[])`);
  if (filter.brand !== undefined) conditions.push(`${item}.brand = ${add(filter.brand)}`);
  if (filter.model !== undefined) conditions.push(`${item}.model = ${add(filter.model)}`);
  if (filter.minPrice !== undefined) {
    prices.min = `${add(filter.minPrice)}::numeric`;
    conditions.push(`${item}.purchase_price >= ${prices.min}`);
  }
  if (filter.maxPrice !== undefined) {
    prices.max = `${add(filter.maxPrice)}::numeric`;
    conditions.push(`${item}.purchase_price <= ${prices.max}`);
  }
  if (filter.serialPrefix !== undefined) {
    // LIKE's own wildcards in what was typed are literal characters of a serial.
    const pattern = `${filter.serialPrefix.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    const serial = `lower(${item}.serial) LIKE ${add(pattern)}`;
    // Both are index reads (the serial prefix index, the shop's stock number key), OR-ed by a bitmap.
    conditions.push(
      filter.stockNumber === undefined
        ? serial
        : `(${serial} OR ${item}.stock_number = ${add(filter.stockNumber)})`,
    );
  }
  if (filter.reference !== undefined) {
    const pattern = `%${filter.reference.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    conditions.push(`lower(${item}.reference_number) LIKE ${add(pattern)}`);
  }
  if (filter.conditionGrade !== undefined)
    conditions.push(`${item}.condition_grade = ${add(filter.conditionGrade)}`);
  if (filter.box !== undefined) conditions.push(`${item}.box = ${add(filter.box)}`);
  if (filter.papers !== undefined) conditions.push(`${item}.papers = ${add(filter.papers)}`);
  if (filter.metal !== undefined) conditions.push(`${item}.metal = ${add(filter.metal)}`);
  if (filter.clientId !== undefined) {
    conditions.push(
      `${item}.id IN (SELECT item_id FROM checkouts WHERE client_id = ${add(filter.clientId)} AND returned_at IS NULL)`,
    );
  }
  if (filter.promoted === true) conditions.push(`${item}.promoted_at IS NOT NULL`);
  if (filter.promoted === false) conditions.push(`${item}.promoted_at IS NULL`);
  if (filter.location !== undefined) conditions.push(`${item}.location = ${add(filter.location)}`);
  if (filter.consignment === true) conditions.push(`${item}.id IN (SELECT item_id FROM consignments)`);
  if (filter.consignment === false) conditions.push(item === 'i' ? NOT_CONSIGNED : notConsigned(item));
  return { sql: conditions.join(' AND '), params, prices };
}

/**
 * Which kept counts count what matches `filter`, if any, besides a type and statuses: nothing else, the per-group
 * counts (item_counts, migration 005, per block of ids since 044); a brand, the per-brand counts
 * (item_brand_counts, 045); a price range (one bound or both), the counts per £100 of price (item_price_counts,
 * 045: `priceCountsTotal`). Each has the type, status and brand columns under the items' names.
 */
function keptCountsOf(
  filter: ItemFilter,
): 'item_counts' | 'item_brand_counts' | 'item_price_counts' | undefined {
  const { stockType: _type, statuses: _statuses, brand, minPrice, maxPrice, ...narrower } = filter;
  if (!Object.values(narrower).every((value) => value === undefined)) return undefined;
  const priced = minPrice !== undefined || maxPrice !== undefined;
  if (brand !== undefined) return priced ? undefined : 'item_brand_counts';
  return priced ? 'item_price_counts' : 'item_counts';
}

/**
 * A price range's count (with a type and statuses or without; the parameters of whereClause(shopId, filter)): its
 * whole buckets of £100 from the kept counts, and the items of the buckets it cuts through, at its two ends, from
 * the price index (those below its first whole bucket, and those from the end of its last, or from its first when
 * it has none). An open end is taken as ±10^13, beyond any numeric(14, 2) price.
 */
function priceCountsTotal(shopId: number, filter: ItemFilter): string {
  const { minPrice: _min, maxPrice: _max, ...groups } = filter;
  const where = whereClause(shopId, filter, 'ci');
  // whereClause numbers the type and statuses before the prices: the same parameters on the kept counts.
  const groupWhere = whereClause(shopId, groups, 'pc').sql;
  const first = `-item_price_bucket(-(${where.prices.min ?? '-1e13'}))`;
  const end = `item_price_bucket(${where.prices.max ?? '1e13'})`;
  return `SELECT ((SELECT coalesce(sum(pc.n), 0) FROM item_price_counts pc
        WHERE ${groupWhere} AND pc.bucket >= ${first} AND pc.bucket < ${end})
      + (SELECT count(*) FROM items ci WHERE ${where.sql} AND ci.purchase_price < item_price_bucket_start(${first}))
      + (SELECT count(*) FROM items ci WHERE ${where.sql}
          AND ci.purchase_price >= item_price_bucket_start(greatest(${first}, ${end}))))::int`;
}

/** The statement that counts the items meeting `filter` (the parameters of whereClause(shopId, filter)). */
function totalOf(shopId: number, filter: ItemFilter): string {
  const kept = keptCountsOf(filter);
  if (kept === 'item_price_counts') return priceCountsTotal(shopId, filter);
  return kept
    ? `SELECT coalesce(sum(ic.n), 0)::int FROM ${kept} ic WHERE ${whereClause(shopId, filter, 'ic').sql}`
    : `SELECT count(*)::int FROM items ci WHERE ${whereClause(shopId, filter, 'ci').sql}`;
}

/** Only the type and statuses asked for: the stock screens' filters. */
const byKeptCounts = (filter: ItemFilter): boolean => keptCountsOf(filter) === 'item_counts';

/**
 * A price range alone (a lowest price, a highest, or both), in price order: the page and its count are read from
 * the price index (shop, purchase price, id) in its own order whatever the prices, so one plan serves any range.
 * Sent prepared, its statement is planned once instead of at each page: PGlite planned it in ~1.3 ms of the
 * price range page's ~9 ms (it looks at each of the items table's 23 indexes, asking the file system each one's
 * size), PostgreSQL in ~0.5 ms. With any other filter or order the best plan depends on the values (below).
 */
function byPriceIndex(filter: ItemFilter, ordering: ItemOrdering): boolean {
  const { minPrice, maxPrice, ...rest } = filter;
  return (
    (minPrice !== undefined || maxPrice !== undefined) &&
    (ordering === 'purchase_price' || ordering === '-purchase_price') &&
    Object.values(rest).every((value) => value === undefined)
  );
}

/**
 * The most statements of distinct text that pick a page kept prepared by this process, so on any one connection
 * (PostgreSQL: each pooled connection; PGlite: the instance): each is kept for the life of its connection (~13.5 KB
 * of plan cache on PGlite, issue 26). They are those of the stock screens (type and statuses only) and of a price
 * range in price order (`byPriceIndex`). Their text follows the shape (type given or not, one status or several,
 * the ordering, which prices), never the values: at most 216 texts, of which the screens send a few dozen; the cap
 * bounds them whatever is asked. Statements of other filters are sent unprepared: filters combine into tens of
 * thousands of texts, and PostgreSQL's plan for any value (chosen after five runs when it costs no more than the
 * custom plans) is far slower for some of them (a rare brand's page 0.2 -> 18.7 ms, a serial prefix's count
 * 0.4 -> 37 ms at 100,000 items: docs/perf/ids-statement.md).
 */
export const MAX_PREPARED_LIST_STATEMENTS = 128;

const PREPARED: QueryOptions = { prepare: true };

/**
 * Whether to send a statement prepared: yes for the first `cap` distinct texts offered, then only for those.
 * Exported for its test.
 */
export function preparedUpTo(cap: number): (sql: string) => QueryOptions | undefined {
  const texts = new Set<string>();
  return (sql) => {
    if (texts.has(sql)) return PREPARED;
    if (texts.size >= cap) return undefined;
    texts.add(sql);
    return PREPARED;
  };
}

/** The process's list statements kept prepared: one set for every connection, as the statements' names are. */
const LIST_STATEMENTS = preparedUpTo(MAX_PREPARED_LIST_STATEMENTS);

export class ItemsRepository {
  /**
   * `now` is the app's clock: days in stock count to today in the shop's zone. `listStatements` says which
   * statements that pick a page go prepared (the process's own set; a test gives its own).
   */
  constructor(
    private readonly db: Queryable,
    private readonly now: () => Date = () => new Date(),
    private readonly listStatements = LIST_STATEMENTS,
  ) {}

  /**
   * The options for a statement that picks a page of items matching `filter` in `ordering` (issue 26): prepared
   * for the stock screens' filters (type and statuses only) and a price range in price order, within
   * MAX_PREPARED_LIST_STATEMENTS, so that its text is parsed once per connection and not for every page;
   * unprepared otherwise.
   */
  private listStatementOptions(
    sql: string,
    filter: ItemFilter,
    ordering: ItemOrdering,
  ): QueryOptions | undefined {
    return byKeptCounts(filter) || byPriceIndex(filter, ordering) ? this.listStatements(sql) : undefined;
  }

  async count(shopId: number, filter: ItemFilter): Promise<number> {
    const { stockType, statuses } = filter;
    if (byKeptCounts(filter)) {
      // Only the type and status are asked for: the kept per-group counts answer (migration 005).
      // One text for every type and statuses.
      const rows = await this.db.query<{ n: number }>(
        `SELECT coalesce(sum(n), 0)::int AS n FROM item_counts
          WHERE shop_id = $1 AND ($2::varchar IS NULL OR stock_type = $2) AND ($3::varchar[] IS NULL OR status = ANY($3))`,
        [shopId, stockType ?? null, statuses?.length ? statuses : null],
        PREPARED,
      );
      return rows[0]?.n ?? 0;
    }
    const rows = await this.db.query<{ n: number }>(
      `SELECT (${totalOf(shopId, filter)}) AS n`,
      whereClause(shopId, filter).params,
    );
    return rows[0]?.n ?? 0;
  }

  /**
   * The page (its rows) and the count of all that match, the count read by the statement that picks the page's
   * ids; null when the page is empty (nothing matches, or past the end: the count decides which), for `count` and
   * `list` to answer. Issue 26: a page was three round trips (count, page's ids, rows), each a write and a read on
   * both sides of the connection. The stock screens' filters (type and statuses only), and those with a brand or
   * a price range too, count on the kept counts (migrations 005, 045: `keptCountsOf`); any other filter counts its
   * items with the same conditions and parameters, in a subquery the statement evaluates once. (One statement for
   * all three was slower: PostgreSQL planned its joins afresh each time, as a plan for any LIMIT and OFFSET costs
   * more than one for the values given.) A stock screen's page in id order from SEEK_FROM_OFFSET down starts its
   * walk in the block of ids its first item is in (`seekingPage`, migration 044).
   */
  async listCounted(
    shopId: number,
    filter: ItemFilter,
    ordering: ItemOrdering,
    limit: number,
    offset: number,
  ): Promise<{ results: ItemRow[]; count: number; timeZone: string | null } | null> {
    const where = whereClause(shopId, filter);
    const n = where.params.length;
    // The count's conditions are the page's own on other aliases: the same parameters, in the same order.
    const total = totalOf(shopId, filter);
    // Only the per-group counts are kept per block of ids.
    const direction =
      byKeptCounts(filter) && offset >= SEEK_FROM_OFFSET ? SEEK_DIRECTION[ordering] : undefined;
    const sql = direction
      ? seekingPage(where.sql, total, whereClause(shopId, filter, 'ic').sql, direction, n)
      : `SELECT i.id, (${total}) AS total
         ${pageFrom(ordering)} WHERE ${where.sql}
        ORDER BY ${ORDER_BY[ordering]} LIMIT $${n + 1} OFFSET $${n + 2}`;
    const page = await this.db.query<{ id: number; total: number }>(
      sql,
      [...where.params, limit, offset],
      this.listStatementOptions(sql, filter, ordering),
    );
    const [first] = page;
    if (first === undefined) return null;
    const { rows, timeZone } = await this.rowsAndZoneOf(
      shopId,
      page.map((r) => r.id),
    );
    // With the zone the rows' days in stock were counted in (null: every item went meanwhile).
    return { results: rows, count: first.total, timeZone };
  }

  async list(
    shopId: number,
    filter: ItemFilter,
    ordering: ItemOrdering,
    limit: number,
    offset: number,
  ): Promise<ItemRow[]> {
    const where = whereClause(shopId, filter);
    const n = where.params.length;
    // The page is chosen on items alone (text that follows the filter's shape: prepared for the stock screens'
    // filters); its rows, with check-outs, client names and thumbnails joined, come from one prepared statement
    // (issue 26: parsing and planning the whole joined query each time was most of PostgreSQL's work on a page).
    const sql = `SELECT i.id ${pageFrom(ordering)} WHERE ${where.sql}
        ORDER BY ${ORDER_BY[ordering]} LIMIT $${n + 1} OFFSET $${n + 2}`;
    const page = await this.db.query<{ id: number }>(
      sql,
      [...where.params, limit, offset],
      this.listStatementOptions(sql, filter, ordering),
    );
    return (
      await this.rowsAndZoneOf(
        shopId,
        page.map((r) => r.id),
      )
    ).rows;
  }

  /**
   * The rows of the items of a page, in the page's order; an item deleted since its id was read is left out. With
   * the shop's zone their days in stock count in (null when no row is left).
   */
  private async rowsAndZoneOf(
    shopId: number,
    ids: number[],
  ): Promise<{ rows: ItemRow[]; timeZone: string | null }> {
    if (ids.length === 0) return { rows: [], timeZone: null };
    const rows = await this.db.query<RowRecord>(PAGE_ROWS, [shopId, ids], PAGE_ROWS_OPTIONS);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const todayIn = todayAt(this.now());
    return {
      rows: ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [toRow(row, todayIn)] : [];
      }),
      timeZone: rows[0]?.timezone ?? null,
    };
  }

  async findRow(shopId: number, id: number, lock = false): Promise<ItemRow | null> {
    if (lock) {
      // The item row is the lock every action and update on this item takes first, so they run one at a time.
      const locked = await this.db.query<{ id: number }>(
        'SELECT id FROM items WHERE shop_id = $1 AND id = $2 FOR UPDATE',
        [shopId, id],
      );
      if (locked.length === 0) return null;
    }
    const rows = await this.db.query<RowRecord>(rowsWhereId('= $2'), [shopId, id]);
    return rows[0] ? toRow(rows[0], todayAt(this.now())) : null;
  }

  async find(shopId: number, id: number, lock = false): Promise<Item | null> {
    const row = await this.findRow(shopId, id, lock);
    if (!row) return null;
    const [transactions, images] = await Promise.all([this.transactions(id), this.images(id)]);
    // The sale standing on a sold item (issue 12); a voided sale no longer stands.
    const sale = row.status === 'sold' ? await standingSale(this.db, shopId, id) : null;
    return { ...row, transactions, images, sale };
  }

  async transactions(itemId: number): Promise<ItemTransaction[]> {
    const rows = await this.db.query<{
      id: string;
      type: TransactionType;
      amount: string;
      currency: Currency;
      exchange_rate: string;
      fee_percent: string;
      client_id: number | null;
      client_name: string | null;
      amount_gbp: string;
    }>(
      `SELECT t.id, t.type, t.amount::text AS amount, t.currency, t.exchange_rate::text AS exchange_rate,
              t.fee_percent::text AS fee_percent, t.client_id, c.name AS client_name, t.amount_gbp::text AS amount_gbp
         FROM item_transactions t LEFT JOIN client_directory c ON c.id = t.client_id
        WHERE t.item_id = $1 ORDER BY t.position`,
      [itemId],
    );
    return rows.map((t) => ({
      id: Number(t.id),
      type: t.type,
      // Up to 8 decimals (BTC, rates): still exact as a JSON number at these magnitudes.
      amount: Number(t.amount),
      currency: t.currency,
      exchangeRate: Number(t.exchange_rate),
      feePercent: Number(t.fee_percent),
      clientId: t.client_id,
      clientName: t.client_name,
      amountGbp: moneyOut(t.amount_gbp),
    }));
  }

  async images(itemId: number): Promise<ItemImage[]> {
    return this.db.query<ItemImage>(
      `SELECT id, original_name AS name, content_type AS "contentType", size_bytes AS size
         FROM item_images WHERE item_id = $1 ORDER BY id`,
      [itemId],
    );
  }

  /** The id of the shop's item of this stock number (issue 22), or null. */
  async idByStockNumber(shopId: number, stockNumber: number): Promise<number | null> {
    const rows = await this.db.query<{ id: number }>(
      'SELECT id FROM items WHERE shop_id = $1 AND stock_number = $2',
      [shopId, stockNumber],
    );
    return rows[0]?.id ?? null;
  }

  async serialTaken(shopId: number, serial: string, exceptId?: number): Promise<boolean> {
    const rows = await this.db.query<{ one: number }>(
      'SELECT 1 AS one FROM items WHERE shop_id = $1 AND serial = $2 AND id <> $3',
      [shopId, serial, exceptId ?? 0],
    );
    return rows.length > 0;
  }

  /**
   * Adds an item; its stock number is the next of the shop's sequence, taken in this transaction by the trigger
   * of migration 021 (which holds the shop's counter row until the transaction ends). Returns its id.
   */
  async insert(item: NewItem): Promise<number> {
    return (await this.insertNumbered(item)).id;
  }

  /** As insert, with the stock number the item was given. */
  async insertNumbered(item: NewItem): Promise<{ id: number; stockNumber: number }> {
    const { columns, values, ...attributes } = attributeAssignments(item.attributes, 15);
    const rows = await this.db.query<{ id: number; stock_number: number }>(
      `INSERT INTO items (shop_id, serial, stock_type, brand, model, description, trade_price, retail_price,
                          status, purchased_on, created_by, created_at, updated_at, location, vat_scheme
                          ${columns.map((c) => `, ${c}`).join('')})
       VALUES ($1, $2, $3, $4, $5, $6, $7::numeric, $8::numeric, $9, $10, $11, $12, $12, $13, $14
               ${values.map((v) => `, ${v}`).join('')})
       RETURNING id, stock_number`,
      [
        item.shopId,
        item.serial,
        item.stockType,
        item.brand,
        item.model,
        item.description,
        item.tradePrice,
        item.retailPrice,
        item.status,
        item.purchasedOn,
        item.userId,
        item.at,
        item.location ?? '',
        item.vatScheme ?? 'margin',
        ...attributes.params,
      ],
    );
    const row = rows[0] as { id: number; stock_number: number };
    // Told to the item-change listeners (wanted lists) once the caller's transaction commits.
    await announceItemChange(this.db, { shopId: item.shopId, itemId: row.id, reason: 'new_item' });
    return { id: row.id, stockNumber: row.stock_number };
  }

  /** Announces a change of the price the item is offered at, heard once the caller's transaction commits. */
  async announcePriceChange(shopId: number, id: number): Promise<void> {
    await announceItemChange(this.db, { shopId, itemId: id, reason: 'price_change' });
  }

  /** The price paid for an item bought by a purchase document (issue 22), which has no transactions. */
  async setPurchasePrice(shopId: number, id: number, price: string): Promise<void> {
    await this.db.query('UPDATE items SET purchase_price = $3::numeric WHERE shop_id = $1 AND id = $2', [
      shopId,
      id,
      price,
    ]);
  }

  /**
   * Stores the purchase transactions in one statement, each line's GBP value computed here in `numeric`
   * (the rule in contracts/src/inventory.ts), then sets the item's purchase price to their sum.
   * Returns the ids and GBP values in input order.
   */
  async insertTransactions(
    shopId: number,
    itemId: number,
    lines: readonly NewTransaction[],
    at: Date,
  ): Promise<Array<{ id: number; amountGbp: string }>> {
    let inserted: Array<{ id: number; amountGbp: string }> = [];
    if (lines.length > 0) {
      const rows = await this.db.query<{ id: string; position: number; amount_gbp: string }>(
        `INSERT INTO item_transactions
           (shop_id, item_id, position, type, amount, currency, exchange_rate, fee_percent, client_id, amount_gbp,
            created_at)
         SELECT $1, $2, l.position, l.type, l.amount, l.currency, l.rate, l.fee, l.client_id,
                CASE WHEN l.type = 'cash' THEN round(l.amount * l.rate * (1 - l.fee / 100), 2) ELSE l.amount END,
                $3
           FROM unnest($4::int[], $5::varchar[], $6::numeric[], $7::varchar[], $8::numeric[], $9::numeric[],
                       $10::int[])
                AS l(position, type, amount, currency, rate, fee, client_id)
         RETURNING id, position, amount_gbp::text AS amount_gbp`,
        [
          shopId,
          itemId,
          at,
          lines.map((_, i) => i),
          lines.map((l) => l.type),
          lines.map((l) => l.amount),
          lines.map((l) => l.currency),
          lines.map((l) => l.exchangeRate),
          lines.map((l) => l.feePercent),
          lines.map((l) => l.clientId),
        ],
      );
      inserted = [...rows]
        .sort((a, b) => a.position - b.position)
        .map((r) => ({ id: Number(r.id), amountGbp: r.amount_gbp }));
    }
    await this.db.query(
      `UPDATE items SET purchase_price =
         (SELECT coalesce(sum(amount_gbp), 0) FROM item_transactions WHERE item_id = $1)
        WHERE id = $1`,
      [itemId],
    );
    return inserted;
  }

  /**
   * One conditional UPDATE: it changes the item only while its version is one the edit was based on (the
   * trigger of migration 012 then bumps it), so of two edits from the same version exactly one applies.
   * False when no row matched: the item changed (or went) since.
   */
  async update(
    shopId: number,
    id: number,
    changes: ItemChanges,
    at: Date,
    expected: ExpectedVersion,
  ): Promise<boolean> {
    const condition = versionCondition(expected, 12);
    const attributes = attributeAssignments(changes.attributes, 12 + condition.params.length);
    const updated = await this.db.query(
      `UPDATE items SET serial = $3, stock_type = $4, brand = $5, model = $6, description = $7,
                        purchased_on = $8, updated_at = $9, location = coalesce($10, location),
                        vat_scheme = coalesce($11, vat_scheme)${attributes.sets.map((set) => `, ${set}`).join('')}
        WHERE shop_id = $1 AND id = $2${condition.sql} RETURNING id`,
      [
        shopId,
        id,
        changes.serial,
        changes.stockType,
        changes.brand,
        changes.model,
        changes.description,
        changes.purchasedOn,
        at,
        changes.location ?? null,
        changes.vatScheme ?? null,
        ...condition.params,
        ...attributes.params,
      ],
    );
    return updated.length === 1;
  }

  /** Who last changed the item and when (the audit trail; image uploads leave the row as it was). */
  lastEdit(shopId: number, id: number) {
    return lastChange(this.db, shopId, 'item', id, { except: ['upload', 'delete_image'] });
  }

  async setStatus(shopId: number, id: number, status: ItemStatus, at: Date): Promise<void> {
    await this.db.query('UPDATE items SET status = $3, updated_at = $4 WHERE shop_id = $1 AND id = $2', [
      shopId,
      id,
      status,
      at,
    ]);
  }

  /** Starts or changes the promotion (`promotion` set) or ends it (null). */
  async setPromotion(
    shopId: number,
    id: number,
    promotion: { price: string | null; note: string } | null,
    at: Date,
  ): Promise<void> {
    await this.db.query(
      `UPDATE items SET promoted_at = CASE WHEN $3::boolean THEN coalesce(promoted_at, $6) END,
                        promotion_price = $4::numeric, promotion_note = $5, updated_at = $6
        WHERE shop_id = $1 AND id = $2`,
      [shopId, id, promotion !== null, promotion?.price ?? null, promotion?.note ?? '', at],
    );
  }

  /** The names of those of `ids` that are clients of the shop (id → name). */
  async clientNames(shopId: number, ids: readonly number[]): Promise<Map<number, string>> {
    // An id no integer column can hold names no client; PostgreSQL would refuse the array instead.
    const possible = [...new Set(ids)].filter(
      (id) => Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647,
    );
    if (possible.length === 0) return new Map();
    const rows = await this.db.query<{ id: number; name: string }>(
      'SELECT id, name FROM client_directory WHERE shop_id = $1 AND id = ANY($2::int[])',
      [shopId, possible],
    );
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /** The shop's calendar day at `at`: "today" for defaults and bounds. */
  async shopToday(shopId: number, at: Date): Promise<string> {
    const rows = await this.db.query<{ today: string }>(
      `SELECT (($2::timestamptz) AT TIME ZONE timezone)::date::text AS today FROM shop_directory WHERE id = $1`,
      [shopId, at],
    );
    return rows[0]?.today ?? at.toISOString().slice(0, 10);
  }

  // ---------------------------------------------------------------- images

  async imageCount(itemId: number): Promise<number> {
    const rows = await this.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM item_images WHERE item_id = $1',
      [itemId],
    );
    return rows[0]?.n ?? 0;
  }

  async insertImage(
    shopId: number,
    itemId: number,
    image: { storageKey: string; name: string; contentType: string; size: number },
    userId: number,
    at: Date,
  ): Promise<ItemImage> {
    const rows = await this.db.query<ItemImage>(
      `INSERT INTO item_images (shop_id, item_id, storage_key, original_name, content_type, size_bytes,
                                uploaded_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       RETURNING id, original_name AS name, content_type AS "contentType", size_bytes AS size`,
      [shopId, itemId, image.storageKey, image.name, image.contentType, image.size, userId, at],
    );
    return rows[0] as ItemImage;
  }

  async findImage(shopId: number, itemId: number, imageId: number): Promise<StoredImage | null> {
    const rows = await this.db.query<StoredImage>(
      `SELECT id, original_name AS name, content_type AS "contentType", size_bytes AS size,
              storage_key AS "storageKey"
         FROM item_images WHERE shop_id = $1 AND item_id = $2 AND id = $3`,
      [shopId, itemId, imageId],
    );
    return rows[0] ?? null;
  }

  async deleteImage(imageId: number): Promise<void> {
    await this.db.query('DELETE FROM item_images WHERE id = $1', [imageId]);
  }

  // ---------------------------------------------------------------- dashboard

  async summary(shopId: number): Promise<InventorySummary> {
    const groups = await this.db.query<{ status: ItemStatus; n: number }>(
      'SELECT status, count(*)::int AS n FROM items WHERE shop_id = $1 GROUP BY status',
      [shopId],
    );
    const recent = await this.db.query<{
      id: number;
      name: string;
      serial: string;
      purchase_price: string;
      retail_price: string | null;
      markup: string | null;
      purchased_on: string;
    }>(
      `SELECT id, serial, purchase_price::text AS purchase_price, retail_price::text AS retail_price,
              purchased_on::text AS purchased_on,
              coalesce(nullif(btrim(brand || ' ' || model), ''), nullif(description, ''), serial) AS name,
              CASE WHEN retail_price IS NOT NULL AND purchase_price > 0
                   THEN round((retail_price - purchase_price) * 100 / purchase_price, 1)::text END AS markup
         FROM items i WHERE shop_id = $1 AND stock_type = 'Watches' AND ${NOT_CONSIGNED}
        ORDER BY purchased_on DESC, id DESC LIMIT 5`,
      [shopId],
    );
    // Every total is summed in numeric by the database, never added up here.
    const totals = await this.db.query<{ n: number; value: string }>(
      `SELECT count(*)::int AS n, coalesce(sum(purchase_price), 0)::text AS value
         FROM items i WHERE shop_id = $1 AND status <> 'sold' AND ${NOT_CONSIGNED}`,
      [shopId],
    );
    const byType = await this.db.query<{ stock_type: StockType; n: number; value: string }>(
      `SELECT stock_type, count(*)::int AS n, coalesce(sum(purchase_price), 0)::text AS value
         FROM items i WHERE shop_id = $1 AND status <> 'sold' AND ${NOT_CONSIGNED} GROUP BY stock_type`,
      [shopId],
    );
    const empty = () => ({ count: 0, value: 0 });
    const summary: InventorySummary = {
      byStockType: { Watches: empty(), Jewellery: empty(), Accessories: empty() },
      byStatus: { available: 0, checked_out: 0, reserved: 0, unavailable: 0, sold: 0 },
      inStockCount: totals[0]?.n ?? 0,
      inStockValue: moneyOut(totals[0]?.value ?? '0'),
      recentPurchases: recent.map((r) => ({
        id: r.id,
        name: r.name,
        serial: r.serial,
        purchasePrice: moneyOut(r.purchase_price),
        retailPrice: moneyOrNull(r.retail_price),
        expectedMarkupPercent: r.markup === null ? null : Number(r.markup),
        purchasedOn: r.purchased_on,
      })),
    };
    for (const g of groups) summary.byStatus[g.status] += g.n;
    for (const t of byType) summary.byStockType[t.stock_type] = { count: t.n, value: moneyOut(t.value) };
    return summary;
  }
}
