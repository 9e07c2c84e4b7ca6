import {
  ALREADY_VOIDED,
  REVERSAL_NOT_VOIDABLE,
  VOID_NOT_ALLOWED,
  VOID_REASON_REQUIRED,
  Text,
  VoidRequest,
  type VoidInfo,
} from '@loupe/contracts';
import { Type } from '@sinclair/typebox';
import type { Queryable } from '../db/database';
import { isUniqueViolation } from './db-errors';
import { ApiError, conflict } from './http-errors';
import { requireAction, type ShopCaller } from './shop-scope';

// Corrections by reversal (issue 12, migration 010): what the voids of sales, quick sales, expenses and ledger
// entries share. The original row is never changed; its reversal is a new row with the opposite amounts. The
// kernel knows no table: each owner's repository names its table and the columns a reversal copies.

/** A reversal as a repository writes it: the original's values negated, dated and explained by these. */
export interface NewReversal {
  shopId: number;
  originalId: number;
  /** YYYY-MM-DD: the day of the void in the shop's calendar. */
  date: string;
  reason: string;
  /** The reversal's own notes: which entry it voids and why. */
  notes: string;
  userId: number;
  at: Date;
}

/** A table whose rows are voided by reversal, as its owner's repository describes it. */
export interface ReversalTarget {
  table: string;
  /** The columns copied from the original, e.g. 'shop_id, name, amount'. */
  columns: string;
  /** Those of `columns` whose value the reversal negates. */
  negated: readonly string[];
  /** The column the reversal is dated in. */
  dayColumn: string;
}

/**
 * Writes the reversal of `reversal.originalId` in the target's table: its columns copied with the amounts
 * negated, dated `reversal.date`, with its notes, reason and who voided it; → the reversal's id.
 */
export async function insertReversal(
  db: Queryable,
  target: ReversalTarget,
  reversal: NewReversal,
): Promise<number> {
  const { table, columns } = target;
  const negated = columns
    .split(', ')
    .map((c) => (target.negated.includes(c) ? `-${c}` : c))
    .join(', ');
  const rows = await db.query<{ id: string }>(
    `INSERT INTO ${table} (${columns}, ${target.dayColumn}, notes, created_by, created_at,
                           reversal_of, void_reason, voided_by_name)
     SELECT ${negated}, $3::date, $4, $5, $6, id, $7, (SELECT username FROM users WHERE id = $5)
       FROM ${table} WHERE shop_id = $1 AND id = $2
     RETURNING id::text AS id`,
    [
      reversal.shopId,
      reversal.originalId,
      reversal.date,
      reversal.notes,
      reversal.userId,
      reversal.at,
      reversal.reason,
    ],
  );
  return Number((rows[0] as { id: string }).id);
}

interface VoidRecord {
  original: string;
  id: string;
  created_at: Date | string;
  voided_by_name: string | null;
  void_reason: string;
}

/** The VoidInfo of each of `ids` (as text) that has a reversal in `table`, keyed by the original's id. */
export async function voidsOf(
  db: Queryable,
  table: string,
  ids: readonly string[],
): Promise<Map<string, VoidInfo>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<VoidRecord>(
    `SELECT reversal_of::text AS original, id::text AS id, created_at, voided_by_name, void_reason
       FROM ${table} WHERE reversal_of = ANY($1::bigint[])`,
    [ids],
  );
  return new Map(
    rows.map((r) => [
      r.original,
      {
        at: new Date(r.created_at).toISOString(),
        by: r.voided_by_name,
        reason: r.void_reason,
        reversalId: Number(r.id),
      },
    ]),
  );
}

/**
 * The void endpoints' body as the routes accept it: the reason may be missing or blank in the request, so that
 * either is answered with VOID_REASON_REQUIRED on `reason` (the contract's minLength would answer DRF's generic
 * "may not be blank").
 */
export const VoidBody = Type.Object(
  { reason: Type.Optional(Text({ maxLength: VoidRequest.properties.reason.maxLength })) },
  { additionalProperties: false },
);

/** Platinum and gold may void; silver sees the button disabled with this same reason. */
export function requireVoider(caller: ShopCaller): void {
  requireAction(caller, 'void', VOID_NOT_ALLOWED);
}

/** The trimmed reason, or a 400 on `reason`. */
export function voidReason(body: { reason?: string } | undefined): string {
  const reason = (body?.reason ?? '').trim();
  if (reason === '') throw new ApiError(400, { reason: [VOID_REASON_REQUIRED] });
  return reason;
}

/** 409s of an entry that cannot be voided: a reversal, or one voided already. */
export function assertVoidable(entry: { reversalOf: number | null; voided: VoidInfo | null }): void {
  if (entry.reversalOf !== null) throw conflict(REVERSAL_NOT_VOIDABLE);
  if (entry.voided !== null) throw conflict(ALREADY_VOIDED);
}

/**
 * Runs a void; a second void of the same entry that raced this one past the checks fails on the unique index on
 * reversal_of when it inserts, and is answered as the already-voided 409 it is.
 */
export async function guardDoubleVoid<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ALREADY_VOIDED);
    throw error;
  }
}

/** The reversal's note: "Void of #12: wrong amount". */
export const reversalNote = (originalId: number, reason: string) => `Void of #${originalId}: ${reason}`;
