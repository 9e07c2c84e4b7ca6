import {
  WORKSHOP_DECLINED_ONLY_RETURN,
  WORKSHOP_ESTIMATE_LOCKED,
  WORKSHOP_LOCATION_NEEDED,
  WORKSHOP_NOT_APPROVED,
  WORKSHOP_NOT_READY,
  WORKSHOP_NO_ESTIMATE,
  WORKSHOP_PROMISED_PAST,
  WORKSHOP_RETURN_WHEN,
  WORKSHOP_SUPPLIER_NEEDED,
  WORKSHOP_SUPPLIER_UNKNOWN,
  WORKSHOP_CLIENT_UNKNOWN,
  type JobDetail,
  type JobList,
  type StageMoveInput,
  type WorkshopStage,
} from '@loupe/contracts';
import { AuditRepository } from '../../../src/modules/audit';
import { onJobStageChanged, type JobStageChange } from '../../../src/modules/workshop';
import type { Browser } from '../../helper';
import { clientsTestbed } from '../clients/setup';
import { itemBody } from '../inventory/setup';

// Issue 23, items 1 and 2: workshop jobs and their stages. Runs on PGlite and, with TEST_DATABASE_URL, on
// PostgreSQL. The clock starts at 2026-03-01 09:00 UTC (the shop's day 2026-03-01, Europe/London).
const { state, as, create } = clientsTestbed();
const JOBS = '/api/workshop/jobs/';
const job = (id: number) => `${JOBS}${id}/`;
const DAY = 24 * 60 * 60 * 1000;

const intake = (clientId: number, extra: Record<string, unknown> = {}) => ({
  clientId,
  brand: 'Rolex',
  model: 'Submariner',
  makerReference: '126610LN',
  serial: 'SUB-123',
  conditionGrade: 'good',
  conditionNotes: 'Scratch on the clasp',
  declaredValue: '9500',
  reportedFault: 'Loses two minutes a day',
  requestedWork: 'Full service',
  accessories: 'Box, papers',
  ...extra,
});

async function takeIn(browser: Browser, body: Record<string, unknown>): Promise<JobDetail> {
  const response = await browser.post(JOBS, body);
  if (response.statusCode !== 201) throw new Error(`intake failed: ${response.body}`);
  return response.json() as JobDetail;
}

const move = (browser: Browser, id: number, to: WorkshopStage | StageMoveInput) =>
  browser.post(`${job(id)}stage/`, typeof to === 'string' ? { to } : to);

async function moved(browser: Browser, id: number, to: WorkshopStage | StageMoveInput): Promise<JobDetail> {
  const response = await move(browser, id, to);
  if (response.statusCode !== 200) throw new Error(`move to ${JSON.stringify(to)} failed: ${response.body}`);
  return response.json() as JobDetail;
}

const estimate = (browser: Browser, id: number, lines: unknown[], extra: Record<string, unknown> = {}) =>
  browser.put(`${job(id)}estimate/`, { lines, ...extra });

const SERVICE = [
  { kind: 'labour', description: 'Full service', amount: '350' },
  { kind: 'parts', description: 'Crystal', amount: '120.00' },
];

const stageOf = async (id: number) =>
  (await state.db.query<{ stage: string }>('SELECT stage FROM jobs WHERE id = $1', [id]))[0]?.stage;
const eventCount = async (id: number) =>
  (
    await state.db.query<{ n: number }>('SELECT count(*)::int AS n FROM job_stage_events WHERE job_id = $1', [
      id,
    ])
  )[0]?.n;

describe('intake', () => {
  it('numbers the job, records who took it in, and reads it back whole', async () => {
    const gold = await as('gold');
    const client = await create({ name: 'Ada Owner' }, gold);
    const created = await takeIn(gold, intake(client, { promisedDate: '2026-03-15', rush: true }));
    expect(created).toMatchObject({
      number: 1,
      reference: 'JOB-000001',
      clientId: client,
      clientName: 'Ada Owner',
      brand: 'Rolex',
      makerReference: '126610LN',
      stage: 'received',
      daysInStage: 0,
      receivedOn: '2026-03-01',
      promisedDate: '2026-03-15',
      overdue: false,
      rush: true,
      estimateRequired: true,
      declaredValueGbp: 9500,
      accessories: 'Box, papers',
      createdBy: 'gold',
      nextStages: ['assessing', 'returned_unrepaired'],
    });
    expect(created.events).toEqual([
      expect.objectContaining({ from: null, to: 'received', by: 'gold', at: '2026-03-01T09:00:00.000Z' }),
    ]);
    const audit = await new AuditRepository(state.db).list(state.fx.shopId, 'workshop_job', created.id);
    expect(audit.map((e) => [e.action, e.recordName, e.actor])).toEqual([['create', 'JOB-000001', 'gold']]);
    // Silver takes pieces in too: every member works the counter.
    const silver = await as('silver');
    expect((await takeIn(silver, intake(client))).reference).toBe('JOB-000002');
  });

  it('refuses what is missing or wrong, field by field, and saves nothing', async () => {
    const gold = await as('gold');
    const client = await create({ name: 'Ada Owner' }, gold);
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [{ reportedFault: 'Stopped' }, { clientId: ['This field is required.'] }],
      [intake(999999), { clientId: [WORKSHOP_CLIENT_UNKNOWN] }],
      [intake(client, { reportedFault: '   ' }), { reportedFault: ['This field may not be blank.'] }],
      [intake(client, { promisedDate: '2026-02-28' }), { promisedDate: [WORKSHOP_PROMISED_PAST] }],
      [intake(client, { promisedDate: '2026-02-30' }), { promisedDate: [expect.any(String)] }],
      [intake(client, { declaredValue: '-1' }), { declaredValue: [expect.any(String)] }],
      [
        intake(client, { depositRequested: '0' }),
        { depositRequested: ['Ensure this value is greater than 0.'] },
      ],
      [intake(client, { itemId: 999999 }), { itemId: [expect.any(String)] }],
    ];
    for (const [body, errors] of cases) {
      const response = await gold.post(JOBS, body);
      expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 400, body: errors });
    }
    // Outside the schema: an unknown grade, a missing fault.
    expect((await gold.post(JOBS, intake(client, { conditionGrade: 'mint' }))).statusCode).toBe(400);
    const { reportedFault: _fault, ...noFault } = intake(client);
    expect((await gold.post(JOBS, noFault)).statusCode).toBe(400);
    expect((await state.db.query('SELECT id FROM jobs')).length).toBe(0);
  });

  it('takes a stock item in for a pre-sale service without a client, described as on file', async () => {
    const gold = await as('gold');
    const item = await gold.post('/api/items/', itemBody({ serial: 'OMEGA-77' }));
    expect(item.statusCode).toBe(201);
    const itemId = (item.json() as { id: number }).id;
    const created = await takeIn(gold, {
      itemId,
      reportedFault: 'Pre-sale service',
      estimateRequired: false,
    });
    expect(created).toMatchObject({ clientId: null, clientName: '', itemId, serial: 'OMEGA-77' });
    expect(created.stockNumber).toEqual(expect.any(Number));
  });

  it('numbers 20 intakes at once JOB-000001 … JOB-000020, no gap and no duplicate', async () => {
    const gold = await as('gold');
    const client = await create({ name: 'Busy Client' }, gold);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => gold.post(JOBS, intake(client, { serial: `S-${i}` }))),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const numbers = responses.map((r) => (r.json() as JobDetail).number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const stored = await state.db.query<{ number: number }>('SELECT number FROM jobs ORDER BY number');
    expect(stored.map((r) => r.number)).toEqual(numbers);
  });
});

describe('stages', () => {
  it('walks a job from intake to collection, each move recorded with who and when', async () => {
    let gold = await as('gold');
    let silver = await as('silver');
    const client = await create({ name: 'Ada Owner' }, gold);
    const { id } = await takeIn(gold, intake(client));
    await moved(silver, id, 'assessing');
    // No estimate sent without lines.
    const empty = await move(gold, id, 'estimate_sent');
    expect({ status: empty.statusCode, body: empty.json() }).toEqual({
      status: 409,
      body: { detail: WORKSHOP_NO_ESTIMATE },
    });
    expect((await estimate(gold, id, SERVICE)).statusCode).toBe(200);
    await moved(gold, id, 'estimate_sent');
    // The estimate is fixed once sent.
    const locked = await estimate(gold, id, SERVICE.slice(0, 1));
    expect({ status: locked.statusCode, body: locked.json() }).toEqual({
      status: 409,
      body: { detail: WORKSHOP_ESTIMATE_LOCKED },
    });
    await moved(gold, id, 'approved');
    state.clock.advance(DAY);
    [gold, silver] = [await as('gold'), await as('silver')]; // yesterday's sessions have expired
    await moved(gold, id, { to: 'in_workshop', location: 'in_house', note: 'On the bench' });
    await moved(gold, id, 'quality_check');
    await moved(gold, id, { to: 'in_workshop', location: 'in_house', note: 'Rate still off' });
    await moved(gold, id, 'quality_check');
    await moved(gold, id, 'ready');
    // Collected with its payment, which issues the invoice (the money part, issue 23 item 5): £350 + £120.
    const paid = { payments: [{ method: 'Cash', amount: '470' }], note: 'Signed for' };
    expect((await silver.post(`${job(id)}collect/`, paid)).statusCode).toBe(200);
    const done = (await silver.get(job(id))).json() as JobDetail;
    expect(done).toMatchObject({ stage: 'collected', location: null, nextStages: [] });
    expect(done.events.map((e) => [e.from, e.to, e.by])).toEqual([
      [null, 'received', 'gold'],
      ['received', 'assessing', 'silver'],
      ['assessing', 'estimate_sent', 'gold'],
      ['estimate_sent', 'approved', 'gold'],
      ['approved', 'in_workshop', 'gold'],
      ['in_workshop', 'quality_check', 'gold'],
      ['quality_check', 'in_workshop', 'gold'],
      ['in_workshop', 'quality_check', 'gold'],
      ['quality_check', 'ready', 'gold'],
      ['ready', 'collected', 'silver'],
    ]);
    expect(done.events[4]).toMatchObject({
      location: 'in_house',
      note: 'On the bench',
      at: '2026-03-02T09:00:00.000Z',
    });
    expect(done.events[9]?.note).toBe('Signed for');
    const audited = await new AuditRepository(state.db).list(state.fx.shopId, 'workshop_job', id);
    expect(audited.filter((e) => e.action === 'stage')).toHaveLength(9);
    // A closed job moves no more.
    expect((await move(gold, id, 'ready')).statusCode).toBe(409);
  });

  it('refuses a collection before the piece is ready, and changes nothing', async () => {
    const gold = await as('gold');
    const client = await create({ name: 'Ada Owner' }, gold);
    const { id } = await takeIn(gold, intake(client, { estimateRequired: false }));
    for (const setup of [null, 'assessing', 'in_workshop', 'quality_check'] as const) {
      if (setup === 'in_workshop') await moved(gold, id, { to: 'in_workshop', location: 'in_house' });
      else if (setup !== null) await moved(gold, id, setup);
      const before = await eventCount(id);
      const response = await move(gold, id, 'collected');
      expect({ status: response.statusCode, body: response.json() }).toEqual({
        status: 409,
        body: { detail: WORKSHOP_NOT_READY },
      });
      expect(await eventCount(id)).toBe(before);
    }
  });

  it('refuses work before the client approved a required estimate; without one it may start', async () => {
    const gold = await as('gold');
    const client = await create({ name: 'Ada Owner' }, gold);
    const { id } = await takeIn(gold, intake(client));
    const workshop = { to: 'in_workshop', location: 'in_house' } as const;
    for (const step of [null, 'assessing', 'estimate_sent'] as const) {
      if (step === 'estimate_sent') expect((await estimate(gold, id, SERVICE)).statusCode).toBe(200);
      if (step !== null) await moved(gold, id, step);
      const response = await move(gold, id, workshop);
      expect({ status: response.statusCode, body: response.json() }).toEqual({
        status: 409,
        body: { detail: WORKSHOP_NOT_APPROVED },
      });
      expect(await stageOf(id)).toBe(step ?? 'received');
    }
    const quick = await takeIn(gold, intake(client, { estimateRequired: false, reportedFault: 'Battery' }));
    expect((await moved(gold, quick.id, workshop)).stage).toBe('in_workshop');
  });

  it('ends a declined estimate only returned unrepaired', async () => {
    const gold = await as('gold');
    const client = await create({ name: 'Ada Owner' }, gold);
    const { id } = await takeIn(gold, intake(client));
    await moved(gold, id, 'assessing');
    await estimate(gold, id, SERVICE);
    await moved(gold, id, 'estimate_sent');
    await moved(gold, id, 'declined');
    for (const to of ['approved', 'ready', 'collected'] as const) {
      const response = await move(gold, id, to);
      expect(response.statusCode).toBe(409);
    }
    const work = await move(gold, id, { to: 'in_workshop', location: 'in_house' });
    expect(work.json()).toEqual({ detail: WORKSHOP_DECLINED_ONLY_RETURN });
    expect((await moved(gold, id, 'returned_unrepaired')).stage).toBe('returned_unrepaired');
    // Only received, assessing and declined jobs end that way.
    const other = await takeIn(gold, intake(client, { estimateRequired: false }));
    await moved(gold, other.id, { to: 'in_workshop', location: 'in_house' });
    expect((await move(gold, other.id, 'returned_unrepaired')).json()).toEqual({
      detail: WORKSHOP_RETURN_WHEN,
    });
    const fresh = await takeIn(gold, intake(client));
    expect((await moved(gold, fresh.id, 'returned_unrepaired')).stage).toBe('returned_unrepaired');
  });

  it('sends a piece out to a supplier (a client of the shop) with its reference and expected return', async () => {
    let gold = await as('gold');
    const client = await create({ name: 'Ada Owner' }, gold);
    const centre = await create({ name: 'Rolex Service Centre' }, gold);
    const { id } = await takeIn(gold, intake(client, { estimateRequired: false }));
    const noWhere = await move(gold, id, 'in_workshop');
    expect(noWhere.json()).toEqual({ detail: WORKSHOP_LOCATION_NEEDED });
    const noSupplier = await move(gold, id, { to: 'in_workshop', location: 'sent_out' });
    expect(noSupplier.json()).toEqual({ detail: WORKSHOP_SUPPLIER_NEEDED });
    const unknown = await move(gold, id, { to: 'in_workshop', location: 'sent_out', supplierId: 999999 });
    expect({ status: unknown.statusCode, body: unknown.json() }).toEqual({
      status: 400,
      body: { supplierId: [WORKSHOP_SUPPLIER_UNKNOWN] },
    });
    const out = await moved(gold, id, {
      to: 'in_workshop',
      location: 'sent_out',
      supplierId: centre,
      supplierReference: 'RSC-4471',
      expectedReturn: '2026-04-01',
    });
    expect(out).toMatchObject({
      location: 'sent_out',
      supplierId: centre,
      supplierName: 'Rolex Service Centre',
      supplierReference: 'RSC-4471',
      expectedReturn: '2026-04-01',
    });
    expect(out.events.at(-1)).toMatchObject({ location: 'sent_out', supplierName: 'Rolex Service Centre' });
    // Back in house: a change of location, the stage's clock kept.
    state.clock.advance(3 * DAY);
    gold = await as('gold');
    const back = await moved(gold, id, { to: 'in_workshop', location: 'in_house' });
    expect(back).toMatchObject({ location: 'in_house', supplierId: null, daysInStage: 3 });
  });

  it('serialises two moves of one job: the second sees the first', async () => {
    const gold = await as('gold');
    const silver = await as('silver');
    const client = await create({ name: 'Ada Owner' }, gold);
    const { id } = await takeIn(gold, intake(client));
    const both = await Promise.all([move(gold, id, 'assessing'), move(silver, id, 'assessing')]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await eventCount(id)).toBe(2);
  });

  it('tells the after-commit listeners of each move; a failing listener does not undo it', async () => {
    const gold = await as('gold');
    const client = await create({ name: 'Ada Owner' }, gold);
    const { id } = await takeIn(gold, intake(client));
    const heard: JobStageChange[] = [];
    const listen = (change: JobStageChange) => {
      heard.push(change);
    };
    const fail = () => {
      throw new Error('mail server down');
    };
    onJobStageChanged.push(fail, listen);
    try {
      expect((await move(gold, id, 'assessing')).statusCode).toBe(200);
      expect((await move(gold, id, 'collected')).statusCode).toBe(409);
    } finally {
      onJobStageChanged.splice(onJobStageChanged.indexOf(fail), 2);
    }
    expect(heard).toEqual([
      expect.objectContaining({
        jobId: id,
        reference: 'JOB-000001',
        from: 'received',
        to: 'assessing',
        clientId: client,
      }),
    ]);
    expect(await stageOf(id)).toBe('assessing');
  });
});

describe('estimate, days in stage and overdue', () => {
  it('keeps VAT-inclusive lines with the VAT fraction of each', async () => {
    const gold = await as('gold');
    const client = await create({ name: 'Ada Owner' }, gold);
    const { id } = await takeIn(gold, intake(client));
    const bad = await estimate(gold, id, [{ kind: 'labour', description: ' ', amount: '0' }]);
    expect({ status: bad.statusCode, body: bad.json() }).toEqual({
      status: 400,
      body: {
        'lines[0].description': ['This field may not be blank.'],
        'lines[0].amount': ['Ensure this value is greater than 0.'],
      },
    });
    const response = await estimate(gold, id, SERVICE, { depositRequested: '100' });
    expect(response.statusCode).toBe(200);
    const detail = response.json() as JobDetail;
    expect(detail.estimate).toEqual({
      lines: [
        expect.objectContaining({ kind: 'labour', amountGbp: 350, vatGbp: 58.33, netGbp: 291.67 }),
        expect.objectContaining({ kind: 'parts', amountGbp: 120, vatGbp: 20, netGbp: 100 }),
      ],
      labourGbp: 350,
      partsGbp: 120,
      netGbp: 391.67,
      vatGbp: 78.33,
      totalGbp: 470,
    });
    expect(detail).toMatchObject({ estimateTotalGbp: 470, estimateLines: 2, depositRequestedGbp: 100 });
  });

  it('counts days in the stage and flags a job past its promised date until it is ready', async () => {
    let gold = await as('gold');
    const client = await create({ name: 'Ada Owner' }, gold);
    const { id } = await takeIn(
      gold,
      intake(client, { promisedDate: '2026-03-03', estimateRequired: false }),
    );
    state.clock.advance(5 * DAY);
    gold = await as('gold'); // the session of five days ago has expired
    const late = (await gold.get(job(id))).json() as JobDetail;
    expect(late).toMatchObject({ daysInStage: 5, overdue: true });
    const list = (await gold.get(`${JOBS}?overdue=true`)).json() as JobList;
    expect(list.results.map((j) => j.id)).toEqual([id]);
    expect(((await gold.get(`${JOBS}?overdue=false`)).json() as JobList).count).toBe(0);
    // A later promise lifts it.
    const put = await gold.put(job(id), { promisedDate: '2026-03-10', rush: true });
    expect(put.json()).toMatchObject({ overdue: false, rush: true, promisedDate: '2026-03-10' });
    expect((await gold.put(job(id), { promisedDate: '2026-02-27' })).json()).toEqual({
      promisedDate: [WORKSHOP_PROMISED_PAST],
    });
    state.clock.advance(10 * DAY);
    gold = await as('gold');
    await moved(gold, id, { to: 'in_workshop', location: 'in_house' });
    await moved(gold, id, 'quality_check');
    expect((await move(gold, id, 'quality_check')).statusCode).toBe(409);
    const ready = await moved(gold, id, 'ready');
    expect(ready).toMatchObject({ stage: 'ready', overdue: false, daysInStage: 0 });
  });
});

describe('lists and shops', () => {
  it('filters by stage, rush, overdue, text and supplier, open jobs first', async () => {
    const gold = await as('gold');
    const ada = await create({ name: 'Ada Owner' }, gold);
    const bea = await create({ name: 'Bea Client' }, gold);
    const centre = await create({ name: 'Omega Service' }, gold);
    const a = await takeIn(gold, intake(ada, { rush: true, promisedDate: '2026-03-05' }));
    const b = await takeIn(gold, intake(bea, { brand: 'Omega', serial: 'OM-1', estimateRequired: false }));
    const c = await takeIn(gold, intake(bea, { brand: 'Cartier', serial: 'CA-1' }));
    await moved(gold, b.id, { to: 'in_workshop', location: 'sent_out', supplierId: centre });
    await moved(gold, c.id, 'returned_unrepaired');
    const ids = async (query: string) =>
      ((await gold.get(`${JOBS}${query}`)).json() as JobList).results.map((j) => j.id);
    expect(await ids('')).toEqual([a.id, b.id, c.id]);
    expect(await ids('?stage=received')).toEqual([a.id]);
    expect(await ids('?stage=received,in_workshop')).toEqual([a.id, b.id]);
    expect(await ids('?rush=true')).toEqual([a.id]);
    expect(await ids('?q=bea')).toEqual([b.id, c.id]);
    expect(await ids('?q=om-1')).toEqual([b.id]);
    expect(await ids(`?q=JOB-00000${c.number}`)).toEqual([c.id]);
    expect(await ids(`?supplier=${centre}`)).toEqual([b.id]);
    expect(await ids('?page_size=10&page=1')).toHaveLength(3);
    expect((await gold.get(`${JOBS}?stage=lost`)).statusCode).toBe(400);
    expect((await gold.get(`${JOBS}?page=2`)).statusCode).toBe(404);
    const row = ((await gold.get(`${JOBS}?stage=in_workshop`)).json() as JobList).results[0];
    expect(row).toMatchObject({ supplierName: 'Omega Service', daysInStage: 0, overdue: false });
  });

  it("answers 404 for another shop's job, and lists none of them", async () => {
    const gold = await as('gold');
    const client = await create({ name: 'Ada Owner' }, gold);
    const { id } = await takeIn(gold, intake(client));
    const rival = await as('rival');
    expect((await rival.get(job(id))).statusCode).toBe(404);
    expect((await move(rival, id, 'assessing')).statusCode).toBe(404);
    expect((await estimate(rival, id, SERVICE)).statusCode).toBe(404);
    expect((await rival.put(job(id), { rush: true })).statusCode).toBe(404);
    expect((await rival.get(`${job(id)}photos/1/`)).statusCode).toBe(404);
    expect(((await rival.get(JOBS)).json() as JobList).count).toBe(0);
    // Nor may a job of theirs name our client.
    expect((await rival.post(JOBS, intake(client))).json()).toEqual({ clientId: [WORKSHOP_CLIENT_UNKNOWN] });
    expect(await stageOf(id)).toBe('received');
    expect([401, 403]).toContain((await (await as('anonymous')).get(JOBS)).statusCode);
  });

  it('keeps condition photos (images only) and serves them to the shop', async () => {
    const gold = await as('gold');
    const client = await create({ name: 'Ada Owner' }, gold);
    const { id } = await takeIn(gold, intake(client));
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
        '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
      'hex',
    );
    const upload = (bytes: Buffer, name: string) => {
      const boundary = '----loupe-workshop-boundary';
      return gold.post(
        `${job(id)}photos/`,
        Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
              'Content-Type: application/octet-stream\r\n\r\n',
          ),
          bytes,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
        { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } },
      );
    };
    const added = await upload(png, 'dial.png');
    expect(added.statusCode).toBe(201);
    const photo = (added.json() as JobDetail).photos[0];
    expect(photo).toMatchObject({ name: 'dial.png', contentType: 'image/png', size: png.length });
    const served = await gold.get(`${job(id)}photos/${photo?.id}/`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
    const pdf = await upload(Buffer.from('%PDF-1.4\n%%EOF\n'), 'x.pdf');
    expect(pdf.statusCode).toBeGreaterThanOrEqual(400);
    expect(pdf.statusCode).toBeLessThan(500);
  });
});
