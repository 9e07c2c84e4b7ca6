import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { INVALID_HVD_NUMBER, SUMMARY_NOT_ALLOWED } from '@loupe/contracts';
import type { Browser, Caller } from '../../helper';
import { keep } from '../documents/pdf-support';
import { complianceTestbed, ledger } from './setup';

// The HVD registration number in Shop Settings and the annual compliance summary (issue 25 item 1). The clock
// is 2026-03-01 09:00 UTC; with no rate saved EUR/GBP is 0.85, so £8,500.00 in cash is exactly €10,000.00.
const { state, as, create, verifiedClient } = complianceTestbed();

const SETTINGS = '/api/shop/settings/';
const SUMMARY = '/api/compliance/summary/pdf/';
const SUSPICIONS = '/api/compliance/suspicions/';

/** The PDF's text as pdftotext lays it out (columns kept on their lines). */
function pdfToText(bytes: Buffer): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'loupe-summary-'));
  try {
    const file = path.join(dir, 'summary.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The count printed on the line that starts with `label`. */
function figure(text: string, label: string): number | null {
  const line = text.split('\n').find((l) => l.trim().startsWith(label));
  const match = line ? /(\d[\d,]*)\s*$/.exec(line) : null;
  return match ? Number((match[1] as string).replace(/,/g, '')) : null;
}

async function nominate(who: 'gold' | 'platinum'): Promise<void> {
  const res = await (
    await as('platinum')
  ).put(`/api/shops/${state.fx.shopId}/nominated-officer/`, {
    user: state.fx.ids[who],
  });
  expect(res.statusCode).toBe(200);
}

const cash = (browser: Browser, id: number, amount: string) =>
  browser.post(ledger(id), { direction: 'received', amount, method: 'Cash' });

describe('the HVD registration number in Shop Settings', () => {
  it('is stored as HMRC prints it, refused in any other form, and cleared with an empty text', async () => {
    const owner = await as('platinum');
    expect((await owner.get(SETTINGS)).json()).toMatchObject({ hvdRegistrationNumber: '' });
    const saved = await owner.put(SETTINGS, { hvdRegistrationNumber: ' xlml 0000 0123 456 ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ hvdRegistrationNumber: 'XLML00000123456' });
    for (const wrong of ['XLML0000012345', 'XLXX00000123456', '12ML00000123456', 'GB123456789']) {
      const res = await owner.put(SETTINGS, { hvdRegistrationNumber: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ hvdRegistrationNumber: [INVALID_HVD_NUMBER] });
    }
    expect((await owner.get(SETTINGS)).json()).toMatchObject({ hvdRegistrationNumber: 'XLML00000123456' });
    const [audited] = await state.db.query<{ after: { hvdRegistrationNumber?: string } }>(
      "SELECT after FROM audit_log WHERE entity = 'shop_settings' ORDER BY id DESC LIMIT 1",
    );
    expect(audited?.after.hvdRegistrationNumber).toBe('XLML00000123456');
    expect(
      (await (await as('gold')).put(SETTINGS, { hvdRegistrationNumber: 'XLML00000999999' })).statusCode,
    ).toBe(403);
    expect((await owner.put(SETTINGS, { hvdRegistrationNumber: '' })).json()).toMatchObject({
      hvdRegistrationNumber: '',
    });
  });
});

describe('the annual compliance summary', () => {
  it('prints the shop, its registration, the officer, the risk assessment and the year’s counts', async () => {
    const owner = await as('platinum');
    const gold = await as('gold');
    const silver = await as('silver');
    await owner.put(SETTINGS, { legalName: 'Loupe Demo Ltd', hvdRegistrationNumber: 'XLML00000123456' });
    await nominate('gold');
    const boundary = '----loupe-summary-boundary';
    const assessment = await owner.post(
      `/api/compliance/risk-assessments/?${new URLSearchParams({
        ownerUserId: String(state.fx.ids.gold),
        assessedOn: '2026-01-10',
        reviewOn: '2027-01-10',
      }).toString()}`,
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fwra.pdf"\r\n` +
            'Content-Type: application/pdf\r\n\r\n%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n',
        ),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } },
    );
    expect(assessment.statusCode).toBe(201);

    // Two clients with due diligence: one pays €10,000 in cash (flagged); a third, without, is refused.
    const verified = await verifiedClient('Verified Payer');
    await verifiedClient('Verified Browser');
    expect((await cash(gold, verified, '8500.00')).statusCode).toBe(201);
    const unverified = await create({ name: 'Cash Without Papers' });
    expect((await cash(gold, unverified, '8500.00')).statusCode).toBe(409);
    // Three reports, one disclosed to the NCA.
    for (const grounds of ['First.', 'Second.', 'Third.']) {
      const res = await silver.post(SUSPICIONS, { subject: 'client', subject_id: unverified, grounds });
      expect(res.statusCode).toBe(201);
    }
    const [first] = await state.db.query<{ id: number }>(
      'SELECT id FROM suspicion_reports ORDER BY id LIMIT 1',
    );
    const decided = await gold.post(`${SUSPICIONS}${first?.id}/decision/`, {
      decision: 'disclosed',
      nca_reference: 'NCA-1',
      disclosed_on: '2026-03-01',
    });
    expect(decided.statusCode).toBe(200);

    const res = await owner.get(`${SUMMARY}?year=2026`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="compliance-summary-2026.pdf"');
    keep('compliance-summary.pdf', res.rawPayload);
    const text = pdfToText(res.rawPayload);
    // The title wraps in its column: read it with the lines run together.
    expect(text.replace(/\s+/g, ' ')).toContain('Compliance summary 2026');
    expect(text).toContain('Loupe Demo Ltd');
    expect(text).toMatch(/HMRC AML registration no\.\s+XLML00000123456/);
    expect(text).toMatch(/Nominated officer\s+gold/);
    expect(text).toMatch(/Period\s+1 Jan 2026 – 31 Dec 2026/);
    expect(text).toContain('Version 1, assessed on 10 Jan 2026; review due 10 Jan 2027.');
    expect(figure(text, 'Cash payments of €10,000 or more accepted')).toBe(1);
    expect(figure(text, 'Cash payments of €10,000 or more refused')).toBe(1);
    expect(figure(text, 'Clients whose due diligence was verified in the year')).toBe(2);
    expect(figure(text, 'Clients with verified due diligence on file')).toBe(2);
    expect(figure(text, 'Internal suspicious activity reports raised')).toBe(3);
    expect(figure(text, '… of which disclosed to the National Crime Agency')).toBe(1);
    expect(figure(text, 'Owner (platinum)')).toBe(1);
    expect(figure(text, 'Gold members')).toBe(1);
    expect(figure(text, 'Silver members')).toBe(1);
    expect(figure(text, 'All staff')).toBe(3);
    // Counts only: no client and no report named.
    expect(text).not.toMatch(/Cash Without Papers|Verified Payer|SAR-0|NCA-1|First\./);

    // The officer prints it too; a year before the records counts nothing of 2026.
    const earlier = pdfToText((await gold.get(`${SUMMARY}?year=2025`)).rawPayload);
    expect(figure(earlier, 'Internal suspicious activity reports raised')).toBe(0);
    expect(figure(earlier, 'Cash payments of €10,000 or more accepted')).toBe(0);
    expect(earlier).toContain('No firm-wide risk assessment is recorded in Loupe for this year.');
  });

  it('says what is missing when nothing is entered, and defaults to the current year', async () => {
    const res = await (await as('platinum')).get(SUMMARY);
    expect(res.statusCode).toBe(200);
    const text = pdfToText(res.rawPayload);
    expect(text.replace(/\s+/g, ' ')).toContain('Compliance summary 2026');
    expect(text).toMatch(/HMRC AML registration no\.\s+Not entered in Shop Settings/);
    expect(text).toMatch(/Nominated officer\s+None named/);
  });

  it('is for the owner and the nominated officer only, and refuses a year outside the records', async () => {
    for (const [caller, status] of [
      ['silver', 403],
      ['gold', 403],
      ['rival', 200],
      ['anonymous', 401],
    ] as Array<[Caller, number]>) {
      const res = await (await as(caller)).get(SUMMARY);
      expect(res.statusCode).toBe(status);
      if (status === 403) expect(res.json()).toEqual({ detail: SUMMARY_NOT_ALLOWED });
    }
    const owner = await as('platinum');
    for (const year of ['2027', '1999', 'soon']) {
      expect((await owner.get(`${SUMMARY}?year=${year}`)).statusCode).toBe(400);
    }
  });
});
