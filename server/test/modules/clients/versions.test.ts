import type { Client, ClientConflict } from '@loupe/contracts';
import { CLIENTS, client, clientsTestbed, ledger } from './setup';

// No lost updates (issue 12 item 6): a client edit names the version it was based on.
const { state, as, create, tableCounts } = clientsTestbed();

const ada = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 7946 0018',
  notes: 'Prefers Omega',
};

const load = async (id: number) => {
  const browser = await as('silver');
  return (await browser.get(client(id))).json() as Client;
};

describe('a client carries a version', () => {
  it('starts at 1, is in the detail, the list and the ETag of the detail', async () => {
    const id = await create(ada);
    const browser = await as('gold');
    const detail = await browser.get(client(id));
    expect(detail.json()).toMatchObject({ id, version: 1 });
    expect(detail.headers.etag).toBe('W/"1"');
    const list = await browser.get(CLIENTS);
    expect(list.json().results[0]).toMatchObject({ id, version: 1 });
  });

  it('moves on with each saved edit, answered with the new version and ETag; a save that changes nothing keeps it', async () => {
    const id = await create(ada);
    const browser = await as('gold');
    const first = await browser.put(client(id), { ...ada, phone: '020 7946 0000', version: 1 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ phone: '020 7946 0000', version: 2 });
    expect(first.headers.etag).toBe('W/"2"');
    // The same form saves again with the version it was answered.
    const second = await browser.put(client(id), { ...ada, notes: 'Prefers Patek', version: 2 });
    expect(second.json()).toMatchObject({ phone: '+44 20 7946 0018', notes: 'Prefers Patek', version: 3 });
    const unchanged = await browser.put(client(id), { ...ada, notes: 'Prefers Patek', version: 3 });
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json()).toMatchObject({ version: 3 });
  });

  it('is not moved by payments: a balance change never conflicts with an edit of the details', async () => {
    const id = await create(ada);
    const browser = await as('gold');
    const paid = await browser.post(ledger(id), { direction: 'received', amount: '250.00' });
    expect(paid.statusCode).toBe(201);
    expect(await load(id)).toMatchObject({ balance: 250, version: 1 });
    const edit = await browser.put(client(id), { ...ada, phone: '020 7946 0001', version: 1 });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ balance: 250, phone: '020 7946 0001', version: 2 });
  });

  it('is not moved by a void of a payment either', async () => {
    const id = await create(ada);
    const gold = await as('gold');
    const paid = await gold.post(ledger(id), { direction: 'received', amount: '75.50' });
    const entryId = (paid.json() as { entry: { id: number } }).entry.id;
    const voided = await gold.post(`${ledger(id)}${entryId}/void/`, { reason: 'Typed twice' });
    expect(voided.statusCode).toBeLessThan(300);
    expect(await load(id)).toMatchObject({ balance: 0, version: 1 });
    expect((await gold.put(client(id), { ...ada, notes: 'after the void', version: 1 })).statusCode).toBe(
      200,
    );
  });

  it('is bumped by the database whatever writes the row, and cannot be set by hand', async () => {
    const id = await create(ada);
    await state.db.query("UPDATE clients SET notes = 'by hand', version = 41 WHERE id = $1", [id]);
    expect(await load(id)).toMatchObject({ notes: 'by hand', version: 2 });
    await state.db.query('UPDATE clients SET balance = balance + 1 WHERE id = $1', [id]);
    await state.db.query('UPDATE clients SET balance = balance - 1 WHERE id = $1', [id]);
    expect(await load(id)).toMatchObject({ version: 2 });
    await state.db.query("UPDATE clients SET status = 'inactive' WHERE id = $1", [id]);
    expect(await load(id)).toMatchObject({ status: 'inactive', version: 3 });
  });
});

describe('a stale edit is refused', () => {
  it('409 with who changed it, when, and the client now; nothing written', async () => {
    const id = await create(ada);
    const gold = await as('gold');
    const silver = await as('silver');
    state.clock.advance(90_000);
    expect((await gold.put(client(id), { ...ada, phone: '020 0000 0001', version: 1 })).statusCode).toBe(200);
    const before = await tableCounts();
    const stale = await silver.put(client(id), { ...ada, notes: 'Silver typed this', version: 1 });
    expect(stale.statusCode).toBe(409);
    const body = stale.json() as ClientConflict;
    expect(body).toEqual({
      detail: 'This client was changed by someone else after you opened it.',
      changedBy: 'gold',
      changedAt: '2026-03-01T09:01:30.000Z',
      current: (await silver.get(client(id))).json(),
    });
    expect(body.current).toMatchObject({ phone: '020 0000 0001', notes: 'Prefers Omega', version: 2 });
    expect(stale.headers.etag).toBe('W/"2"');
    expect(await tableCounts()).toEqual(before);
  });

  it('refuses a stale version even when the edit would change nothing', async () => {
    const id = await create(ada);
    const gold = await as('gold');
    await gold.put(client(id), { ...ada, phone: '020 0000 0001', version: 1 });
    const stale = await gold.put(client(id), { ...ada, phone: '020 0000 0001', version: 1 });
    expect(stale.statusCode).toBe(409);
  });

  it('names who created the client when no one has edited it since (a version from the future)', async () => {
    const id = await create(ada, await as('platinum'));
    const response = await (await as('silver')).put(client(id), { ...ada, version: 7 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ changedBy: 'platinum', current: { version: 1 } });
  });
});

describe('If-Match', () => {
  it('stands in for the version; a stale one is a 412 with the same answer', async () => {
    const id = await create(ada);
    const gold = await as('gold');
    const ok = await gold.put(
      client(id),
      { ...ada, phone: '020 0000 0002' },
      { headers: { 'if-match': 'W/"1"' } },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ version: 2 });
    const stale = await gold.put(
      client(id),
      { ...ada, phone: '020 0000 0003' },
      { headers: { 'if-match': 'W/"1"' } },
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({
      detail: 'This client was changed by someone else after you opened it.',
      changedBy: 'gold',
      current: { phone: '020 0000 0002', version: 2 },
    });
    // A strong tag and a list are read the same way.
    const list = await gold.put(client(id), { ...ada, notes: 'n' }, { headers: { 'if-match': '"9", "2"' } });
    expect(list.statusCode).toBe(200);
  });

  it('decides when the body names another version', async () => {
    const id = await create(ada);
    const gold = await as('gold');
    const headerStale = await gold.put(
      client(id),
      { ...ada, notes: 'a', version: 1 },
      { headers: { 'if-match': 'W/"5"' } },
    );
    expect(headerStale.statusCode).toBe(412);
    const headerCurrent = await gold.put(
      client(id),
      { ...ada, notes: 'b', version: 5 },
      { headers: { 'if-match': 'W/"1"' } },
    );
    expect(headerCurrent.statusCode).toBe(200);
  });

  it('refuses a tag that is no version of ours (412), and takes * as "whatever it is now"', async () => {
    const id = await create(ada);
    const gold = await as('gold');
    const junk = await gold.put(client(id), { ...ada, notes: 'x' }, { headers: { 'if-match': 'abc' } });
    expect(junk.statusCode).toBe(412);
    const any = await gold.put(client(id), { ...ada, notes: 'y' }, { headers: { 'if-match': '*' } });
    expect(any.statusCode).toBe(200);
    expect(any.json()).toMatchObject({ notes: 'y', version: 2 });
  });
});

describe('the version is required', () => {
  it('is a 400 in DRF words without a version or If-Match, and a bad version is a 400 too', async () => {
    const id = await create(ada);
    const gold = await as('gold');
    const before = await tableCounts();
    const missing = await gold.put(client(id), { ...ada, notes: 'lost?' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ version: ['This field is required.'] });
    for (const version of ['one', 0, 1.5]) {
      const bad = await gold.put(client(id), { ...ada, version });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json())).toEqual(['version']);
    }
    expect(await tableCounts()).toEqual(before);
    expect(await load(id)).toMatchObject({ notes: 'Prefers Omega', version: 1 });
  });

  it('is a 404 first for another shop\u2019s client', async () => {
    const id = await create(ada);
    const rival = await as('rival');
    expect((await rival.put(client(id), { ...ada })).statusCode).toBe(404);
    expect((await rival.put(client(id), { ...ada, version: 1 })).statusCode).toBe(404);
  });
});

describe('two edits from the same version at once', () => {
  it('exactly one is saved and the other is a 409 naming the first', async () => {
    const id = await create(ada);
    const gold = await as('gold');
    const silver = await as('silver');
    for (let round = 1; round <= 5; round += 1) {
      const [a, b] = await Promise.all([
        gold.put(client(id), { ...ada, notes: `gold ${round}`, version: round }),
        silver.put(client(id), { ...ada, notes: `silver ${round}`, version: round }),
      ]);
      const codes = [a.statusCode, b.statusCode].sort();
      expect(codes).toEqual([200, 409]);
      const [winner, loser] = a.statusCode === 200 ? [a, b] : [b, a];
      const saved = winner.json() as Client;
      expect(saved.version).toBe(round + 1);
      expect(loser.json()).toMatchObject({
        changedBy: a.statusCode === 200 ? 'gold' : 'silver',
        current: { notes: saved.notes, version: round + 1 },
      });
      expect(await load(id)).toMatchObject({ notes: saved.notes, version: round + 1 });
    }
    const edits = await state.db.query(
      "SELECT count(*)::int AS n FROM audit_log WHERE entity = 'client' AND entity_id = $1 AND action = 'update'",
      [id],
    );
    expect(edits).toEqual([{ n: 5 }]);
  });
});
