import { CDD_NOT_ALLOWED, COMPLIANCE_NOT_ALLOWED, type AmlEventList, type Client } from '@loupe/contracts';
import { AML, complianceTestbed, ledger, uploadKyc, verification } from './setup';

// Clock: 2026-03-01 09:00 UTC (London's 1 March).
const { as, create, state } = complianceTestbed();

describe('POST / DELETE /api/clients/{id}/verification/', () => {
  it('records who verified the client and when (today by default), and withdraws it; both in History', async () => {
    const gold = await as('gold');
    const id = await create({ name: 'Ines Dominguez' });
    const recorded = await gold.post(verification(id), {});
    expect(recorded.statusCode).toBe(200);
    expect((recorded.json() as Client).cdd).toEqual({
      verifiedBy: 'gold',
      verifiedOn: '2026-03-01',
      complete: false,
    });
    // With a KYC document on file due diligence is complete.
    expect((await uploadKyc(gold, id)).statusCode).toBe(201);
    expect(((await gold.get(`/api/clients/${id}/`)).json() as Client).cdd.complete).toBe(true);

    const platinum = await as('platinum');
    const dated = await platinum.post(verification(id), { verifiedOn: '2026-02-14' });
    expect((dated.json() as Client).cdd).toEqual({
      verifiedBy: 'platinum',
      verifiedOn: '2026-02-14',
      complete: true,
    });

    const withdrawn = await gold.send('DELETE', verification(id));
    expect(withdrawn.statusCode).toBe(200);
    expect((withdrawn.json() as Client).cdd).toEqual({ verifiedBy: null, verifiedOn: null, complete: false });

    const history = (await gold.get(`/api/clients/${id}/history/`)).json() as {
      results: Array<{ action: string; summary: string; actor: string | null }>;
    };
    expect(history.results.slice(0, 3).map((e) => [e.action, e.summary])).toEqual([
      ['unverify', 'Withdrew the identity verification'],
      ['verify', 'Recorded the identity verification, verified on 14 Feb 2026'],
      ['kyc_upload', expect.any(String)],
    ]);
    expect(history.results[3]).toMatchObject({
      action: 'verify',
      summary: 'Recorded the identity verification, verified on 1 Mar 2026',
    });
  });

  it('refuses a date in the future or not a date, with a 400 on the field', async () => {
    const gold = await as('gold');
    const id = await create({ name: 'Future' });
    const future = await gold.post(verification(id), { verifiedOn: '2026-03-02' });
    expect(future.statusCode).toBe(400);
    expect(Object.keys(future.json() as object)).toEqual(['verifiedOn']);
    expect((await gold.post(verification(id), { verifiedOn: '2026-02-30' })).statusCode).toBe(400);
    expect(((await gold.get(`/api/clients/${id}/`)).json() as Client).cdd.verifiedOn).toBeNull();
  });

  it('is for platinum and gold: silver gets a 403 with the reason and nothing changes', async () => {
    const id = await create({ name: 'Silver Cannot' });
    const silver = await as('silver');
    const refused = await silver.post(verification(id), {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: CDD_NOT_ALLOWED });
    expect((await silver.send('DELETE', verification(id))).statusCode).toBe(403);
    const rows = await state.db.query("SELECT id FROM audit_log WHERE action IN ('verify', 'unverify')");
    expect(rows).toEqual([]);
  });

  it('answers 404 for another shop\u2019s client, and for none', async () => {
    const id = await create({ name: 'Ours' });
    const rival = await as('rival');
    expect((await rival.post(verification(id), {})).statusCode).toBe(404);
    expect((await rival.send('DELETE', verification(id))).statusCode).toBe(404);
    expect((await (await as('gold')).post(verification(999999), {})).statusCode).toBe(404);
    expect(
      ((await (await as('gold')).get(`/api/clients/${id}/`)).json() as Client).cdd.verifiedOn,
    ).toBeNull();
  });
});

describe('GET /api/compliance/aml/ and its CSV', () => {
  /** One refused attempt (29 Feb is no day in 2026: 28 Feb) and one flagged payment today. */
  async function twoEvents() {
    const gold = await as('gold');
    const unverified = await create({ name: '=HYPERLINK("x")' });
    expect(
      (await gold.post(ledger(unverified), { direction: 'received', amount: '9000.00', date: '2026-02-28' }))
        .statusCode,
    ).toBe(409);
    const verified = await create({ name: 'Verified Buyer' });
    await uploadKyc(gold, verified);
    await gold.post(verification(verified), {});
    expect((await gold.post(ledger(verified), { direction: 'received', amount: '8500.00' })).statusCode).toBe(
      201,
    );
    return { unverified, verified };
  }

  it('lists flagged payments and refused attempts, newest first, filtered by outcome and dates', async () => {
    const { unverified, verified } = await twoEvents();
    const gold = await as('gold');
    const all = (await gold.get(AML)).json() as AmlEventList;
    expect(all.count).toBe(2);
    expect(all.results.map((e) => [e.outcome, e.clientId, e.date, e.amountEur, e.createdBy])).toEqual([
      ['flagged', verified, '2026-03-01', 10000, 'gold'],
      ['refused', unverified, '2026-02-28', 10588.24, 'gold'],
    ]);
    expect(all.results[1]).toMatchObject({
      kind: 'payment',
      missing: ['identity_document', 'verification'],
      amount: 9000,
      currency: 'GBP',
      amountGbp: 9000,
      eurGbpRate: 0.85,
      ledgerEntryId: null,
    });
    const refused = (await gold.get(`${AML}?outcome=refused`)).json() as AmlEventList;
    expect(refused.results.map((e) => e.clientId)).toEqual([unverified]);
    const march = (await gold.get(`${AML}?date_from=2026-03-01`)).json() as AmlEventList;
    expect(march.results.map((e) => e.outcome)).toEqual(['flagged']);
    const february = (await gold.get(`${AML}?date_to=2026-02-28&page_size=10`)).json() as AmlEventList;
    expect(february.results.map((e) => e.outcome)).toEqual(['refused']);
    expect((await gold.get(`${AML}?outcome=maybe`)).statusCode).toBe(400);
    expect((await gold.get(`${AML}?date_from=2026-03-02&date_to=2026-03-01`)).statusCode).toBe(400);
    // Another shop sees none of it.
    expect(((await (await as('rival')).get(AML)).json() as AmlEventList).count).toBe(0);
  });

  it('exports the same rows as CSV, a name that reads as a formula defused', async () => {
    await twoEvents();
    const platinum = await as('platinum');
    const csv = await platinum.get(`${AML}csv/?outcome=refused`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="loupe-aml-2026-03-01.csv"');
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Date,Outcome,Client,Kind,What,Amount,Currency,Exchange rate,Amount (GBP),Amount (EUR),Linked total (EUR),' +
        'EUR/GBP rate,Missing,By,Recorded at (UTC)',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      /^2026-02-28,Refused,"'=HYPERLINK\(""x""\)",Payment received,Payment received,9000\.00,GBP,1,9000\.00,10588\.24,10588\.24,0\.85,Identity document; Verification,gold,/,
    );
  });

  it('is for platinum and gold: silver gets the 403 with its reason, list and CSV alike', async () => {
    const silver = await as('silver');
    for (const url of [AML, `${AML}csv/`]) {
      const response = await silver.get(url);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: COMPLIANCE_NOT_ALLOWED });
    }
    expect((await (await as('gold')).get(`${AML}csv/`)).statusCode).toBe(200);
  });
});
