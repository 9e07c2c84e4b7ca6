import { createHash } from 'node:crypto';
import type {
  Client,
  ClientDocumentList,
  ClientList,
  ClientSummary,
  LedgerList,
  RetentionList,
} from '@loupe/contracts';
import { Browser, apiTestbed } from '../../helper';
import { auditOf, client, kyc, kycDocument, ledger } from './setup';
import { readStored } from '../../kernel/file-store-helpers';

/** The demo shop as a fresh start seeds it (clients, then stock, then finance), read through the API. */
describe('clients demo data', () => {
  const { state } = apiTestbed({ per: 'file', demo: new Date('2026-03-01T09:00:00Z') });
  let browser: Browser;

  beforeAll(async () => {
    browser = new Browser(state.app);
    await browser.signIn('silver', 'loupe-demo-2026');
  });

  it('seeds about 25 clients, active and inactive, debtors, creditors and settled, some with KYC', async () => {
    expect(state.db.seeded).not.toBeNull();
    const list = (await browser.get('/api/clients/?page_size=100')).json() as ClientList;
    expect(list.count).toBeGreaterThanOrEqual(24);
    expect(list.count).toBeLessThanOrEqual(30);
    const by = (f: (c: Client) => boolean) => list.results.filter(f).length;
    expect(by((c) => c.status === 'inactive')).toBeGreaterThanOrEqual(3);
    expect(by((c) => c.status === 'active')).toBeGreaterThanOrEqual(15);
    expect(by((c) => c.balance < 0)).toBeGreaterThanOrEqual(5);
    expect(by((c) => c.balance > 0)).toBeGreaterThanOrEqual(5);
    expect(by((c) => c.balance === 0)).toBeGreaterThanOrEqual(1);
    expect(by((c) => c.kyc)).toBeGreaterThanOrEqual(8);
    expect(by((c) => !c.kyc)).toBeGreaterThanOrEqual(5);
    // Stock seeding lends items to some of them, so the clients list has Return buttons to enable.
    expect(by((c) => c.hasItemCheckedOut)).toBeGreaterThanOrEqual(1);
    expect(list.results.every((c) => /^[^@\s]+@[^@\s]+\.[a-z]+$/.test(c.email) && c.name !== '')).toBe(true);
  });

  it('has two relationships that ended over five years ago in the retention review, and no one else (issue 25 item 3)', async () => {
    // The demo owner is the demo shop's nominated officer, who reviews retention (MLR 2017 reg. 40(3)).
    const owner = new Browser(state.app);
    await owner.signIn('platinum', 'loupe-demo-2026');
    const answer = await owner.get('/api/compliance/retention/');
    expect(answer.statusCode).toBe(200);
    const review = answer.json() as RetentionList;
    const due = review.results.filter((c) => c.due);
    expect(due.map((c) => c.name).sort()).toEqual(['Margaret Ellison', 'Reginald Hartley']);
    // Hartley's clock runs from his last payment, about six years before the seeding day; Ellison never
    // transacted, so hers runs from her record.
    const hartley = due.find((c) => c.name === 'Reginald Hartley');
    expect(hartley?.lastTransactionOn).not.toBeNull();
    expect(hartley!.retainUntil < review.today).toBe(true);
    expect(due.find((c) => c.name === 'Margaret Ellison')?.lastTransactionOn).toBeNull();
  });

  it('keeps every balance equal to its ledger sum, in several currencies', async () => {
    const unbalanced = await state.db.query(
      `SELECT c.id FROM clients c
        WHERE c.balance <> (SELECT coalesce(sum(amount_gbp), 0) FROM client_ledger l WHERE l.client_id = c.id)`,
    );
    expect(unbalanced).toEqual([]);
    const wrong = await state.db.query(
      'SELECT id FROM client_ledger WHERE amount_gbp <> round(amount * exchange_rate, 2)',
    );
    expect(wrong).toEqual([]);
    const currencies = await state.db.query<{ currency: string }>(
      'SELECT DISTINCT currency FROM client_ledger ORDER BY 1',
    );
    expect(currencies.map((r) => r.currency)).toEqual(['BTC', 'EUR', 'GBP', 'USD']);
  });

  it('agrees with the dashboard summary', async () => {
    const summary = (await browser.get('/api/clients/summary/')).json() as ClientSummary;
    const list = (await browser.get('/api/clients/?page_size=100')).json() as ClientList;
    expect(summary.total).toBe(list.count);
    expect(summary.withKyc).toBe(list.results.filter((c) => c.kyc).length);
    expect(summary.debtors).toHaveLength(5);
    expect(summary.creditors).toHaveLength(5);
    const pennies = (f: (c: Client) => boolean) =>
      list.results.filter(f).reduce((s, c) => s + Math.round(c.balance * 100), 0);
    expect(Math.round(summary.totalOwedToShop * 100)).toBe(-pennies((c) => c.balance < 0));
    expect(Math.round(summary.totalOwedByShop * 100)).toBe(pennies((c) => c.balance > 0));
  });

  it('stores real KYC files that download byte for byte, and audits what it seeded', async () => {
    const list = (await browser.get('/api/clients/?kyc=true&page_size=100')).json() as ClientList;
    const types = new Set<string>();
    for (const c of list.results) {
      const docs = (await browser.get(kyc(c.id))).json() as ClientDocumentList;
      expect(docs.count).toBeGreaterThanOrEqual(1);
      for (const doc of docs.results) {
        types.add(doc.contentType);
        const response = await browser.get(kycDocument(c.id, doc.id));
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe(doc.contentType);
        const rows = await state.db.query<{ storage_key: string; sha256: string }>(
          'SELECT storage_key, sha256 FROM client_documents WHERE id = $1',
          [doc.id],
        );
        const row = rows[0] as { storage_key: string; sha256: string };
        const bytes = await readStored(state.db, row.storage_key);
        expect(response.rawPayload.equals(bytes)).toBe(true);
        expect(createHash('sha256').update(bytes).digest('hex')).toBe(row.sha256);
      }
    }
    expect(types).toEqual(new Set(['application/pdf', 'image/png', 'image/jpeg']));

    const first = list.results[0] as Client;
    const trail = await auditOf(state.db, first.id);
    expect(trail.results.map((e) => e.action)).toContain('create');
    expect(trail.results.map((e) => e.action)).toContain('kyc_upload');
    const entries = (await browser.get(ledger(first.id))).json() as LedgerList;
    const own = entries.results.filter((e) => e.source === null).length;
    expect(trail.results.filter((e) => e.action === 'ledger_entry')).toHaveLength(own);
    expect((await browser.get(client(first.id))).statusCode).toBe(200);
  });
});
