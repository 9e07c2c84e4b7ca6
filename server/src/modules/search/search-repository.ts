import {
  SEARCH_LIMIT_PER_KIND,
  jobReference,
  type SearchClient,
  type SearchInvoice,
  type SearchJob,
  type SearchItem,
  type SearchMatch,
} from '@loupe/contracts';
import type { Queryable } from '../../db/database';

/** What was typed, in the forms each query compares: lower case, as a LIKE prefix and as a LIKE "contains". */
export interface SearchTerms {
  /** Trimmed and lower-cased. */
  text: string;
  /** The stock number the text names ("1042", "#1042"), or null. */
  stockNumber: number | null;
  /** The digits of a phone number typed (3 or more, with nothing but + ( ) - . / and spaces), or null. */
  phoneDigits: string | null;
  /** The workshop job number the text is ('JOB-000123' → 123: jobNumberOf), or null. */
  jobNumber: number | null;
}

const LIMIT = SEARCH_LIMIT_PER_KIND;
/** LIKE's own wildcards in what was typed are characters to find. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
const MATCHES: readonly SearchMatch[] = ['exact', 'prefix', 'contains'];

interface Ranked {
  id: string | number;
  rank: number;
}

/** The best (lowest) rank each id was found at. */
function bestOf(rows: readonly Ranked[]): Map<number, number> {
  const best = new Map<number, number>();
  for (const row of [...rows].sort((a, b) => a.rank - b.rank)) {
    const id = Number(row.id);
    if (!best.has(id)) best.set(id, row.rank);
  }
  return best;
}

/**
 * Reads for the one search. A prefix read is ordered `USING ~<~`, the order of its text_pattern_ops index, so
 * the index gives the rows in order and the read stops at LIMIT (ordered by the collation instead, it would
 * sort every match: a brand shared by 15,000 items). Every query names the shop; each rank is its own index range read (see migration
 * 024) stopped after LIMIT rows, and the "contains" read, which no B-tree serves, runs only when the exact and
 * prefix reads found fewer than LIMIT, and stops at LIMIT matches.
 */
export class SearchRepository {
  constructor(private readonly db: Queryable) {}

  async items(shopId: number, terms: SearchTerms): Promise<SearchItem[]> {
    const prefix = `${escapeLike(terms.text)}%`;
    const ranked = await this.db.query<Ranked>(
      `(SELECT id, 0 AS rank FROM stock_items WHERE shop_id = $1 AND lower(serial) = $2 LIMIT ${LIMIT})
       UNION ALL
       (SELECT id, 0 FROM stock_items WHERE shop_id = $1 AND stock_number = $4::int)
       UNION ALL
       (SELECT id, 1 FROM stock_items WHERE shop_id = $1 AND lower(serial) LIKE $3
         ORDER BY lower(serial) USING ~<~ LIMIT ${LIMIT})
       UNION ALL
       (SELECT id, 1 FROM stock_items WHERE shop_id = $1 AND reference_number <> ''
           AND lower(reference_number) LIKE $3
         ORDER BY lower(reference_number) USING ~<~ LIMIT ${LIMIT})
       UNION ALL
       (SELECT id, 1 FROM stock_items WHERE shop_id = $1 AND lower(brand) LIKE $3
         ORDER BY lower(brand) USING ~<~ LIMIT ${LIMIT})
       UNION ALL
       (SELECT id, 1 FROM stock_items WHERE shop_id = $1 AND lower(model) LIKE $3
         ORDER BY lower(model) USING ~<~ LIMIT ${LIMIT})`,
      [shopId, terms.text, prefix, terms.stockNumber],
    );
    const best = bestOf(ranked);
    if (best.size < LIMIT) {
      // "sub" in "Submariner", "rolex sub" across brand and model. No B-tree finds text inside a value, but a
      // shop has few brand and model pairs: they are read one by one off migration 005's (shop_id, brand,
      // model, id) index (each step the next pair after the last, a loose index scan), those containing the
      // text kept, and their items read by the same index. Never a read of the shop's every item.
      const contains = await this.db.query<Ranked>(
        `WITH RECURSIVE pairs (brand, model) AS (
           (SELECT brand, model FROM stock_items WHERE shop_id = $1 ORDER BY brand, model LIMIT 1)
           UNION ALL
           SELECT next.brand, next.model FROM pairs p CROSS JOIN LATERAL (
             SELECT s.brand, s.model FROM stock_items s
              WHERE s.shop_id = $1 AND (s.brand, s.model) > (p.brand, p.model)
              ORDER BY s.brand, s.model LIMIT 1) next
         ), matching AS (
           SELECT brand, model FROM pairs WHERE lower(brand || ' ' || model) LIKE $2
         )
         SELECT found.id, 2 AS rank FROM matching m CROSS JOIN LATERAL (
           SELECT s.id FROM stock_items s WHERE s.shop_id = $1 AND s.brand = m.brand AND s.model = m.model
            ORDER BY s.id DESC LIMIT ${LIMIT * 2}) found
         LIMIT ${LIMIT * 2}`,
        [shopId, `%${escapeLike(terms.text)}%`],
      );
      for (const row of contains) if (!best.has(Number(row.id))) best.set(Number(row.id), 2);
    }
    if (best.size === 0) return [];
    const rows = await this.db.query<Omit<SearchItem, 'match'>>(
      `SELECT id::int AS id, serial, stock_number AS "stockNumber", stock_type AS "stockType", brand, model,
              reference_number AS "referenceNumber", status
         FROM stock_items WHERE shop_id = $1 AND id = ANY($2::bigint[])`,
      [shopId, [...best.keys()]],
    );
    return rows
      .map((row) => ({ ...row, rank: best.get(row.id) ?? 2 }))
      .sort(
        (a, b) =>
          a.rank - b.rank || a.serial.toLowerCase().localeCompare(b.serial.toLowerCase()) || a.id - b.id,
      )
      .slice(0, LIMIT)
      .map(({ rank, ...row }) => ({ ...row, match: MATCHES[rank] as SearchMatch }));
  }

  async clients(shopId: number, terms: SearchTerms): Promise<SearchClient[]> {
    const prefix = `${escapeLike(terms.text)}%`;
    const digits = terms.phoneDigits;
    const phone = (rank: number, compare: string) =>
      digits === null
        ? ''
        : `UNION ALL
           (SELECT id, ${rank} FROM client_directory WHERE shop_id = $1 AND phone <> ''
               AND regexp_replace(phone, '[^0-9]', '', 'g') ${compare}
            LIMIT ${LIMIT})`;
    const params: unknown[] = [shopId, terms.text, prefix];
    if (digits !== null) params.push(digits, `${digits}%`);
    const ranked = await this.db.query<Ranked>(
      `(SELECT id, 0 AS rank FROM client_directory WHERE shop_id = $1 AND email <> '' AND lower(email) = $2
         LIMIT ${LIMIT})
       ${phone(0, '= $4')}
       UNION ALL
       (SELECT id, 1 FROM client_directory WHERE shop_id = $1 AND lower(name) LIKE $3
         ORDER BY lower(name) USING ~<~ LIMIT ${LIMIT})
       UNION ALL
       (SELECT id, 1 FROM client_directory WHERE shop_id = $1 AND email <> '' AND lower(email) LIKE $3
         ORDER BY lower(email) USING ~<~ LIMIT ${LIMIT})
       ${phone(1, 'LIKE $5')}`,
      params,
    );
    const best = bestOf(ranked);
    // A surname ("smith" in "John Smith"), or part of an e-mail: a read of the shop's clients until enough
    // match, so not for text with a digit (a serial, a stock number, a phone: names hold none, and e-mails and
    // phones are found by their start above).
    if (best.size < LIMIT && !/\d/.test(terms.text)) {
      const contains = await this.db.query<Ranked>(
        `SELECT id, 2 AS rank FROM client_directory
          WHERE shop_id = $1 AND (lower(name) LIKE $2 OR lower(email) LIKE $2) LIMIT ${LIMIT * 2}`,
        [shopId, `%${escapeLike(terms.text)}%`],
      );
      for (const row of contains) if (!best.has(Number(row.id))) best.set(Number(row.id), 2);
    }
    if (best.size === 0) return [];
    const rows = await this.db.query<Omit<SearchClient, 'match'>>(
      `SELECT id::int AS id, name, email, phone FROM client_directory
        WHERE shop_id = $1 AND id = ANY($2::bigint[])`,
      [shopId, [...best.keys()]],
    );
    return rows
      .map((row) => ({ ...row, rank: best.get(row.id) ?? 2 }))
      .sort(
        (a, b) => a.rank - b.rank || a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id,
      )
      .slice(0, LIMIT)
      .map(({ rank, ...row }) => ({ ...row, match: MATCHES[rank] as SearchMatch }));
  }

  async invoices(shopId: number, terms: SearchTerms): Promise<SearchInvoice[]> {
    const ranked = await this.db.query<Ranked>(
      `(SELECT id, 0 AS rank FROM invoice_records WHERE shop_id = $1 AND lower(reference) = $2 LIMIT ${LIMIT})
       UNION ALL
       (SELECT id, 1 FROM invoice_records WHERE shop_id = $1 AND lower(reference) LIKE $3
         ORDER BY lower(reference) USING ~>~ LIMIT ${LIMIT})`,
      [shopId, terms.text, `${escapeLike(terms.text)}%`],
    );
    const best = bestOf(ranked);
    // "42" in "INV-000042": the number without its prefix and zeros, newest first; only for digits.
    if (best.size < LIMIT && /^\d+$/.test(terms.text)) {
      const contains = await this.db.query<Ranked>(
        `SELECT id, 2 AS rank FROM invoice_records WHERE shop_id = $1 AND lower(reference) LIKE $2
          ORDER BY issue_date DESC, id DESC LIMIT ${LIMIT * 2}`,
        [shopId, `%${escapeLike(terms.text)}%`],
      );
      for (const row of contains) if (!best.has(Number(row.id))) best.set(Number(row.id), 2);
    }
    if (best.size === 0) return [];
    const rows = await this.db.query<Omit<SearchInvoice, 'match'>>(
      `SELECT id::int AS id, reference, kind, to_char(issue_date, 'YYYY-MM-DD') AS "issueDate",
              coalesce(buyer->>'name', '') AS "buyerName"
         FROM invoice_records WHERE shop_id = $1 AND id = ANY($2::bigint[])`,
      [shopId, [...best.keys()]],
    );
    return rows
      .map((row) => ({ ...row, rank: best.get(row.id) ?? 2 }))
      .sort((a, b) => a.rank - b.rank || b.issueDate.localeCompare(a.issueDate) || b.id - a.id)
      .slice(0, LIMIT)
      .map(({ rank, ...row }) => ({ ...row, match: MATCHES[rank] as SearchMatch }));
  }

  /**
   * The job whose number the text is (a scanned receipt or bag label), through the workshop's published view;
   * the client's name through the clients module's. One row at most: (shop_id, number) is unique.
   */
  async jobs(shopId: number, terms: SearchTerms): Promise<SearchJob[]> {
    if (terms.jobNumber === null) return [];
    const rows = await this.db.query<Omit<SearchJob, 'match' | 'reference'> & { number: number }>(
      `SELECT j.id::int AS id, j.number, coalesce(c.name, '') AS "clientName", j.brand, j.model, j.stage
         FROM workshop_jobs j LEFT JOIN client_directory c ON c.id = j.client_id AND c.shop_id = j.shop_id
        WHERE j.shop_id = $1 AND j.number = $2`,
      [shopId, terms.jobNumber],
    );
    return rows.map(({ number, ...row }) => ({ ...row, reference: jobReference(number), match: 'exact' }));
  }
}
