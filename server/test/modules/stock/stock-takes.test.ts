import { inventoryTestbed } from '../inventory/setup';
import { TAKES, addItem, buildFixture, linesOf, scan, startCount } from './setup';

// Stock-take (issue 14): the figures of a count on a hand-built fixture, duplicates, scopes, who may do what,
// other shops' ids, and the items' location and serial lookup it relies on. Rules: contracts/src/stock-takes.ts.

const { state, as, client } = inventoryTestbed();

describe('figures of a count', () => {
  it('counts expected, found, missing and unexpected on a count of watches, each unexpected with its reason', async () => {
    const browser = await as('gold');
    const ada = await client('Ada Lovelace');
    const ids = await buildFixture(browser, ada);
    const other = await as('rival');
    await addItem(other, { serial: 'RIVAL-1' });

    const takeId = await startCount(browser, { stockType: 'Watches' });
    const results: Record<string, { outcome: string; reasonText: string; status: number }> = {};
    for (const serial of ['W1', 'W2', 'W4', 'W5', 'U1', 'J1', 'NOPE-1', 'RIVAL-1']) {
      const response = await scan(browser, takeId, serial);
      const body = response.json();
      results[serial] = {
        outcome: body.outcome,
        reasonText: body.line.reasonText,
        status: response.statusCode,
      };
    }
    expect(results).toEqual({
      W1: { outcome: 'found', reasonText: '', status: 201 },
      W2: { outcome: 'found', reasonText: '', status: 201 },
      W4: { outcome: 'unexpected', reasonText: 'Recorded as sold', status: 201 },
      W5: { outcome: 'unexpected', reasonText: 'Checked out to Ada Lovelace', status: 201 },
      U1: { outcome: 'unexpected', reasonText: 'Unavailable', status: 201 },
      J1: { outcome: 'unexpected', reasonText: 'Outside this count’s scope', status: 201 },
      'NOPE-1': { outcome: 'unexpected', reasonText: 'Not in Loupe', status: 201 },
      // Another shop's serial is no item of this shop.
      'RIVAL-1': { outcome: 'unexpected', reasonText: 'Not in Loupe', status: 201 },
    });

    // Expected: W1, W2, W3 (available watches). W6 is with a client, so neither expected nor missing.
    const detail = (await browser.get(`${TAKES}${takeId}/`)).json();
    expect(detail).toMatchObject({
      status: 'open',
      scope: { stockType: 'Watches', location: null },
      scopeLabel: 'Watches',
      counts: { expected: 3, found: 2, missing: 1, unexpected: 6 },
      countedBy: ['gold'],
      startedBy: 'gold',
    });

    const missing = await linesOf(browser, takeId, 'missing');
    expect(missing.count).toBe(1);
    expect(missing.results[0]).toMatchObject({
      outcome: 'missing',
      serial: 'W3',
      itemId: ids.W3,
      brand: 'Cartier',
      model: 'Tank',
      location: 'Window',
      status: 'available',
    });
    const found = await linesOf(browser, takeId, 'found');
    expect(found.results.map((l) => l.serial)).toEqual(['W2', 'W1']);
    const unexpected = await linesOf(browser, takeId, 'unexpected');
    expect(unexpected.count).toBe(6);
    // The line carries the item id when Loupe knows the serial (the "open the item" follow-up), null otherwise.
    const bySerial = Object.fromEntries(unexpected.results.map((l) => [l.serial, l]));
    expect(bySerial.W5).toMatchObject({ itemId: ids.W5, reason: 'checked_out', status: 'checked_out' });
    expect(bySerial['NOPE-1']).toMatchObject({ itemId: null, reason: 'not_in_loupe', status: null });
    expect(bySerial['RIVAL-1']).toMatchObject({ itemId: null, reason: 'not_in_loupe' });
  });

  it('counts the whole shop, or one location, by the same rules', async () => {
    const browser = await as('platinum');
    const ids = await buildFixture(browser, await client('Ada Lovelace'));
    const whole = await startCount(browser);
    const safe = await startCount(browser, { location: ' Safe 1 ' });
    for (const serial of ['W1', 'W3', 'J1']) {
      await scan(browser, whole, serial);
      await scan(browser, safe, serial);
    }
    const wholeView = (await browser.get(`${TAKES}${whole}/`)).json();
    // Whole shop: W1, W2, W3, J1 are available. W2 not scanned.
    expect(wholeView.scopeLabel).toBe('Whole shop');
    expect(wholeView.counts).toEqual({ expected: 4, found: 3, missing: 1, unexpected: 0 });
    const safeView = (await browser.get(`${TAKES}${safe}/`)).json();
    // Safe 1: W1, W2 and J1; W3 is in the window.
    expect(safeView).toMatchObject({ scope: { stockType: null, location: 'Safe 1' }, scopeLabel: 'Safe 1' });
    expect(safeView.counts).toEqual({ expected: 3, found: 2, missing: 1, unexpected: 1 });
    expect((await linesOf(browser, safe, 'missing')).results.map((l) => l.itemId)).toEqual([ids.W2]);
  });

  it('expects a reserved item (held in the shop against a deposit): found when scanned, missing when not', async () => {
    const browser = await as('gold');
    const ada = await client('Ada Lovelace');
    const held = await addItem(browser, { serial: 'R1' });
    const heldToo = await addItem(browser, { serial: 'R2' });
    for (const itemId of [held, heldToo]) {
      const reserved = await browser.post('/api/deals/', {
        clientId: ada,
        lines: [{ kind: 'item', itemId, price: '8000' }],
        payments: [{ method: 'Credit Card', amount: '1000' }],
        reserve: { collectBy: '2026-12-31' },
      });
      expect(reserved.statusCode).toBe(201);
    }
    const takeId = await startCount(browser);
    expect((await scan(browser, takeId, 'R1')).json()).toMatchObject({ outcome: 'found' });
    const view = (await browser.get(`${TAKES}${takeId}/`)).json();
    expect(view.counts).toEqual({ expected: 2, found: 1, missing: 1, unexpected: 0 });
    expect((await linesOf(browser, takeId, 'missing')).results).toEqual([
      expect.objectContaining({ itemId: heldToo, status: 'reserved' }),
    ]);
  });

  it('ignores a duplicate with a notice and counts nothing twice; serials are trimmed and matched exactly', async () => {
    const browser = await as('silver');
    await addItem(browser, { serial: 'AbC-1' });
    const takeId = await startCount(browser);
    const first = await scan(browser, takeId, '  AbC-1\t');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      outcome: 'found',
      duplicate: false,
      line: { serial: 'AbC-1', scannedBy: 'silver' },
      counts: { expected: 1, found: 1, missing: 0, unexpected: 0 },
    });
    const again = await scan(browser, takeId, 'AbC-1');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      outcome: 'found',
      duplicate: true,
      counts: { expected: 1, found: 1, missing: 0, unexpected: 0 },
    });
    // Case matters, as for the items' own serial uniqueness.
    const lower = await scan(browser, takeId, 'abc-1');
    expect(lower.json()).toMatchObject({
      outcome: 'unexpected',
      duplicate: false,
      line: { reason: 'not_in_loupe' },
    });
    const unknownTwice = await scan(browser, takeId, 'abc-1');
    expect(unknownTwice.json()).toMatchObject({ duplicate: true, counts: { unexpected: 1 } });

    const blank = await scan(browser, takeId, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ serial: ['This field may not be blank.'] });
  });

  it('lists counts newest first with their figures, and filters by status', async () => {
    const browser = await as('gold');
    await addItem(browser, { serial: 'L-1' });
    const a = await startCount(browser);
    const b = await startCount(browser, { stockType: 'Jewellery' });
    await scan(browser, a, 'L-1');
    await browser.post(`${TAKES}${a}/close/`);
    const all = (await browser.get(TAKES)).json();
    expect(all.count).toBe(2);
    expect(all.results.map((t: { id: number }) => t.id)).toEqual([b, a]);
    expect(all.results[1]).toMatchObject({ status: 'closed', counts: { expected: 1, found: 1 } });
    const open = (await browser.get(`${TAKES}?status=open`)).json();
    expect(open.results.map((t: { id: number }) => t.id)).toEqual([b]);
  });
});

describe('who may do what', () => {
  it('lets silver start and scan but not close; gold and platinum close', async () => {
    const silver = await as('silver');
    await addItem(silver, { serial: 'S-1' });
    const takeId = await startCount(silver);
    expect((await scan(silver, takeId, 'S-1')).statusCode).toBe(201);
    const refused = await silver.post(`${TAKES}${takeId}/close/`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      detail: 'Only platinum and gold members can close a count or act on its differences.',
    });
    const gold = await as('gold');
    const closed = await gold.post(`${TAKES}${takeId}/close/`);
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'closed', closedBy: 'gold', counts: { found: 1 } });
  });

  it("answers 404 for another shop's count, to reading, scanning and closing alike", async () => {
    const mine = await as('platinum');
    const takeId = await startCount(mine);
    const rival = await as('rival');
    expect((await rival.get(`${TAKES}${takeId}/`)).statusCode).toBe(404);
    expect((await rival.get(`${TAKES}${takeId}/lines/?outcome=found`)).statusCode).toBe(404);
    expect((await scan(rival, takeId, 'X')).statusCode).toBe(404);
    expect((await rival.post(`${TAKES}${takeId}/close/`)).statusCode).toBe(404);
    expect((await rival.get(TAKES)).json()).toEqual({ results: [], count: 0 });
    // And nothing was added to ours.
    expect((await mine.get(`${TAKES}${takeId}/`)).json().counts.unexpected).toBe(0);
  });

  it('refuses to scan into or close a closed count (409), and asks for a signed-in member', async () => {
    const browser = await as('gold');
    const takeId = await startCount(browser);
    expect((await browser.post(`${TAKES}${takeId}/close/`)).statusCode).toBe(200);
    const late = await scan(browser, takeId, 'W1');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ detail: 'This count is closed: no more scans can be added.' });
    const twice = await browser.post(`${TAKES}${takeId}/close/`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ detail: 'This count is already closed.' });
    const anonymous = await as('anonymous');
    expect((await anonymous.get(TAKES)).statusCode).toBe(401);
  });

  it('audits starting and closing a count', async () => {
    const browser = await as('gold');
    const takeId = await startCount(browser, { stockType: 'Watches', location: 'Safe 1' });
    await browser.post(`${TAKES}${takeId}/close/`);
    const rows = await state.db.query<{ action: string; record_name: string; after: unknown }>(
      `SELECT action, record_name, after FROM audit_log WHERE entity = 'stock_take' AND entity_id = $1 ORDER BY id`,
      [takeId],
    );
    expect(rows.map((r) => [r.action, r.record_name])).toEqual([
      ['start', `Stock Take #${takeId} (Watches in Safe 1)`],
      ['close', `Stock Take #${takeId} (Watches in Safe 1)`],
    ]);
    expect(rows[1]?.after).toEqual({ expected: 0, found: 0, missing: 0, unexpected: 0 });
  });
});

describe("items' location and the serial lookup", () => {
  it('stores a location on add, keeps it on an edit that does not send it, and filters the list by it', async () => {
    const browser = await as('gold');
    const id = await addItem(browser, { serial: 'LOC-1', location: '  Safe 2 ' });
    await addItem(browser, { serial: 'LOC-2', location: 'Window' });
    const item = (await browser.get(`/api/items/${id}/`)).json();
    expect(item.location).toBe('Safe 2');
    const edited = await browser.put(`/api/items/${id}/`, {
      serial: 'LOC-1',
      stockType: 'Watches',
      description: 'edited',
      version: item.version,
    });
    expect(edited.json().location).toBe('Safe 2');
    const moved = await browser.put(`/api/items/${id}/`, {
      serial: 'LOC-1',
      stockType: 'Watches',
      location: 'Window',
      version: edited.json().version,
    });
    expect(moved.json().location).toBe('Window');
    const list = (await browser.get('/api/items/?location=Window')).json();
    expect(list.results.map((r: { serial: string }) => r.serial).sort()).toEqual(['LOC-1', 'LOC-2']);
    const tooLong = await browser.post('/api/items/', {
      serial: 'LOC-3',
      stockType: 'Watches',
      location: 'x'.repeat(61),
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it("finds the shop's item by its exact serial, and says so when there is none", async () => {
    const browser = await as('silver');
    const id = await addItem(browser, { serial: 'QR-77' });
    const hit = await browser.get('/api/items/by-serial/?serial=QR-77');
    expect(hit.statusCode).toBe(200);
    expect(hit.json()).toMatchObject({ id, serial: 'QR-77', stockType: 'Watches' });
    const miss = await browser.get('/api/items/by-serial/?serial=qr-77');
    expect(miss.statusCode).toBe(404);
    expect(miss.json()).toEqual({ detail: 'No item with serial “qr-77” in this shop.' });
    const rival = await as('rival');
    expect((await rival.get('/api/items/by-serial/?serial=QR-77')).statusCode).toBe(404);
    expect((await browser.get('/api/items/by-serial/')).statusCode).toBe(400);
  });
});

describe('demo data', () => {
  it('holds one closed count of the watches in Safe 1: found ones, one missing, one unexpected, as the API reads it', async () => {
    const { seedInventoryDemo } = await import('../../../src/demo/inventory');
    const { seedStockTakesDemo } = await import('../../../src/demo/stock-takes');
    const { seededRandom } = await import('../../../src/demo/demo-context');
    const names = ['Ada', 'Brook', 'Cyrus'];
    for (const name of names) await client(name);
    const demo = {
      shopId: state.fx.shopId,
      users: { platinum: state.fx.ids.platinum, gold: state.fx.ids.gold, silver: state.fx.ids.silver },
      now: new Date('2026-03-01T09:00:00Z'),
      random: seededRandom(20261122),
    };
    await state.db.transaction(async (tx) => {
      await seedInventoryDemo({ tx, ...demo });
      await seedStockTakesDemo({ tx, ...demo });
    });
    const browser = await as('gold');
    const list = (await browser.get(TAKES)).json();
    expect(list.count).toBe(1);
    const take = list.results[0];
    expect(take).toMatchObject({ status: 'closed', scopeLabel: 'Watches in Safe 1', closedBy: 'gold' });
    expect(take.countedBy.sort()).toEqual(['gold', 'silver']);
    expect(take.counts.found).toBeGreaterThanOrEqual(2);
    expect(take.counts).toMatchObject({ missing: 1, unexpected: 1, expected: take.counts.found + 1 });
    const unexpected = await linesOf(browser, take.id, 'unexpected');
    expect(unexpected.results[0]).toMatchObject({ reasonText: 'Recorded as sold', status: 'sold' });
    const missing = await linesOf(browser, take.id, 'missing');
    expect(missing.results[0]).toMatchObject({
      location: 'Safe 1',
      stockType: 'Watches',
      status: 'available',
    });
    expect((await browser.get(`${TAKES}${take.id}/variance/pdf/`)).statusCode).toBe(200);
  });
});
