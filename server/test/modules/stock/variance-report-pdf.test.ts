import type { StockTake, StockTakeLine } from '@loupe/contracts';
import { A4_MARGIN } from '../../../src/kernel/pdf';
import { variancePdf } from '../../../src/modules/stock/variance-report';
import { keep, parsePdf, placedText } from '../documents/pdf-support';

// The variance report's PDF on its own (issue 21): a long count runs over several pages, each numbered
// "Page i of N" with its table's header row repeated, and no serial is broken over two lines.

const take: StockTake = {
  id: 7,
  status: 'closed',
  scope: { stockType: null, location: null },
  scopeLabel: 'Whole shop',
  startedAt: '2026-03-01T09:00:00.000Z',
  startedBy: 'gold',
  closedAt: '2026-03-01T11:00:00.000Z',
  closedBy: 'gold',
  countedBy: ['gold', 'silver'],
  counts: { expected: 140, found: 20, missing: 120, unexpected: 40 },
};

const line = (over: Partial<StockTakeLine>): StockTakeLine => ({
  outcome: 'missing',
  serial: '',
  itemId: 1,
  brand: 'Patek Philippe',
  model: 'Nautilus 5711/1A',
  stockType: 'Watches',
  location: 'Safe 1',
  status: 'available',
  reason: null,
  reasonText: '',
  scannedBy: null,
  scannedAt: null,
  followUp: null,
  ...over,
});

// Serials with hyphens and slashes, where a line could be broken, and some wider than the column as it was.
const missingSerials = Array.from({ length: 120 }, (_, i) =>
  i % 3 === 0 ? `PAT-5711/1A-010-${String(i).padStart(4, '0')}-XQ` : `PAT-${String(i).padStart(4, '0')}`,
);
const unexpectedSerials = Array.from(
  { length: 40 },
  (_, i) => `UNK-2026/03-01-${String(i).padStart(3, '0')}`,
);
const lines: StockTakeLine[] = [
  ...missingSerials.map((serial) => line({ serial })),
  ...unexpectedSerials.map((serial) =>
    line({
      outcome: 'unexpected',
      serial,
      itemId: null,
      brand: '',
      model: '',
      stockType: null,
      location: '',
      status: null,
      reason: 'not_in_loupe',
      reasonText: 'Not in Loupe',
      scannedBy: 'silver',
      scannedAt: '2026-03-01T10:00:00.000Z',
    }),
  ),
];

const MISSING_HEADER = 'Serial Brand / model Type Location Follow-up';
const UNEXPECTED_HEADER = 'Serial Brand / model Reason Scanned by Scanned at';

describe('the variance report PDF', () => {
  let pdf: Buffer;
  beforeAll(async () => {
    pdf = await variancePdf(take, 'Loupe Demo', lines, 'Europe/London');
    keep('variance-long.pdf', pdf);
  });

  it('numbers every page "Page i of N"', async () => {
    const { pages } = await parsePdf(pdf);
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((text, i) => {
      expect(text).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(text.match(/Page \d+ of \d+/g)).toHaveLength(1);
    });
  });

  it("repeats a table's header row at the top of each page it runs onto", async () => {
    const { pages } = await parsePdf(pdf);
    const placed = await placedText(pdf);
    const tableOf = (serial: string) =>
      serial.startsWith('UNK-')
        ? { header: UNEXPECTED_HEADER, title: 'Unexpected (40)' }
        : { header: MISSING_HEADER, title: 'Missing (120)' };
    let continued = 0;
    for (const [i, runs] of placed.entries()) {
      // The page's first row of a table: its first serial, below the header.
      const first = runs.find((r) => /^(PAT|UNK)-/.test(r.str));
      if (!first) continue;
      const { header, title } = tableOf(first.str);
      expect(pages[i]).toContain(header);
      if (pages[i]?.includes(title)) continue;
      // A page the table runs onto: its header row is the first thing printed, above the first row.
      continued += 1;
      expect(pages[i]?.startsWith(header)).toBe(true);
      const serialTitle = runs.find((r) => r.str === 'Serial');
      expect(serialTitle?.y ?? Infinity).toBeLessThan(first.y);
    }
    expect(continued).toBeGreaterThanOrEqual(2);
  });

  it('prints each serial whole on one line, inside the margins', async () => {
    const placed = await placedText(pdf);
    const runs = placed.flat();
    const printed = new Set(runs.map((r) => r.str));
    for (const serial of [...missingSerials, ...unexpectedSerials]) expect(printed).toContain(serial);
    // No piece of a serial stands on a line of its own.
    expect(runs.filter((r) => /^(XQ|\d{2,4}-XQ|1A-.*)$/.test(r.str))).toEqual([]);
    const right = 595.28 - A4_MARGIN;
    for (const r of runs) expect(r.x + r.width).toBeLessThanOrEqual(right + 0.5);
  });
});
