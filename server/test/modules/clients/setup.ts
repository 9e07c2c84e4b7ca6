import type { Queryable } from '../../../src/db/database';
import { apiTestbed, type Browser } from '../../helper';

export const CLIENTS = '/api/clients/';
export const client = (id: number | string) => `/api/clients/${id}/`;
export const ledger = (id: number | string) => `/api/clients/${id}/ledger/`;
export const kyc = (id: number | string) => `/api/clients/${id}/kyc/`;
export const kycDocument = (id: number | string, docId: number | string) =>
  `/api/clients/${id}/kyc/${docId}/`;
/** The client's History (issue 12), which replaced the raw audit list. */
export const audit = (id: number | string) => `/api/clients/${id}/history/`;

/** The client's own audit entries as stored (newest first): what History words for staff. */
export async function auditOf(db: Queryable, id: number) {
  const results = (
    await db.query<{
      id: number;
      action: string;
      userId: number | null;
      username: string | null;
      before: unknown;
      after: unknown;
      createdAt: Date;
    }>(
      `SELECT id::int AS id, action, user_id AS "userId", actor AS username, before, after, created_at AS "createdAt"
         FROM audit_log WHERE entity = 'client' AND entity_id = $1 ORDER BY id DESC`,
      [id],
    )
  ).map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() }));
  return { count: results.length, results };
}

/**
 * One database for the test file that calls it; every test starts from the fixtures' users and shops (no
 * clients), a clock fixed at 2026-03-01 09:00 UTC, and an empty uploads folder.
 */
export function clientsTestbed() {
  const testbed = apiTestbed({ clock: true });
  const { state, as } = testbed;
  afterEach(async () => {
    // Whatever a test did, every balance is still the exact sum of its ledger.
    const unbalanced = await state.db.query(
      `SELECT c.id, c.balance::text AS balance FROM clients c
        WHERE c.balance <> (SELECT coalesce(sum(l.amount_gbp), 0) FROM client_ledger l WHERE l.client_id = c.id)`,
    );
    expect(unbalanced).toEqual([]);
  });

  /** Adds a client through the API (as gold unless told) and returns its id. */
  const create = async (body: Record<string, unknown>, browser?: Browser): Promise<number> => {
    const b = browser ?? (await as('gold'));
    const response = await b.post(CLIENTS, { email: 'someone@example.com', ...body });
    if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
    return (response.json() as { id: number }).id;
  };

  const tableCounts = async () => {
    const rows = await state.db.query<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM clients) AS clients,
              (SELECT count(*)::int FROM client_documents) AS documents,
              (SELECT count(*)::int FROM client_ledger) AS ledger,
              (SELECT count(*)::int FROM audit_log WHERE entity NOT IN ('session', 'user')) AS audit`,
    );
    return rows[0] as Record<string, number>;
  };

  return { ...testbed, create, tableCounts };
}
