import { WORKSHOP_TERMS_MAX_LENGTH } from '@loupe/contracts';
import { LABEL_STOCKS, MM } from '../../../src/kernel/pdf';
import { renderJobLabelPdf } from '../../../src/modules/workshop/job-label';
import { renderEstimatePdf, renderIntakeReceiptPdf } from '../../../src/modules/workshop/job-pdfs';
import { parsePdf, placedText } from '../documents/pdf-support';
import { clientFixture, decodeQr, jobFixture, shopFixture } from './documents-support';

// The workshop's papers as laid out (issue 23, item 3), without a database: what the routes' tests cannot
// easily reach — the longest terms, the longest names on a label, the estimate of the fixture worked by hand.

const squash = (text: string) => text.replace(/\s+/g, ' ');

describe('the intake receipt, laid out', () => {
  it('runs the longest terms Shop Settings keeps onto a second page, with the signatures after them', async () => {
    const sentence = 'The shop keeps your piece safe and insured while it is in its care. ';
    const terms = sentence.repeat(Math.floor(WORKSHOP_TERMS_MAX_LENGTH / sentence.length)).trim();
    const bytes = await renderIntakeReceiptPdf(
      jobFixture(),
      clientFixture(),
      shopFixture({ workshopTerms: terms }),
    );
    const pdf = await parsePdf(bytes);
    expect(pdf.pages).toHaveLength(2);
    expect(pdf.pages[0]).toContain('JOB-000123');
    expect(pdf.pages[1]).toContain('Signature — Client: Lucía Domínguez');
    expect(pdf.pages[1]).toContain('Signature — For Loupe Demo');
    // The embedded DejaVu carries the accents; no standard font stands in.
    expect(pdf.standardFont).toBe(false);
    expect(decodeQr(bytes)).toBe('JOB-000123');
  });
});

describe('the estimate, laid out', () => {
  it("prints the fixture's lines and totals: £150.00 + £75.00 net, £45.00 VAT, £270.00 to pay", async () => {
    const bytes = await renderEstimatePdf(
      jobFixture(),
      clientFixture(),
      shopFixture(),
      '2026-11-24',
      '2026-12-24',
    );
    const text = squash((await parsePdf(bytes)).text);
    expect(text).toContain('Full service (movement, case and bracelet) £150.00 £30.00 £180.00');
    expect(text).toContain('Sapphire crystal £75.00 £15.00 £90.00');
    expect(text).toContain('Total before VAT £225.00');
    expect(text).toContain('VAT at 20% £45.00');
    expect(text).toContain('Total to pay £270.00');
    expect(text).toContain('Valid until 24 Dec 2026');
  });
});

describe('the bag label, laid out', () => {
  it('keeps every word inside the tag, however long the client and the piece, and the code readable', async () => {
    const job = jobFixture({
      number: 999999,
      reference: 'JOB-999999',
      brand: 'Audemars Piguet',
      model: 'Royal Oak Offshore Chronograph Tourbillon',
      rush: true,
    });
    const bytes = await renderJobLabelPdf(
      job,
      'Maximiliana Wolfeschlegelsteinhausen-Bergerdorff',
      'tag',
      '2026-11-23',
    );
    const [runs = []] = await placedText(bytes);
    const stock = LABEL_STOCKS.tag;
    expect(runs.map((r) => r.str).join(' ')).toContain('JOB-999999');
    for (const run of runs) {
      expect(run.x + run.width).toBeLessThanOrEqual(stock.w * MM + 0.5);
      expect(run.y).toBeLessThanOrEqual(stock.h * MM);
    }
    expect(decodeQr(bytes, 1, 300)).toBe('JOB-999999');
  });
});
