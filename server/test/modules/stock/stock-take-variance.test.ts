import { usingPostgres, type Browser } from '../../helper';
import { parsePdf } from '../documents/pdf-support';
import { inventoryTestbed } from '../inventory/setup';
import { TAKES, addItem, buildFixture, linesOf, scan, startCount } from './setup';

// Stock-take (issue 14): closing freezes the result, the variance report (CSV and PDF) reads it, the missing
// items' follow-up, and several staff scanning into one count at once. Rules: contracts/src/stock-takes.ts.

const { state, as, client } = inventoryTestbed();

/** The fixture of setup.ts counted as watches: W1, W2 found, W3 missing, five unexpected scans. */
async function countedFixture(browser: Browser) {
  const ids = await buildFixture(browser, await client('Ada Lovelace'));
  const takeId = await startCount(browser, { stockType: 'Watches' });
  for (const serial of ['W1', 'W2', 'W4', 'W5', 'U1', 'J1', '=HYPERLINK("x")']) {
    await scan(browser, takeId, serial);
  }
  return { ids, takeId };
}

describe('closing a count', () => {
  it('freezes the result: a sale or a return after closing changes no figure and no line', async () => {
    const browser = await as('gold');
    const { ids, takeId } = await countedFixture(browser);
    const closed = await browser.post(`${TAKES}${takeId}/close/`);
    expect(closed.statusCode).toBe(200);
    const frozen = { expected: 3, found: 2, missing: 1, unexpected: 5 };
    expect(closed.json()).toMatchObject({ status: 'closed', closedBy: 'gold', counts: frozen });

    // Stock moves on: the missing watch is sold, the checked-out one comes back, a new watch arrives.
    state.clock.advance(5 * 60_000);
    expect((await browser.post(`/api/items/${ids.W3}/sell/`, { price: 4000 })).statusCode).toBe(200);
    expect((await browser.post(`/api/items/${ids.W6}/return/`)).statusCode).toBe(200);
    await addItem(browser, { serial: 'W9' });

    expect((await browser.get(`${TAKES}${takeId}/`)).json().counts).toEqual(frozen);
    const missing = await linesOf(browser, takeId, 'missing');
    expect(missing.results).toEqual([
      expect.objectContaining({ serial: 'W3', itemId: ids.W3, status: 'available', followUp: null }),
    ]);
    // Nothing about the stock changed by closing: W3 was sold by hand, not by the count.
    const rows = await state.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE entity = 'item' AND action = 'mark_unavailable'`,
    );
    expect(rows[0]?.n).toBe(0);
  });
});

describe('the variance report', () => {
  it('is a CSV of the frozen lines, missing first, with typed text defused against formulas', async () => {
    const browser = await as('platinum');
    const { takeId } = await countedFixture(browser);
    const early = await browser.get(`${TAKES}${takeId}/variance/csv/`);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ detail: 'Close the count first: its differences are final only then.' });
    await browser.post(`${TAKES}${takeId}/close/`);

    const response = await browser.get(`${TAKES}${takeId}/variance/csv/`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="stock-take-${takeId}-variance.csv"`,
    );
    const rows = response.body.trimEnd().split('\r\n');
    expect(rows[0]).toBe(
      'Outcome,Serial,Brand,Model,Type,Location,Status,Reason,Scanned by,Scanned at,Follow-up',
    );
    expect(rows).toHaveLength(1 + 1 + 5 + 2);
    expect(rows[1]).toBe('Missing,W3,Cartier,Tank,Watches,Window,Available,,,,');
    const unexpected = rows.slice(2, 7);
    expect(unexpected.map((r) => r.split(',')[0])).toEqual(Array(5).fill('Unexpected'));
    // Unexpected rows are in serial order; the typed formula starts with an apostrophe and is quoted.
    expect(unexpected[0]).toMatch(
      /^Unexpected,"'=HYPERLINK\(""x""\)",,,,,,Not in Loupe,platinum,"1 Mar 2026, 09:00",$/,
    );
    expect(unexpected).toContainEqual(
      'Unexpected,W5,Rolex,Submariner,Watches,,Checked out,Checked out to Ada Lovelace,platinum,"1 Mar 2026, 09:00",',
    );
    expect(rows.slice(7).map((r) => r.split(',').slice(0, 2).join(','))).toEqual(['Found,W1', 'Found,W2']);
  });

  it('is a PDF with embedded fonts naming scope, who counted and closed it, the figures and each difference', async () => {
    const browser = await as('gold');
    const { takeId } = await countedFixture(browser);
    const silver = await as('silver');
    await scan(silver, takeId, 'W1');
    await scan(silver, takeId, 'NEW-1');
    state.clock.advance(5 * 60_000);
    await browser.post(`${TAKES}${takeId}/close/`);

    const response = await browser.get(`${TAKES}${takeId}/variance/pdf/`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf = await parsePdf(response.rawPayload);
    expect(pdf.standardFont).toBe(false);
    expect(pdf.fonts.some((f) => /DejaVuSans/.test(f))).toBe(true);
    expect(pdf.text).toContain(`Stock Take #${takeId} – variance report`);
    expect(pdf.text).toContain('Loupe Demo');
    expect(pdf.text).toContain('Scope: Watches');
    expect(pdf.text).toContain('Started by gold on 1 Mar 2026, 09:00');
    expect(pdf.text).toContain('Counted by: gold, silver');
    expect(pdf.text).toContain('Closed by gold on 1 Mar 2026, 09:05');
    expect(pdf.text).toContain('Expected: 3 Found: 2 Missing: 1 Unexpected: 6');
    expect(pdf.text).toContain('Missing (1)');
    expect(pdf.text).toMatch(/W3 Cartier Tank Watches Window None yet/);
    expect(pdf.text).toContain('Unexpected (6)');
    expect(pdf.text).toMatch(/W5 Rolex Submariner Checked out to Ada Lovelace gold/);
    expect(pdf.text).toMatch(/NEW-1 Not in Loupe silver/);
    expect(pdf.text).toContain('Outside this count’s scope');
  });

  it("is another shop's 404", async () => {
    const browser = await as('gold');
    const takeId = await startCount(browser);
    await browser.post(`${TAKES}${takeId}/close/`);
    const rival = await as('rival');
    expect((await rival.get(`${TAKES}${takeId}/variance/pdf/`)).statusCode).toBe(404);
    expect((await rival.get(`${TAKES}${takeId}/variance/csv/`)).statusCode).toBe(404);
  });
});

describe('follow-ups', () => {
  it('marks a missing item unavailable with a reason, once, audited; the line and the report show it', async () => {
    const browser = await as('gold');
    const { ids, takeId } = await countedFixture(browser);
    const url = `${TAKES}${takeId}/missing/${ids.W3}/mark-unavailable/`;
    const early = await browser.post(url, { reason: 'Not in the safe' });
    expect(early.statusCode).toBe(409);
    await browser.post(`${TAKES}${takeId}/close/`);

    const silver = await as('silver');
    expect((await silver.post(url, { reason: 'x' })).statusCode).toBe(403);
    expect((await browser.post(url, { reason: '  ' })).json()).toEqual({
      reason: ['This field may not be blank.'],
    });
    // Only a missing item of this count: a found one is 404.
    expect(
      (await browser.post(`${TAKES}${takeId}/missing/${ids.W1}/mark-unavailable/`, { reason: 'x' }))
        .statusCode,
    ).toBe(404);
    const rival = await as('rival');
    expect((await rival.post(url, { reason: 'x' })).statusCode).toBe(404);

    const done = await browser.post(url, { reason: 'Not in the safe' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      serial: 'W3',
      outcome: 'missing',
      followUp: { action: 'marked_unavailable', reason: 'Not in the safe', by: 'gold' },
    });
    expect((await browser.get(`/api/items/${ids.W3}/`)).json().status).toBe('unavailable');
    const again = await browser.post(url, { reason: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'This missing item has already been marked unavailable.' });

    const history = (await browser.get(`/api/items/${ids.W3}/history/`)).json();
    expect(history.results[0]).toMatchObject({
      action: 'mark_unavailable',
      summary: `Marked the item unavailable after stock-take #${takeId}: Not in the safe`,
    });
    const csv = (await browser.get(`${TAKES}${takeId}/variance/csv/`)).body;
    expect(csv).toContain('Marked unavailable by gold on 1 Mar 2026, 09:00: Not in the safe');
  });

  it('refuses an item that is no longer available (409)', async () => {
    const browser = await as('platinum');
    const { ids, takeId } = await countedFixture(browser);
    await browser.post(`${TAKES}${takeId}/close/`);
    await browser.post(`/api/items/${ids.W3}/sell/`, { price: 100 });
    const response = await browser.post(`${TAKES}${takeId}/missing/${ids.W3}/mark-unavailable/`, {
      reason: 'gone',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      detail: 'This item is no longer available, so it cannot be marked unavailable.',
    });
    expect((await browser.get(`/api/items/${ids.W3}/`)).json().status).toBe('sold');
  });
});

describe('several staff scanning at once', () => {
  it(`loses no scan and counts none twice: 8 clients × 50 scans with overlaps${usingPostgres ? ' (PostgreSQL, in parallel)' : ''}`, async () => {
    const browser = await as('platinum');
    // 250 available watches straight in the table (the count reads items, however they were added).
    await state.db.query(
      `INSERT INTO items (shop_id, serial, stock_type, purchased_on, created_at, updated_at)
       SELECT $1, 'C-' || lpad(n::text, 3, '0'), 'Watches', '2026-01-01', now(), now() FROM generate_series(1, 250) n`,
      [state.fx.shopId],
    );
    const takeId = await startCount(browser);
    const clients = await Promise.all(
      (['platinum', 'gold', 'silver', 'platinum', 'gold', 'silver', 'platinum', 'gold'] as const).map((who) =>
        as(who),
      ),
    );
    // Client k scans 50 serials from 25·k: each overlaps the next by 25. Every 10th is a serial Loupe lacks.
    const serialsOf = (k: number) =>
      Array.from({ length: 50 }, (_, i) => {
        const n = 25 * k + i + 1;
        return n % 10 === 0 ? `UNKNOWN-${n}` : `C-${String(n).padStart(3, '0')}`;
      });
    const answers = await Promise.all(
      clients.map(async (c, k) => {
        const out: Array<{ serial: string; status: number; duplicate: boolean; outcome: string }> = [];
        for (const serial of serialsOf(k)) {
          const response = await scan(c, takeId, serial);
          const body = response.json();
          out.push({ serial, status: response.statusCode, duplicate: body.duplicate, outcome: body.outcome });
        }
        return out;
      }),
    );
    const all = answers.flat();
    expect(all.every((a) => a.status === 201 || a.status === 200)).toBe(true);
    const distinct = new Set(all.map((a) => a.serial));
    // n runs 1..225: 225 distinct serials, 22 of them unknown; 400 scans in all.
    expect(all).toHaveLength(400);
    expect(distinct.size).toBe(225);
    // Exactly one scan of each serial was stored; every other one was told it was a duplicate.
    for (const serial of distinct) {
      const stored = all.filter((a) => a.serial === serial && !a.duplicate);
      expect(stored).toHaveLength(1);
    }
    expect(all.filter((a) => a.duplicate)).toHaveLength(400 - 225);
    const view = (await browser.get(`${TAKES}${takeId}/`)).json();
    expect(view.counts).toEqual({ expected: 250, found: 203, missing: 47, unexpected: 22 });
    const lines = await state.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM stock_take_lines WHERE stock_take_id = $1',
      [takeId],
    );
    expect(lines[0]?.n).toBe(225);
    expect(view.countedBy.sort()).toEqual(['gold', 'platinum', 'silver']);
  });
});
