import { apiTestbed } from '../../helper';

/**
 * One database for the test file that calls it; every test starts from the fixtures' users and shops and a
 * clock at 2026-03-01 09:00 UTC (`at` moves it). Records the reports read are put straight in the tables,
 * as inventory's Sell and the clients' ledger would leave them.
 */
export function financeTestbed() {
  const testbed = apiTestbed({ clock: true });
  const { state } = testbed;
  afterEach(async () => {
    // Whatever a test did, the kept day sums (migration 006's triggers) still match the sales and expenses
    // (a reversal of 010 counting as minus one entry).
    const drift = await state.db.query(
      `WITH actual AS (
         SELECT shop_id, sale_date AS day, CASE WHEN item_id IS NULL THEN 'quick' ELSE 'item' END AS kind,
                payment_method, sum(CASE WHEN reversal_of IS NULL THEN 1 ELSE -1 END)::int AS n,
                sum(amount_gbp) AS amount, sum(coalesce(cost_gbp, 0)) AS cost
           FROM sales GROUP BY 1, 2, 3, 4
         UNION ALL
         SELECT shop_id, expense_date, 'expense', payment_method,
                sum(CASE WHEN reversal_of IS NULL THEN 1 ELSE -1 END)::int, sum(amount_gbp), 0
           FROM expenses GROUP BY 1, 2, 3, 4
       ), kept AS (SELECT * FROM finance_days WHERE n <> 0 OR amount_gbp <> 0 OR cost_gbp <> 0)
       SELECT * FROM actual a FULL JOIN kept k USING (shop_id, day, kind, payment_method)
        WHERE a.n IS DISTINCT FROM k.n OR a.amount IS DISTINCT FROM k.amount_gbp OR a.cost IS DISTINCT FROM k.cost_gbp`,
    );
    expect(drift).toEqual([]);
  });

  /** Moves the clock to an ISO instant. */
  const at = (iso: string) => state.clock.advance(Date.parse(iso) - state.clock.now().getTime());

  const shopOf = (shop: 'own' | 'other') => (shop === 'own' ? state.fx.shopId : state.fx.otherShopId);

  /** An item as inventory's Add leaves it (purchase price already computed). */
  const item = async (
    o: {
      serial?: string;
      stockType?: 'Watches' | 'Jewellery' | 'Accessories';
      brand?: string;
      model?: string;
      price?: string;
      purchasedOn?: string;
      status?: string;
      shop?: 'own' | 'other';
    } = {},
  ): Promise<number> => {
    const rows = await state.db.query<{ id: number }>(
      `INSERT INTO items (shop_id, serial, stock_type, brand, model, purchase_price, status, purchased_on,
                          created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6::numeric, $7, $8::date, now(), now()) RETURNING id`,
      [
        shopOf(o.shop ?? 'own'),
        o.serial ?? `SN-${Math.random().toString(36).slice(2, 10)}`,
        o.stockType ?? 'Watches',
        o.brand ?? '',
        o.model ?? '',
        o.price ?? '0',
        o.status ?? 'available',
        o.purchasedOn ?? '2026-01-01',
      ],
    );
    return (rows[0] as { id: number }).id;
  };

  /** A sale row as inventory's Sell (itemId given: cost = its purchase price) or a quick sale leaves it. */
  const sale = async (o: {
    day: string;
    gbp: string;
    itemId?: number;
    cost?: string;
    method?: string;
    clientId?: number;
    name?: string;
    shop?: 'own' | 'other';
  }): Promise<number> => {
    const rows = await state.db.query<{ id: string }>(
      `INSERT INTO sales (shop_id, item_id, name, amount, amount_gbp, cost_gbp, payment_method, client_id,
                          sale_date, created_at)
       VALUES ($1, $2, $3, $4::numeric, $4::numeric, $5::numeric, $6, $7, $8::date, now()) RETURNING id`,
      [
        shopOf(o.shop ?? 'own'),
        o.itemId ?? null,
        o.name ?? 'Sale',
        o.gbp,
        o.itemId === undefined ? null : (o.cost ?? '0'),
        o.method ?? 'Cash',
        o.clientId ?? null,
        o.day,
      ],
    );
    return Number((rows[0] as { id: string }).id);
  };

  const expense = async (o: {
    day: string;
    gbp: string;
    method?: string;
    name?: string;
    shop?: 'own' | 'other';
  }): Promise<number> => {
    const rows = await state.db.query<{ id: string }>(
      `INSERT INTO expenses (shop_id, name, amount, amount_gbp, payment_method, expense_date, created_at)
       VALUES ($1, $2, $3::numeric, $3::numeric, $4, $5::date, now()) RETURNING id`,
      [shopOf(o.shop ?? 'own'), o.name ?? 'Expense', o.gbp, o.method ?? 'Cash', o.day],
    );
    return Number((rows[0] as { id: string }).id);
  };

  const client = async (name: string, balance = '0', shop: 'own' | 'other' = 'own'): Promise<number> => {
    const rows = await state.db.query<{ id: number }>(
      `INSERT INTO clients (shop_id, name, email, balance, created_at, updated_at)
       VALUES ($1, $2, $3, $4::numeric, now(), now()) RETURNING id`,
      [shopOf(shop), name, `${name.replace(/[^a-z]/gi, '').toLowerCase() || 'x'}@example.com`, balance],
    );
    return (rows[0] as { id: number }).id;
  };

  return { ...testbed, at, item, sale, expense, client };
}

/** Splits a CSV text into records of fields, RFC 4180 (quoted fields, doubled quotes, CRLF). */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else field += ch;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}
