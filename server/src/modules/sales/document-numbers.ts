import type { Queryable } from '../../db/database';
import { NEXT_NUMBER } from './document-sql';

/**
 * The shop's numbered document sequences: its invoices, credit notes, purchase invoices (migration 022) and
 * workshop jobs (migration 032).
 */
export type DocumentKind = 'invoice' | 'credit_note' | 'purchase' | 'job';

/**
 * The next number of one of the shop's document sequences, taken inside the caller's transaction (`db`, bound to
 * it): the counter row stays locked until that transaction ends, so the numbers have no gap and no duplicate.
 * Other modules number their documents with it (the purchases module's purchase invoices), rather than keeping
 * a counter of their own.
 */
export async function nextDocumentNumber(db: Queryable, shopId: number, kind: DocumentKind): Promise<number> {
  const rows = await db.query<{ last_number: number }>(NEXT_NUMBER(kind), [shopId]);
  return Number((rows[0] as { last_number: number }).last_number);
}
