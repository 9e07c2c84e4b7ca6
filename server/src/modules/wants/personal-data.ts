import type { Queryable } from '../../db/database';

// A client's wanted list as personal data (UK GDPR): a want's notes may say why the client wants the piece, and
// its matches which pieces were offered to them (migration 042). The compliance module decides when a client's
// data is exported (Art. 15) or erased (Art. 17) and calls these through the wants repository; only this module
// writes its tables (test/module-ownership.test.ts).

/** What the subject access export lists of a client's wanted list: rows as PostgreSQL writes them in JSON. */
export interface ClientWantsRecords {
  wants: unknown[];
  wantMatches: unknown[];
}

/** How many wants and matches an erasure deleted. */
export interface ErasedWants {
  wants: number;
  matches: number;
}

async function jsonRows(db: Queryable, sql: string, shopId: number, clientId: number): Promise<unknown[]> {
  const rows = await db.query<{ r: string }>(`SELECT row_to_json(t)::text AS r FROM (${sql}) t`, [
    shopId,
    clientId,
  ]);
  return rows.map((row) => JSON.parse(row.r) as unknown);
}

/** The client's wants (with their notes), oldest first, and every match of them with the piece matched. */
export async function clientWantsRecords(
  db: Queryable,
  shopId: number,
  clientId: number,
): Promise<ClientWantsRecords> {
  return {
    wants: await jsonRows(
      db,
      `SELECT id, brand, model, reference, year_from, year_to, condition_grade, max_price, notes, active,
              created_at, updated_at
         FROM client_wants WHERE shop_id = $1 AND client_id = $2 ORDER BY id`,
      shopId,
      clientId,
    ),
    wantMatches: await jsonRows(
      db,
      `SELECT m.id, m.want_id, m.item_id, i.brand AS item_brand, i.model AS item_model,
              i.reference_number AS item_reference_number, m.reason, m.matched_at, m.price_at_match, m.status,
              m.emailed_at, m.dismissed_at
         FROM want_matches m
         JOIN client_wants w ON w.id = m.want_id
         LEFT JOIN stock_items i ON i.id = m.item_id
        WHERE w.shop_id = $1 AND w.client_id = $2 ORDER BY m.id`,
      shopId,
      clientId,
    ),
  };
}

/**
 * Deletes the client's wants and their matches (an erasure request, UK GDPR Art. 17, or the end of retention).
 * A wanted list is neither a due diligence nor a transaction record (MLR 2017 reg. 40(2)), so no law keeps it.
 * The matches would go with their wants by the foreign key's cascade; they are deleted first to be counted.
 */
export async function eraseClientWants(
  db: Queryable,
  shopId: number,
  clientId: number,
): Promise<ErasedWants> {
  const matches = await db.query(
    `DELETE FROM want_matches
      WHERE shop_id = $1 AND want_id IN (SELECT id FROM client_wants WHERE shop_id = $1 AND client_id = $2)
      RETURNING id`,
    [shopId, clientId],
  );
  const wants = await db.query(
    'DELETE FROM client_wants WHERE shop_id = $1 AND client_id = $2 RETURNING id',
    [shopId, clientId],
  );
  return { wants: wants.length, matches: matches.length };
}
