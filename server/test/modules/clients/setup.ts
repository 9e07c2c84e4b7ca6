import type { Queryable } from '../../../src/db/database';
import { AuditRepository } from '../../../src/modules/audit';
import { apiTestbed, type Browser } from '../../helper';

export const CLIENTS = '/api/clients/';
export const client = (id: number | string) => `/api/clients/${id}/`;
export const ledger = (id: number | string) => `/api/clients/${id}/ledger/`;
export const kyc = (id: number | string) => `/api/clients/${id}/kyc/`;
export const kycDocument = (id: number | string, docId: number | string) =>
  `/api/clients/${id}/kyc/${docId}/`;
/** The client's History (issue 12), which replaced the raw audit list. */
export const audit = (id: number | string) => `/api/clients/${id}/history/`;

/**
 * The client's own audit entries as stored (newest first): what History words for staff. Read through the audit
 * module, which opens the personal data it seals under the client's key (issue 25 item 3, audit/client-keys.ts).
 */
export async function auditOf(db: Queryable, id: number) {
  const [owner] = await db.query<{ shop_id: number }>('SELECT shop_id FROM clients WHERE id = $1', [id]);
  const entries = owner ? await new AuditRepository(db).list(Number(owner.shop_id), 'client', id) : [];
  const results = entries.map((e) => ({
    id: e.id,
    action: e.action,
    userId: e.userId,
    username: e.actor,
    before: e.before,
    after: e.after,
    createdAt: e.createdAt.toISOString(),
  }));
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
