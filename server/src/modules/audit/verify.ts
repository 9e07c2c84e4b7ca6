import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/database';

export const GENESIS = '0'.repeat(64);

/** One entry as stored, every value as text (jsonb as PostgreSQL prints it, the time in UTC to the µs). */
interface StoredEntry {
  id: string;
  chain: string;
  shop_id: string | null;
  seq: string;
  user_id: string | null;
  actor: string | null;
  entity: string;
  entity_id: string | null;
  record_name: string | null;
  client_id: string | null;
  item_id: string | null;
  action: string;
  before: string | null;
  after: string | null;
  created_at: string;
  prev_hash: string;
  hash: string;
}

export interface BrokenLink {
  /** The shop whose chain breaks; null for the system chain. */
  shopId: number | null;
  seq: number;
  id: number;
  problem: string;
}

export interface VerifyResult {
  chains: number;
  entries: number;
  broken: BrokenLink | null;
}

/** Mirrors audit_field() of migration 009: '-' for NULL, else byte length, ':' and the text. */
const field = (value: string | null) =>
  value === null ? '-' : `${Buffer.byteLength(value, 'utf8')}:${value}`;

/** Mirrors audit_log_content() of migration 009, computed here from the stored values. */
export function canonicalContent(row: StoredEntry): string {
  return [
    row.shop_id,
    row.seq,
    row.user_id,
    row.actor,
    row.entity,
    row.entity_id,
    row.record_name,
    row.client_id,
    row.item_id,
    row.action,
    row.before,
    row.after,
    row.created_at,
  ]
    .map(field)
    .join('|');
}

export const entryHash = (prevHash: string, row: StoredEntry) =>
  createHash('sha256')
    .update(`${prevHash}|${canonicalContent(row)}`, 'utf8')
    .digest('hex');

const PAGE = 1000;

/**
 * Walks every chain in seq order, recomputing each hash in Node, and stops at the first broken link: a seq
 * that skips (a deleted entry), a prev_hash that is not the previous entry's hash, or a hash that does not
 * match the content (an entry changed by hand).
 */
export async function verifyChains(db: Queryable): Promise<VerifyResult> {
  let chains = 0;
  let entries = 0;
  let chain: string | null = null;
  let expectedSeq = 1;
  let prev = GENESIS;
  let lastKey: [string, string] | null = null;
  for (;;) {
    const rows: StoredEntry[] = await db.query<StoredEntry>(
      `SELECT id::text, coalesce(shop_id, 0)::text AS chain, shop_id::text, seq::text, user_id::text, actor,
              entity, entity_id::text, record_name, client_id::text, item_id::text, action,
              before::text, after::text,
              to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at,
              prev_hash, hash
         FROM audit_log
        ${lastKey ? 'WHERE (coalesce(shop_id, 0), seq) > ($1::bigint, $2::bigint)' : ''}
        ORDER BY coalesce(audit_log.shop_id, 0), audit_log.seq LIMIT ${PAGE}`,
      lastKey ?? [],
    );
    for (const row of rows) {
      if (row.chain !== chain) {
        chain = row.chain;
        chains += 1;
        expectedSeq = 1;
        prev = GENESIS;
      }
      entries += 1;
      const where = {
        shopId: row.shop_id === null ? null : Number(row.shop_id),
        seq: Number(row.seq),
        id: Number(row.id),
      };
      if (Number(row.seq) !== expectedSeq) {
        return {
          chains,
          entries,
          broken: {
            ...where,
            problem: `seq ${row.seq} follows ${expectedSeq - 1}: entry ${expectedSeq} is missing`,
          },
        };
      }
      if (row.prev_hash !== prev) {
        return {
          chains,
          entries,
          broken: { ...where, problem: 'prev_hash is not the previous entry\u2019s hash' },
        };
      }
      const computed = entryHash(prev, row);
      if (computed !== row.hash) {
        return {
          chains,
          entries,
          broken: {
            ...where,
            problem: 'hash does not match the entry\u2019s content (changed after it was written)',
          },
        };
      }
      prev = row.hash;
      expectedSeq += 1;
    }
    if (rows.length < PAGE) return { chains, entries, broken: null };
    const last = rows[rows.length - 1] as StoredEntry;
    lastKey = [last.chain, last.seq];
  }
}

export function describeBroken(link: BrokenLink): string {
  const chain = link.shopId === null ? 'the system chain' : `shop ${link.shopId}`;
  return `Broken link in ${chain} at seq ${link.seq} (entry id ${link.id}): ${link.problem}.`;
}
