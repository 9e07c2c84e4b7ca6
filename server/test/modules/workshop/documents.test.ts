import {
  DEFAULT_WORKSHOP_TERMS,
  ESTIMATE_PDF_NO_LINES,
  WORKSHOP_TERMS_MAX_LENGTH,
  endpoints,
  pathOf,
  type JobDetail,
  type SearchResults,
} from '@loupe/contracts';
import { MM } from '../../../src/kernel/pdf';
import type { Browser } from '../../helper';
import { clientsTestbed } from '../clients/setup';
import { keep, parsePdf } from '../documents/pdf-support';
import { itemBody } from '../inventory/setup';
import { decodeQr } from './documents-support';

// Issue 23, item 3: the workshop's papers (intake receipt, estimate, bag label), the Workshop terms of Shop
// Settings they print, and the top bar's search opening a job from its QR code. Runs on PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL. The clock starts at 2026-03-01 09:00 UTC (the shop's day 2026-03-01).
const { state, as, create } = clientsTestbed();
const JOBS = '/api/workshop/jobs/';
const SETTINGS = pathOf(endpoints.settings.get);
const receipt = (id: number) => `${JOBS}${id}/receipt/pdf/`;
const estimatePdf = (id: number) => `${JOBS}${id}/estimate/pdf/`;
const label = (id: number, size?: string) => `${JOBS}${id}/label/pdf/${size ? `?size=${size}` : ''}`;
const DAY = 24 * 60 * 60 * 1000;

async function takeIn(browser: Browser, body: Record<string, unknown>): Promise<JobDetail> {
  const response = await browser.post(JOBS, body);
  if (response.statusCode !== 201) throw new Error(`intake failed: ${response.body}`);
  return response.json() as JobDetail;
}

/** Ada's Speedmaster, with everything the receipt prints. */
async function adasJob(browser: Browser, extra: Record<string, unknown> = {}): Promise<JobDetail> {
  const client = await create(
    {
      name: 'Ada Owner',
      email: 'ada@example.com',
      phone: '07700 900123',
      addressLine1: '4 Market Street',
      town: 'Bath',
      postcode: 'BA1 1AA',
    },
    browser,
  );
  return takeIn(browser, {
    clientId: client,
    brand: 'Omega',
    model: 'Speedmaster Professional',
    makerReference: '310.30.42.50.01.002',
    serial: '81234567',
    conditionGrade: 'good',
    conditionNotes: 'Hairline scratches on the caseback',
    declaredValue: '5200',
    reportedFault: 'Chronograph does not reset to zero',
    requestedWork: 'Service and chronograph repair',
    accessories: 'Box and service card',
    promisedDate: '2026-03-27',
    rush: true,
    depositRequested: '100',
    ...extra,
  });
}

async function pdfOf(browser: Browser, url: string) {
  const response = await browser.get(url);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(response.headers['cache-control']).toBe('no-store');
  return { bytes: response.rawPayload, disposition: String(response.headers['content-disposition']) };
}

const squash = (text: string) => text.replace(/\s+/g, ' ');

describe('the intake receipt', () => {
  it('prints the job number and a QR code of it, the piece, the client, the default terms and two signature lines', async () => {
    // The shop's head as Shop Settings has it.
    const saved = await (
      await as('platinum')
    ).put(SETTINGS, {
      legalName: 'Loupe Demo Ltd',
      tradingName: 'Loupe Demo',
      address: '1 Hatton Garden\nLondon EC1N 8AA',
      phone: '020 7946 0000',
      email: 'workshop@loupe.example',
      vatNumber: 'GB999999973',
      companyNumber: '09999999',
    });
    expect(saved.statusCode).toBe(200);
    const silver = await as('silver');
    const job = await adasJob(silver);
    const { bytes, disposition } = await pdfOf(silver, receipt(job.id));
    keep('workshop-intake-receipt.pdf', bytes);
    expect(disposition).toBe(`inline; filename="${job.reference}-receipt.pdf"`);
    const pdf = await parsePdf(bytes);
    expect(pdf.pages).toHaveLength(1);
    const text = squash(pdf.text);
    for (const expected of [
      'WORKSHOP RECEIPT',
      'Loupe Demo Ltd',
      '1 Hatton Garden',
      'VAT no. GB999999973',
      'JOB-000001',
      'Received 1 Mar 2026',
      'Promised for 27 Mar 2026',
      'RUSH',
      'Ada Owner',
      '4 Market Street',
      'Omega',
      'Speedmaster Professional',
      '310.30.42.50.01.002',
      '81234567',
      'Good — Hairline scratches on the caseback',
      'Box and service card',
      '£5,200.00',
      'Chronograph does not reset to zero',
      'Service and chronograph repair',
      '£100.00',
      'Signature — Client: Ada Owner',
      'Signature — For Loupe Demo',
    ])
      expect(text).toContain(expected);
    // The terms, as Shop Settings has them (the default until the owner writes them): word for word.
    for (const paragraph of DEFAULT_WORKSHOP_TERMS.split('\n')) expect(text).toContain(squash(paragraph));
    expect(text).toContain('Torts (Interference with Goods) Act 1977');
    // A phone's camera reads the printed code back as the job number: the top bar's search opens it.
    expect(decodeQr(bytes)).toBe('JOB-000001');
  });

  it("prints the owner's Workshop terms from Shop Settings, and the default again once they are cleared", async () => {
    const owner = await as('platinum');
    const job = await adasJob(owner);
    expect((await owner.get(SETTINGS)).json()).toMatchObject({ workshopTerms: DEFAULT_WORKSHOP_TERMS });
    const terms = 'Pieces left with us 90 days after our notice may be sold.\nEstimates are free.';
    const saved = await owner.put(SETTINGS, { workshopTerms: `  ${terms}\n` });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ workshopTerms: terms });
    let text = squash((await parsePdf((await pdfOf(owner, receipt(job.id))).bytes)).text);
    expect(text).toContain('Pieces left with us 90 days after our notice may be sold.');
    expect(text).toContain('Estimates are free.');
    expect(text).not.toContain('Torts (Interference with Goods) Act 1977');

    // Only the owner changes them; nothing longer than the limit.
    expect((await (await as('gold')).put(SETTINGS, { workshopTerms: 'Mine.' })).statusCode).toBe(403);
    const tooLong = await owner.put(SETTINGS, { workshopTerms: 'x'.repeat(WORKSHOP_TERMS_MAX_LENGTH + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect(Object.keys(tooLong.json())).toEqual(['workshopTerms']);

    // Cleared: the default comes back, stored as "none of the shop's own".
    expect((await owner.put(SETTINGS, { workshopTerms: '' })).json()).toMatchObject({
      workshopTerms: DEFAULT_WORKSHOP_TERMS,
    });
    const [row] = await state.db.query<{ workshop_terms: string | null }>(
      'SELECT workshop_terms FROM shop_settings WHERE shop_id = $1',
      [state.fx.shopId],
    );
    expect(row?.workshop_terms).toBeNull();
    text = squash((await parsePdf((await pdfOf(owner, receipt(job.id))).bytes)).text);
    expect(text).toContain('Torts (Interference with Goods) Act 1977');
  });

  it("prints a stock item's pre-sale service without a client", async () => {
    const gold = await as('gold');
    const item = await gold.post(
      '/api/items/',
      itemBody({ serial: 'STK-77', brand: 'Cartier', model: 'Tank' }),
    );
    expect(item.statusCode).toBe(201);
    const job = await takeIn(gold, {
      itemId: item.json().id,
      brand: 'Cartier',
      model: 'Tank',
      serial: 'STK-77',
      reportedFault: 'Pre-sale service',
      estimateRequired: false,
    });
    const text = squash((await parsePdf((await pdfOf(gold, receipt(job.id))).bytes)).text);
    expect(text).toContain("the shop's own stock (pre-sale service)");
    expect(text).toContain('Signature — Client');
    expect(text).toContain('Not required');
  });
});

describe('the estimate', () => {
  it('prints each line with its VAT at 20%, the totals worked by hand, valid until 30 days after it was sent', async () => {
    let gold = await as('gold');
    const job = await adasJob(gold);
    // Nothing to print before there is a line.
    const empty = await gold.get(estimatePdf(job.id));
    expect(empty.statusCode).toBe(409);
    expect(empty.json()).toEqual({ detail: ESTIMATE_PDF_NO_LINES });

    const lines = [
      { kind: 'labour', description: 'Service and chronograph repair', amount: '345.00' },
      { kind: 'parts', description: 'Chronograph reset hammer', amount: '56.40' },
      { kind: 'parts', description: 'Gaskets', amount: '12.00' },
    ];
    expect((await gold.put(`${JOBS}${job.id}/estimate/`, { lines })).statusCode).toBe(200);
    // By hand, each price includes VAT at 20%, so its VAT is 1/6: 345.00 → 57.50 (net 287.50);
    // 56.40 → 9.40 (net 47.00); 12.00 → 2.00 (net 10.00). Labour 345.00, parts 68.40, net 344.50,
    // VAT 68.90, total 413.40.
    let text = squash((await parsePdf((await pdfOf(gold, estimatePdf(job.id))).bytes)).text);
    for (const expected of [
      'ESTIMATE',
      'JOB-000001',
      'Service and chronograph repair £287.50 £57.50 £345.00',
      'Chronograph reset hammer £47.00 £9.40 £56.40',
      'Gaskets £10.00 £2.00 £12.00',
      'Labour £345.00',
      'Parts £68.40',
      'Total before VAT £344.50',
      'VAT at 20% £68.90',
      'Total to pay £413.40',
      'Deposit requested £100.00',
      // Not sent yet: dated today, valid 30 days.
      'Date 1 Mar 2026',
      'Valid until 31 Mar 2026',
      'No work is done until you approve this estimate',
      'Signature — Approved by Ada Owner',
    ])
      expect(text).toContain(expected);

    // Sent two days later: the estimate is dated the day it was sent, whenever it is printed again.
    state.clock.advance(2 * DAY);
    gold = await as('gold');
    expect((await gold.post(`${JOBS}${job.id}/stage/`, { to: 'assessing' })).statusCode).toBe(200);
    expect((await gold.post(`${JOBS}${job.id}/stage/`, { to: 'estimate_sent' })).statusCode).toBe(200);
    state.clock.advance(5 * DAY);
    gold = await as('gold');
    const { bytes, disposition } = await pdfOf(gold, estimatePdf(job.id));
    expect(disposition).toBe('inline; filename="JOB-000001-estimate.pdf"');
    text = squash((await parsePdf(bytes)).text);
    expect(text).toContain('Date 3 Mar 2026');
    expect(text).toContain('Valid until 2 Apr 2026');
  });
});

describe('the bag label', () => {
  it('prints the QR code of the job number on a 60 × 30 mm tag by default, or on an A4 label sheet', async () => {
    const silver = await as('silver');
    const job = await adasJob(silver);
    const tag = await pdfOf(silver, label(job.id));
    expect(tag.disposition).toBe('inline; filename="JOB-000001-label.pdf"');
    const tagText = squash((await parsePdf(tag.bytes)).text);
    expect(tagText).toContain('JOB-000001');
    expect(tagText).toContain('Ada Owner');
    expect(tagText).toContain('Due 27/03/2026');
    expect(tagText).toContain('RUSH');
    expect(decodeQr(tag.bytes, 1, 300)).toBe('JOB-000001');

    const a4 = await pdfOf(silver, label(job.id, 'a4'));
    expect(decodeQr(a4.bytes, 1, 200)).toBe('JOB-000001');
    // The page sizes are the stock labels' own: the tag and A4.
    const size = (bytes: Buffer) => /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(bytes.toString('latin1'));
    const [, tagW, tagH] = size(tag.bytes) ?? [];
    expect(Number(tagW)).toBeCloseTo(60 * MM, 1);
    expect(Number(tagH)).toBeCloseTo(30 * MM, 1);
    const [, a4W, a4H] = size(a4.bytes) ?? [];
    expect(Number(a4W)).toBeCloseTo(210 * MM, 1);
    expect(Number(a4H)).toBeCloseTo(297 * MM, 1);

    expect((await silver.get(label(job.id, 'roll'))).statusCode).toBe(400);
  });
});

describe('who may print, and which job', () => {
  it("refuses another shop's job and a visitor without a session, for every paper", async () => {
    const gold = await as('gold');
    const job = await adasJob(gold);
    expect(
      (
        await gold.put(`${JOBS}${job.id}/estimate/`, {
          lines: [{ kind: 'labour', description: 'Service', amount: '120' }],
        })
      ).statusCode,
    ).toBe(200);
    const rival = await as('rival');
    const anonymous = await as('anonymous');
    for (const url of [receipt(job.id), estimatePdf(job.id), label(job.id), receipt(999999)]) {
      expect((await rival.get(url)).statusCode).toBe(404);
      expect((await anonymous.get(url)).statusCode).toBe(401);
    }
    expect((await gold.get(receipt(999999))).statusCode).toBe(404);
    expect((await gold.get(`${JOBS}abc/receipt/pdf/`)).statusCode).toBe(404);
  });
});

describe('the top bar search opens a job from its QR code', () => {
  const search = async (browser: Browser, q: string) => {
    const response = await browser.get(`/api/search/?q=${encodeURIComponent(q)}`);
    expect(response.statusCode).toBe(200);
    return response.json() as SearchResults;
  };

  it('finds the job whose number was scanned (any case, zeros optional), only in its own shop', async () => {
    const gold = await as('gold');
    await adasJob(gold);
    const second = await takeIn(gold, {
      clientId: await create({ name: 'Bo Second' }, gold),
      brand: 'Tudor',
      model: 'Black Bay',
      reportedFault: 'Crown will not screw down',
    });
    // What the receipt's QR code holds, read back from the printed page.
    const scanned = decodeQr((await pdfOf(gold, receipt(second.id))).bytes);
    expect(scanned).toBe('JOB-000002');
    const found = await search(gold, scanned ?? '');
    expect(found.jobs).toEqual([
      {
        id: second.id,
        reference: 'JOB-000002',
        clientName: 'Bo Second',
        brand: 'Tudor',
        model: 'Black Bay',
        stage: 'received',
        match: 'exact',
      },
    ]);
    expect((await search(gold, ' job-2 ')).jobs.map((j) => j.id)).toEqual([second.id]);
    // Not a job number: no job (a serial, a stock number, a number that is no job of the shop's).
    expect((await search(gold, 'JOB-000003')).jobs).toEqual([]);
    expect((await search(gold, '2')).jobs).toEqual([]);
    expect((await search(gold, 'Tudor')).jobs).toEqual([]);
    // Another shop's scanner finds nothing of this shop's.
    expect((await search(await as('rival'), 'JOB-000002')).jobs).toEqual([]);
  });
});
