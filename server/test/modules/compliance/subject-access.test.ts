import { endpoints, pathOf, type Item } from '@loupe/contracts';
import { itemBody } from '../inventory/setup';
import { subjectAccess, unzip } from './retention-setup';
import { retentionTestbed } from './retention-setup';
import { uploadKyc } from './setup';

// The subject access export (UK GDPR Art. 15): one ZIP holding every record of the client — the record, payments,
// sales, invoices (as JSON and as printed PDFs), KYC papers, the history — and nothing of another client.
const { state, as, create, paidOn } = retentionTestbed();

async function soldTo(clientId: number, serial: string, price: string): Promise<number> {
  const gold = await as('gold');
  const added = await gold.post('/api/items/', itemBody({ serial, brand: 'Omega', model: 'Speedmaster' }));
  expect(added.statusCode).toBe(201);
  const sold = await gold.post(pathOf(endpoints.items.sell, { id: (added.json() as Item).id }), {
    price,
    clientId,
    paymentMethod: 'Bank Transfer',
  });
  expect([sold.statusCode, sold.statusCode === 200 ? '' : sold.body]).toEqual([200, '']);
  return (sold.json() as Item).sale?.invoice?.id as number;
}

describe('the subject access export', () => {
  it('holds every record of the client and nothing of another client', async () => {
    const ada = await create({ name: 'Ada Lovelace', email: 'ada@example.com', phone: '020 7946 0001' });
    const bob = await create({ name: 'Bob Other', email: 'bob.other@example.com', phone: '020 7946 0999' });
    await paidOn(ada, '2025-11-02', '120.00');
    await paidOn(ada, '2026-01-15', '80.00');
    await paidOn(bob, '2026-01-20', '777.00');
    const gold = await as('gold');
    expect((await uploadKyc(gold, ada)).statusCode).toBe(201);
    expect((await uploadKyc(gold, bob)).statusCode).toBe(201);
    const adaInvoice = await soldTo(ada, 'SAR-ADA-1', '4100.00');
    await soldTo(bob, 'SAR-BOB-1', '5200.00');
    for (const [client, fault] of [
      [ada, 'Ada watch stops'],
      [bob, 'Bob crown loose'],
    ] as const)
      expect(
        (await gold.post('/api/workshop/jobs/', { clientId: client, reportedFault: fault })).statusCode,
      ).toBe(201);

    const platinum = await as('platinum');
    const response = await platinum.get(subjectAccess(ada));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="subject-access-client-${ada}-2026-03-01.zip"`,
    );
    const files = await unzip(response.rawPayload);
    const names = [...files.keys()].sort();
    const [kycDoc] = await state.db.query<{ id: number }>(
      'SELECT id FROM client_documents WHERE client_id = $1',
      [ada],
    );
    const [inv] = await state.db.query<{ reference: string }>(
      'SELECT reference FROM invoices WHERE id = $1',
      [adaInvoice],
    );
    expect(names).toEqual(
      [
        'README.txt',
        'client.json',
        `invoices/${inv?.reference}.pdf`,
        `kyc/${kycDoc?.id}-passport.png`,
      ].sort(),
    );
    expect(files.get(`invoices/${inv?.reference}.pdf`)?.subarray(0, 5).toString()).toBe('%PDF-');
    expect(files.get(`kyc/${kycDoc?.id}-passport.png`)?.subarray(1, 4).toString()).toBe('PNG');

    const text = files.get('client.json')?.toString('utf8') ?? '';
    const data = JSON.parse(text) as Record<string, unknown> & {
      client: { id: number; name: string; email: string; phone: string };
      ledgerEntries: { id: number; client_id: number; entry_date: string; amount_gbp: number }[];
      sales: { client_id: number }[];
      invoices: { id: number; client_id: number }[];
      workshopJobs: { client_id: number; reported_fault: string }[];
      kycDocuments: { id: number }[];
      history: { summary: string; recordName: string | null }[];
    };
    expect(data.client).toMatchObject({
      id: ada,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '020 7946 0001',
    });
    // Every ledger entry, sale and invoice of the client, as the database holds them.
    const own = async (sql: string) =>
      (await state.db.query<{ id: number }>(sql, [ada])).map((r) => Number(r.id));
    expect(data.ledgerEntries.map((e) => Number(e.id)).sort()).toEqual(
      (await own('SELECT id FROM client_ledger WHERE client_id = $1')).sort(),
    );
    expect(data.ledgerEntries.map((e) => [e.entry_date, e.amount_gbp])).toEqual([
      ['2025-11-02', 120],
      ['2026-01-15', 80],
    ]);
    expect(data.sales).toHaveLength(1);
    expect(data.invoices.map((i) => Number(i.id))).toEqual([adaInvoice]);
    expect(data.kycDocuments.map((d) => d.id)).toEqual([kycDoc?.id]);
    expect(data.workshopJobs.map((j) => j.reported_fault)).toEqual(['Ada watch stops']);
    // The history in words, names decrypted (the owner exported it while the client is on file).
    expect(data.history.length).toBeGreaterThanOrEqual(5);
    expect(data.history.some((e) => e.recordName === 'Ada Lovelace')).toBe(true);
    // Nothing of Bob: not his name, e-mail, phone, amount, nor any of his rows.
    expect(text).not.toMatch(/Bob Other|bob\.other|7946 0999|777|SAR-BOB|5200|Bob crown/);
    const all = [...data.ledgerEntries, ...data.sales, ...data.invoices, ...data.workshopJobs].map((r) =>
      Number(r.client_id),
    );
    expect(new Set(all)).toEqual(new Set([ada]));

    // The export itself is audited on the client.
    const [last] = await state.db.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE entity = 'client' AND entity_id = $1 ORDER BY id DESC LIMIT 1",
      [ada],
    );
    expect(last?.action).toBe('subject_access');
  });

  it('is for the owner or the nominated officer; another shop finds no such client', async () => {
    const ada = await create({ name: 'Ada Private' });
    for (const role of ['gold', 'silver'] as const) {
      expect((await (await as(role)).get(subjectAccess(ada))).statusCode).toBe(403);
    }
    expect((await (await as('rival')).get(subjectAccess(ada))).statusCode).toBe(404);
    expect((await (await as('platinum')).get(subjectAccess(999999))).statusCode).toBe(404);
  });
});
