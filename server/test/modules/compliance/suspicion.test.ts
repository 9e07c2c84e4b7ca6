import {
  NCA_REFERENCE_REQUIRED,
  NOMINATED_OFFICER_ONLY,
  NO_DISCLOSURE_NOTES_REQUIRED,
  SUSPICION_GROUNDS_REQUIRED,
  SUSPICION_SUBJECT_NOT_FOUND,
  type AuditEvent,
  type SuspicionReport,
} from '@loupe/contracts';
import type { Browser, Caller } from '../../helper';
import { audit as history, client as clientUrl, clientsTestbed } from '../clients/setup';

// Internal suspicious activity reports (POCA 2002 s.330/331, MLR 2017 reg. 21(5)): any member reports, the
// nominated officer alone sees and decides them, and nothing of a report reaches the client's screens or the
// trail others read (POCA s.333A).
const { state, as, create } = clientsTestbed();

const SUSPICIONS = '/api/compliance/suspicions/';
const decision = (id: number) => `${SUSPICIONS}${id}/decision/`;
const GROUNDS = 'Paid £9,500 in used notes and asked twice how to keep the purchase off any records.';

async function nominate(who: 'gold' | 'platinum'): Promise<void> {
  const owner = await as('platinum');
  const res = await owner.put(`/api/shops/${state.fx.shopId}/nominated-officer/`, {
    user: state.fx.ids[who],
  });
  expect(res.statusCode).toBe(200);
}

async function report(browser: Browser, body: Record<string, unknown>) {
  return browser.post(SUSPICIONS, body);
}

const activity = async (browser: Browser): Promise<AuditEvent[]> =>
  ((await browser.get('/api/activity/?page_size=100')).json() as { results: AuditEvent[] }).results;

describe('raising a report', () => {
  it('answers the reporter only that it was received, with a reference counted per shop', async () => {
    const clientId = await create({ name: 'Victor Cash' });
    const silver = await as('silver');
    const first = await report(silver, {
      subject: 'client',
      subject_id: clientId,
      grounds: `  ${GROUNDS}  `,
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ reference: 'SAR-0001', received_at: '2026-03-01T09:00:00.000Z' });
    const second = await report(await as('gold'), {
      subject: 'client',
      subject_id: clientId,
      grounds: 'Again.',
    });
    expect(second.json()).toMatchObject({ reference: 'SAR-0002' });
    // Another shop counts its own.
    const rivalClient = await create({ name: 'Rival Client' }, await as('rival'));
    const rival = await report(await as('outsider'), {
      subject: 'client',
      subject_id: rivalClient,
      grounds: 'Odd.',
    });
    expect(rival.json()).toMatchObject({ reference: 'SAR-0001' });
    const stored = await state.db.query<{ grounds: string; client_id: number; subject_name: string }>(
      'SELECT grounds, client_id, subject_name FROM suspicion_reports WHERE shop_id = $1 ORDER BY number',
      [state.fx.shopId],
    );
    expect(stored[0]).toEqual({ grounds: GROUNDS, client_id: clientId, subject_name: 'Victor Cash' });
  });

  it('reports a deal, naming the deal and linking its client', async () => {
    const clientId = await create({ name: 'Deal Client' });
    const gold = await as('gold');
    const deal = await gold.post('/api/deals/', {
      clientId,
      lines: [{ kind: 'other', description: 'Leather strap', price: '120' }],
      payments: [{ method: 'Credit Card', amount: '120' }],
    });
    expect(deal.statusCode).toBe(201);
    const dealId = (deal.json() as { id: number }).id;
    expect(
      (await report(await as('silver'), { subject: 'deal', subject_id: dealId, grounds: GROUNDS }))
        .statusCode,
    ).toBe(201);
    await nominate('gold');
    const [row] = ((await gold.get(SUSPICIONS)).json() as { results: SuspicionReport[] }).results;
    expect(row).toMatchObject({
      subject: 'deal',
      subject_id: dealId,
      subject_name: `Deal ${dealId}`,
      client_id: clientId,
      client_name: 'Deal Client',
    });
  });

  it('refuses blank grounds and a record of another shop or none, and writes nothing', async () => {
    const silver = await as('silver');
    const rivalClient = await create({ name: 'Rival Client' }, await as('rival'));
    const ownClient = await create({ name: 'Own Client' });
    const blank = await report(silver, { subject: 'client', subject_id: ownClient, grounds: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ grounds: [SUSPICION_GROUNDS_REQUIRED] });
    for (const [subject, id] of [
      ['client', rivalClient],
      ['deal', 999999],
      ['sale', 999999],
      ['purchase', 999999],
    ] as const) {
      const res = await report(silver, { subject, subject_id: id, grounds: GROUNDS });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ subject_id: [SUSPICION_SUBJECT_NOT_FOUND] });
    }
    expect(
      (await report(silver, { subject: 'item', subject_id: ownClient, grounds: GROUNDS })).statusCode,
    ).toBe(400);
    expect(
      (
        await (
          await as('anonymous')
        ).post(SUSPICIONS, { subject: 'client', subject_id: ownClient, grounds: GROUNDS })
      ).statusCode,
    ).toBe(401);
    expect(await state.db.query('SELECT id FROM suspicion_reports')).toEqual([]);
  });
});

describe('who sees a report', () => {
  async function silverReports(): Promise<number> {
    const clientId = await create({ name: 'Victor Cash' });
    const res = await report(await as('silver'), {
      subject: 'client',
      subject_id: clientId,
      grounds: GROUNDS,
    });
    expect(res.statusCode).toBe(201);
    return clientId;
  }

  it('lists it to nobody while no officer is named', async () => {
    await silverReports();
    for (const caller of ['silver', 'gold', 'platinum', 'rival'] as Caller[]) {
      const res = await (await as(caller)).get(SUSPICIONS);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: NOMINATED_OFFICER_ONLY });
    }
  });

  it('shows it to the nominated officer alone, and never in the client’s History or to anyone else’s Activity', async () => {
    const clientId = await silverReports();
    await nominate('gold');
    const officer = await as('gold');
    const register = (await officer.get(SUSPICIONS)).json() as { results: SuspicionReport[]; count: number };
    expect(register.count).toBe(1);
    expect(register.results[0]).toMatchObject({
      reference: 'SAR-0001',
      subject: 'client',
      client_id: clientId,
      client_name: 'Victor Cash',
      grounds: GROUNDS,
      reported_by: 'silver',
      decision: null,
    });
    // The owner is not the officer: no register, and nothing of the report in Activity, its CSV or filters.
    const owner = await as('platinum');
    expect((await owner.get(SUSPICIONS)).statusCode).toBe(403);
    const ownerTrail = await activity(owner);
    expect(ownerTrail.length).toBeGreaterThan(0);
    expect(ownerTrail.filter((e) => e.entity === 'suspicion_report')).toEqual([]);
    const byKind = await owner.get('/api/activity/?entity=suspicion_report');
    expect(byKind.statusCode === 400 || (byKind.json() as { count: number }).count === 0).toBe(true);
    const csv = (await owner.get('/api/activity/csv/')).body;
    expect(csv).not.toMatch(/SAR-0001|suspicio/i);
    const filters = (await owner.get('/api/activity/filters/')).json() as {
      entities: Array<{ value: string }>;
      actions: Array<{ value: string }>;
    };
    expect(filters.entities.map((e) => e.value)).not.toContain('suspicion_report');
    expect(filters.actions.map((e) => e.value)).not.toContain('report_suspicion');

    // The client's own screens, for everyone, the officer included: nothing.
    for (const caller of ['silver', 'gold', 'platinum'] as Caller[]) {
      const browser = await as(caller);
      const trail = (await browser.get(history(clientId))).json() as { results: AuditEvent[] };
      expect(trail.results.map((e) => e.action)).toEqual(['create']);
      const page = (await browser.get(clientUrl(clientId))).body;
      expect(page).not.toMatch(/SAR-|suspicio|keep the purchase off/i);
    }
    const linked = await state.db.query("SELECT client_id FROM audit_log WHERE entity = 'suspicion_report'");
    expect(linked).toEqual([{ client_id: null }]);
  });

  it('shows the report in Activity to an owner who is the nominated officer', async () => {
    await silverReports();
    await nominate('platinum');
    const owner = await as('platinum');
    const entries = (await activity(owner)).filter((e) => e.entity === 'suspicion_report');
    expect(entries).toMatchObject([{ action: 'report_suspicion', recordName: 'SAR-0001', actor: 'silver' }]);
    expect((await owner.get(SUSPICIONS)).json()).toMatchObject({ count: 1 });
  });
});

describe('the officer’s decision', () => {
  async function reported(): Promise<number> {
    const clientId = await create({ name: 'Victor Cash' });
    await report(await as('silver'), { subject: 'client', subject_id: clientId, grounds: GROUNDS });
    await nominate('gold');
    const [row] = await state.db.query<{ id: number }>('SELECT id FROM suspicion_reports');
    return Number(row?.id);
  }

  it('records a disclosure with the NCA reference and day, audited, and later a change of mind', async () => {
    const id = await reported();
    const officer = await as('gold');
    const missing = await officer.post(decision(id), { decision: 'disclosed' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ nca_reference: [NCA_REFERENCE_REQUIRED] });
    expect(Object.keys(missing.json() as object).sort()).toEqual(['disclosed_on', 'nca_reference']);
    const future = await officer.post(decision(id), {
      decision: 'disclosed',
      nca_reference: 'NCA-123',
      disclosed_on: '2026-03-02',
    });
    expect(future.statusCode).toBe(400);
    expect(Object.keys(future.json() as object)).toEqual(['disclosed_on']);

    const done = await officer.post(decision(id), {
      decision: 'disclosed',
      nca_reference: ' NCA-2026-000123 ',
      disclosed_on: '2026-02-28',
      notes: 'Submitted through the SAR Portal.',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      decision: 'disclosed',
      nca_reference: 'NCA-2026-000123',
      disclosed_on: '2026-02-28',
      decided_by: 'gold',
      decided_at: '2026-03-01T09:00:00.000Z',
    });

    const noReasons = await officer.post(decision(id), { decision: 'no_disclosure', notes: ' ' });
    expect(noReasons.statusCode).toBe(400);
    expect(noReasons.json()).toEqual({ notes: [NO_DISCLOSURE_NOTES_REQUIRED] });

    const trail = await state.db.query<{ action: string; before: unknown; after: unknown; user_id: number }>(
      "SELECT action, before, after, user_id FROM audit_log WHERE entity = 'suspicion_report' ORDER BY id",
    );
    expect(trail.map((e) => e.action)).toEqual(['report_suspicion', 'decide_suspicion']);
    expect(trail[1]).toMatchObject({
      user_id: state.fx.ids.gold,
      before: { decision: null, ncaReference: null },
      after: { decision: 'disclosed', ncaReference: 'NCA-2026-000123', disclosedOn: '2026-02-28' },
    });
    // The grounds stay in the register, never in the trail.
    expect(JSON.stringify(trail)).not.toContain('keep the purchase off');
  });

  it('records no disclosure with the reasons', async () => {
    const id = await reported();
    const res = await (
      await as('gold')
    ).post(decision(id), {
      decision: 'no_disclosure',
      notes: 'Explained: proceeds of a documented house sale.',
      nca_reference: 'ignored',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ decision: 'no_disclosure', nca_reference: null, disclosed_on: null });
  });

  it('refuses everyone else, and a report of another shop', async () => {
    const id = await reported();
    for (const caller of ['silver', 'platinum', 'rival'] as Caller[]) {
      const res = await (await as(caller)).post(decision(id), { decision: 'no_disclosure', notes: 'x' });
      expect(res.statusCode).toBe(403);
    }
    expect(
      (await (await as('gold')).post(decision(id + 1000), { decision: 'no_disclosure', notes: 'x' }))
        .statusCode,
    ).toBe(404);
    expect(await state.db.query('SELECT decision FROM suspicion_reports')).toEqual([{ decision: null }]);
  });
});
