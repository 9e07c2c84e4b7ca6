import type { Queryable } from '../db/database';
import { ApiError, REQUIRED } from './http-errors';

/*
 * No lost updates (issue 12): an edit names the version of the record it was based on, either as the body's
 * `version` or as HTTP's `If-Match: W/"<version>"`. When both are sent the header decides (it is the
 * protocol's own precondition, and a proxy or a script may add it on top of a form's body). A stale body
 * version is a 409, a failed If-Match a 412 (RFC 9110 §13.1.1). `If-Match: *` asks for no version check.
 */

/** What version(s) the caller's edit may apply to; `null` versions: any (If-Match: *). */
export interface ExpectedVersion {
  via: 'body' | 'if-match';
  versions: number[] | null;
}

/** The ETag of a versioned record: weak, since the answer's other parts (a balance) may change beside it. */
export const etagOf = (version: number) => `W/"${version}"`;

const ENTITY_TAG = /^(?:W\/)?"(\d{1,9})"$/;

/**
 * The version the edit is based on. An If-Match that names no version this API hands out (another tag, junk)
 * matches nothing, so the edit is refused with a 412 rather than applied blindly.
 */
export function expectedVersion(
  ifMatch: string | string[] | undefined,
  bodyVersion: unknown,
): ExpectedVersion {
  const header = Array.isArray(ifMatch) ? ifMatch.join(',') : ifMatch;
  if (header !== undefined && header.trim() !== '') {
    const tags = header.split(',').map((tag) => tag.trim());
    if (tags.includes('*')) return { via: 'if-match', versions: null };
    const versions = tags.flatMap((tag) => {
      const match = ENTITY_TAG.exec(tag);
      return match ? [Number(match[1])] : [];
    });
    return { via: 'if-match', versions };
  }
  if (typeof bodyVersion !== 'number') throw new ApiError(400, { version: [REQUIRED] });
  return { via: 'body', versions: [bodyVersion] };
}

export const versionMatches = (expected: ExpectedVersion, version: number) =>
  expected.versions === null || expected.versions.includes(version);

/**
 * The `AND version = ANY(…)` of the conditional UPDATE, with its parameter: with the row lock the service
 * takes first it never fails after the check passed, and without it the UPDATE alone still refuses a stale edit.
 */
export function versionCondition(
  expected: ExpectedVersion,
  param: number,
): { sql: string; params: unknown[] } {
  if (expected.versions === null) return { sql: '', params: [] };
  return { sql: ` AND version = ANY($${param}::int[])`, params: [expected.versions] };
}

/** Who made the last change the version counts, and when, as the audit trail recorded it. */
export async function lastChange(
  db: Queryable,
  shopId: number,
  entity: 'client' | 'item',
  entityId: number,
  actions: { only?: readonly string[]; except?: readonly string[] },
): Promise<{ changedBy: string | null; changedAt: string | null }> {
  const rows = await db.query<{ username: string | null; created_at: Date | string }>(
    // The name the trail kept (its actor column, where the audit trail stores one) outlives a deleted user.
    `SELECT coalesce(u.username, to_jsonb(a) ->> 'actor') AS username, a.created_at
       FROM audit_log a LEFT JOIN users u ON u.id = a.user_id
      WHERE a.shop_id = $1 AND a.entity = $2 AND a.entity_id = $3
        AND ($4::text[] IS NULL OR a.action = ANY($4::text[]))
        AND ($5::text[] IS NULL OR a.action <> ALL($5::text[]))
      ORDER BY a.id DESC LIMIT 1`,
    [shopId, entity, entityId, actions.only ?? null, actions.except ?? null],
  );
  const row = rows[0];
  return row
    ? { changedBy: row.username, changedAt: new Date(row.created_at).toISOString() }
    : { changedBy: null, changedAt: null };
}

/** The refusal of a stale edit: 409 for the body's version, 412 for If-Match, with the record now. */
export function staleEdit<R extends { updatedAt: string; version: number }>(
  expected: ExpectedVersion,
  detail: string,
  current: R,
  last: { changedBy: string | null; changedAt: string | null },
): ApiError {
  const body = {
    detail,
    changedBy: last.changedBy,
    changedAt: last.changedAt ?? current.updatedAt,
    current,
  };
  const status = expected.via === 'if-match' ? 412 : 409;
  return new ApiError(status, body, { etag: etagOf(current.version) });
}
