import fs from 'node:fs';
import path from 'node:path';
import {
  SANCTIONS_ALREADY_DECIDED,
  SANCTIONS_OFFICER_ONLY,
  complianceHoldDetail,
  type SanctionsMatch,
  type SanctionsReview,
} from '@loupe/contracts';
import { createRepositories } from '../../../src/repositories';
import { importSanctionsList } from '../../../src/modules/compliance/sanctions-service';
import { parseSanctionsList, SanctionsListError } from '../../../src/modules/compliance/sanctions-list';
import { sanctionsHold } from '../../../src/modules/compliance/sanctions-guard';
import { MATCH_THRESHOLD, ScreeningList } from '../../../src/modules/compliance/sanctions-match';
import { SanctionsRepository } from '../../../src/modules/compliance/sanctions-repository';
import type { Browser } from '../../helper';
import { itemBody } from '../inventory/setup';
import { clientsTestbed, client as clientUrl, audit as historyUrl, ledger } from '../clients/setup';

// Sanctions screening (issue 25 item 2) against the fixture lists in test/fixtures: fictional people in the
// published files' exact shapes (OFSI ConList.csv with its date line, and the FCDO UK Sanctions List).
const FIXTURES = path.join(__dirname, '..', '..', 'fixtures');
const fixture = (name: string) => ({ name, text: fs.readFileSync(path.join(FIXTURES, name), 'utf8') });
const REVIEW = '/api/compliance/sanctions/';
const decision = (id: number) => `/api/compliance/sanctions/${id}/decision/`;

const { state, as, create } = clientsTestbed();

const importList = (name = 'sanctions-conlist.csv') =>
  importSanctionsList(
    { transaction: (work) => state.db.transaction((tx) => work(createRepositories(tx))) },
    fixture(name),
    state.clock.now(),
  );

/** Gold is the shop's nominated officer in these tests. */
async function nameOfficer(): Promise<void> {
  const platinum = await as('platinum');
  const named = await platinum.put(`/api/shops/${state.fx.shopId}/nominated-officer/`, {
    user: state.fx.ids.gold,
  });
  expect(named.statusCode).toBe(200);
}

const screenings = () =>
  state.db.query<{ client_id: number; status: string; list_id: string; matched_name: string }>(
    'SELECT client_id, status, list_id, matched_name FROM sanctions_screenings ORDER BY id',
  );

const held = (clientId: number) =>
  sanctionsHold({ sanctions: new SanctionsRepository(state.db) }, state.fx.shopId, clientId);

beforeEach(async () => {
  // The list is shop-independent: the shops' reset between tests does not empty it (PostgreSQL).
  await state.db.query('DELETE FROM sanctions_screenings');
  await state.db.query('DELETE FROM sanctions_designations');
  await state.db.query('DELETE FROM sanctions_imports');
});

describe('reading the published list', () => {
  it('reads ConList.csv: one designation per Group ID with its names, aliases and non-Latin name', () => {
    const list = parseSanctionsList(fixture('sanctions-conlist.csv').text);
    expect(list.format).toBe('ofsi_consolidated');
    expect(list.listDate).toBe('Last Updated 01/10/2026');
    expect(list.rows).toBe(7);
    expect(list.designations.map((d) => d.listId)).toEqual(['90001', '90002', '90003', '90004']);
    expect(list.designations[0]).toEqual({
      listId: '90001',
      groupType: 'Individual',
      regime: 'Russia',
      dob: '12/03/1961',
      nationality: 'Russia',
      listedOn: '15/03/2022',
      names: [
        { name: 'Aleksandr Ivanovich PETROV', type: 'Primary name' },
        { name: 'Александр Иванович ПЕТРОВ', type: 'Non-Latin script' },
        { name: 'Alexander PETROV', type: 'Alias' },
      ],
    });
  });

  it('reads the UK Sanctions List (FCDO) shape too, by its Unique ID', () => {
    const list = parseSanctionsList(fixture('sanctions-uk-sanctions-list.csv').text);
    expect(list.format).toBe('uk_sanctions_list');
    expect(list.listDate).toBe('Report Date: 01-Oct-2026');
    expect(list.designations.map((d) => [d.listId, d.groupType, d.names.length])).toEqual([
      ['RUS9901', 'Individual', 3],
      ['RUS9902', 'Entity', 2],
    ]);
    expect(list.designations[0]?.regime).toBe('The Russia (Sanctions) (EU Exit) Regulations 2019');
    expect(list.designations[0]?.dob).toBe('12/03/1961');
  });

  it('refuses a file that is not the list', () => {
    expect(() => parseSanctionsList('Name,Email\nAnna,anna@example.com\n')).toThrow(SanctionsListError);
  });
});

describe('matching names', () => {
  const list = new ScreeningList(parseSanctionsList(fixture('sanctions-conlist.csv').text).designations);
  const ids = (name: string) => list.screen(name).map((m) => m.designation.listId);

  it('matches an exact name, a transliterated one, Cyrillic script and a reordered one', () => {
    expect(ids('Aleksandr Ivanovich Petrov')).toEqual(['90001']);
    expect(ids('Alexander Petrov')).toEqual(['90001']);
    expect(ids('Александр Петров')).toEqual(['90001']);
    expect(ids('PETROV, Aleksandr')).toEqual(['90001']);
    expect(ids('Mr Omar Al Rashid')).toEqual(['90002']);
    expect(ids('Umar Rashid')).toEqual(['90002']);
    expect(ids('Severnaya Zvezda')).toEqual(['90003']);
    expect(ids('Dmitry Kovalenko')).toEqual(['90004']);
    expect(list.screen('Alexander Petrov')[0]?.score).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
  });

  it('does not match a different person, or one shared word', () => {
    expect(ids('Alexander Smith')).toEqual([]);
    expect(ids('Eleanor Vance')).toEqual([]);
    expect(ids('Ivan Petrov')).toEqual([]);
    expect(ids('Petrov')).toEqual([]);
    expect(ids('Omar Sharif')).toEqual([]);
  });
});

describe('screening clients', () => {
  it('screens a new client once a list is in force; a possible match holds them, staff see no detail', async () => {
    const before = await create({ name: 'Alexander Petrov' });
    expect(await screenings()).toEqual([]);

    const result = await importList();
    expect(result).toMatchObject({ format: 'ofsi_consolidated', designations: 4, possibleMatches: 1 });
    expect(await screenings()).toEqual([
      expect.objectContaining({ client_id: before, status: 'possible_match', list_id: '90001' }),
    ]);

    const cyrillic = await create({ name: 'Александр Петров' });
    const different = await create({ name: 'Alexander Smith' });
    expect((await screenings()).map((s) => s.client_id)).toEqual([before, cyrillic]);
    expect(await held(cyrillic)).toEqual({
      detail: complianceHoldDetail('Александр Петров'),
      rule: 'compliance_hold',
      clientId: cyrillic,
    });
    expect(complianceHoldDetail('X')).not.toMatch(/sanction/i);
    expect(await held(different)).toBeNull();

    // The client's own screens and History show nothing of it (no tipping off).
    const gold = await as('gold');
    expect(JSON.stringify((await gold.get(clientUrl(before))).json())).not.toMatch(
      /sanction|Aleksandr|90001|regime/i,
    );
    const history = (await gold.get(historyUrl(before))).json() as { results: Array<{ action: string }> };
    expect(history.results.map((r) => r.action)).toEqual(['create']);
  });

  it('screens a client again when their name changes', async () => {
    await importList();
    const id = await create({ name: 'Anna Rossi' });
    expect(await screenings()).toEqual([]);
    const gold = await as('gold');
    const { version } = (await gold.get(clientUrl(id))).json() as { version: number };
    const renamed = await gold.put(clientUrl(id), {
      name: 'Dmitri Kovalenko',
      email: 'someone@example.com',
      version,
    });
    expect(renamed.statusCode).toBe(200);
    expect(await screenings()).toEqual([
      expect.objectContaining({ client_id: id, status: 'possible_match', list_id: '90004' }),
    ]);
  });

  it('screens every client of every shop at each import, raising a match once', async () => {
    await importList();
    const vance = await create({ name: 'Eleanor Vance' });
    const petrov = await create({ name: 'Petrov Alexander' });
    expect((await screenings()).map((s) => s.client_id)).toEqual([petrov]);

    // A later list designates "VANCE, Eleanora": the next import finds the client already on file.
    const later = await importList('sanctions-conlist-later.csv');
    expect(later).toMatchObject({ designations: 5, possibleMatches: 1 });
    expect(later.clientsScreened).toBeGreaterThanOrEqual(2);
    expect((await screenings()).map((s) => [s.client_id, s.list_id])).toEqual([
      [petrov, '90001'],
      [vance, '90005'],
    ]);
    // The list in force is the later one alone, and both imports are recorded and audited.
    const imports = await state.db.query<{
      file_name: string;
      designations: number;
      possible_matches: number;
    }>('SELECT file_name, designations, possible_matches FROM sanctions_imports ORDER BY id');
    expect(imports).toEqual([
      { file_name: 'sanctions-conlist.csv', designations: 4, possible_matches: 0 },
      { file_name: 'sanctions-conlist-later.csv', designations: 5, possible_matches: 1 },
    ]);
    const count = await state.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM sanctions_designations',
    );
    expect(count[0]?.n).toBe(5);
    const audited = await state.db.query<{ shop_id: number | null; action: string }>(
      "SELECT shop_id, action FROM audit_log WHERE entity = 'sanctions_list' ORDER BY id",
    );
    expect(audited).toEqual([
      { shop_id: null, action: 'sanctions_import' },
      { shop_id: null, action: 'sanctions_import' },
    ]);
  });

  it('leaves the list in force when a file is refused', async () => {
    await importList();
    await expect(
      importSanctionsList(
        { transaction: (work) => state.db.transaction((tx) => work(createRepositories(tx))) },
        { name: 'clients.csv', text: 'Name,Email\nAnna,anna@example.com\n' },
        state.clock.now(),
      ),
    ).rejects.toThrow(SanctionsListError);
    const count = await state.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sanctions_imports');
    expect(count[0]?.n).toBe(1);
  });
});

describe("the nominated officer's review", () => {
  it('is for the nominated officer alone', async () => {
    await importList();
    await create({ name: 'Alexander Petrov' });
    for (const role of ['platinum', 'gold', 'silver'] as const) {
      const response = await (await as(role)).get(REVIEW);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: SANCTIONS_OFFICER_ONLY });
    }
    await nameOfficer();
    const review = await (await as('gold')).get(REVIEW);
    expect(review.statusCode).toBe(200);
    const body = review.json() as SanctionsReview;
    expect(body.lastImport).toMatchObject({
      fileName: 'sanctions-conlist.csv',
      format: 'ofsi_consolidated',
      designations: 4,
    });
    expect(body.open).toEqual([
      expect.objectContaining({
        clientName: 'Alexander Petrov',
        status: 'possible_match',
        matchedName: 'Alexander PETROV',
        listed: expect.objectContaining({ listId: '90001', regime: 'Russia', dob: '12/03/1961' }),
      }),
    ]);
    // Nobody else decides either.
    const silver = await as('silver');
    expect((await silver.post(decision(body.open[0]?.id as number), { decision: 'clear' })).statusCode).toBe(
      403,
    );
  });

  it('clears a false positive: the hold lifts, audited; a decided match is not decided again', async () => {
    await importList();
    const id = await create({ name: 'Alexander Petrov' });
    expect(await held(id)).not.toBeNull();
    await nameOfficer();
    const gold = await as('gold');
    const [match] = ((await gold.get(REVIEW)).json() as SanctionsReview).open;
    const cleared = await gold.post(decision(match?.id as number), {
      decision: 'clear',
      note: 'Date of birth 1988, British passport seen: not the listed person.',
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ status: 'cleared', decidedBy: 'gold' } as Partial<SanctionsMatch>);
    expect(await held(id)).toBeNull();
    const again = await gold.post(decision(match?.id as number), { decision: 'confirm' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: SANCTIONS_ALREADY_DECIDED });

    const trail = await state.db.query<{ action: string; client_id: number | null; user_id: number | null }>(
      "SELECT action, client_id, user_id FROM audit_log WHERE entity = 'sanctions_screening' ORDER BY id",
    );
    expect(trail).toEqual([
      { action: 'sanctions_possible_match', client_id: null, user_id: state.fx.ids.gold },
      { action: 'sanctions_cleared', client_id: null, user_id: state.fx.ids.gold },
    ]);
    // A cleared match is not raised again by the next import while the name stays the same.
    await importList('sanctions-conlist-later.csv');
    expect(await held(id)).toBeNull();
  });

  it('confirms a true match: the client stays held', async () => {
    await importList();
    const id = await create({ name: 'Omar Khalil Al-Rashid' });
    await nameOfficer();
    const gold = await as('gold');
    const [match] = ((await gold.get(REVIEW)).json() as SanctionsReview).open;
    const confirmed = await gold.post(decision(match?.id as number), { decision: 'confirm' });
    expect(confirmed.statusCode).toBe(200);
    expect(await held(id)).not.toBeNull();
    const review = (await gold.get(REVIEW)).json() as SanctionsReview;
    expect(review.open).toEqual([]);
    expect(review.decided).toEqual([expect.objectContaining({ status: 'confirmed', clientId: id })]);
  });
});

describe('the trail of a screening', () => {
  const activity = async (role: 'platinum') =>
    ((await (await as(role)).get('/api/activity/')).json() as { results: Array<{ action: string }> }).results
      .map((r) => r.action)
      .filter((a) => a.startsWith('sanctions'));

  it("is in Activity for the nominated officer alone, worded, and never in the client's History", async () => {
    await importList();
    const id = await create({ name: 'Alexander Petrov' });
    // The owner who is not the nominated officer sees nothing of it, nor its filter choices.
    expect(await activity('platinum')).toEqual([]);
    const filters = (await (await as('platinum')).get('/api/activity/filters/')).json() as {
      entities: Array<{ value: string }>;
      actions: Array<{ value: string }>;
    };
    expect(JSON.stringify(filters)).not.toMatch(/sanctions/);
    const platinum = await as('platinum');
    expect(
      (
        await platinum.put(`/api/shops/${state.fx.shopId}/nominated-officer/`, {
          user: state.fx.ids.platinum,
        })
      ).statusCode,
    ).toBe(200);
    const officer = await as('platinum');
    const trail = (
      (await officer.get('/api/activity/')).json() as {
        results: Array<{ action: string; summary: string; recordName: string | null }>;
      }
    ).results.filter((r) => r.action.startsWith('sanctions'));
    expect(trail).toEqual([
      expect.objectContaining({
        action: 'sanctions_possible_match',
        summary: 'Possible sanctions match (sanctions screening)',
        recordName: expect.stringMatching(/^Compliance check \d+$/),
      }),
    ]);
    const history = (await officer.get(historyUrl(id))).json() as { results: Array<{ action: string }> };
    expect(history.results.map((r) => r.action)).toEqual(['create']);
  });
});

describe('the hold on a sale, a purchase and a payment (guardClient)', () => {
  const newItem = async (gold: Browser, serial: string) =>
    ((await gold.post('/api/items/', itemBody({ serial }))).json() as { id: number }).id;
  const sales = async () =>
    (await state.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sales'))[0]?.n;
  const hold = (id: number, name: string) => ({
    detail: complianceHoldDetail(name),
    rule: 'compliance_hold',
    clientId: id,
  });

  it("refuses a possible match's sale and payment with a 409 naming the client, until the officer clears it", async () => {
    await importList();
    const id = await create({ name: 'Alexander Petrov' });
    const gold = await as('gold');
    const item = await newItem(gold, 'SANC-1');

    const sale = await gold.post(`/api/items/${item}/sell/`, { price: '250.00', clientId: id });
    expect(sale.statusCode).toBe(409);
    expect(sale.json()).toEqual(hold(id, 'Alexander Petrov'));
    expect(JSON.stringify(sale.json())).not.toMatch(/sanction/i);
    expect(await sales()).toBe(0);
    const payment = await gold.post(ledger(id), {
      direction: 'received',
      amount: '100.00',
      method: 'Credit Card',
    });
    expect(payment.statusCode).toBe(409);
    expect(payment.json()).toEqual(hold(id, 'Alexander Petrov'));
    // Another client is not held.
    const other = await create({ name: 'Anna Rossi' });
    expect(
      (await gold.post(ledger(other), { direction: 'received', amount: '100.00', method: 'Credit Card' }))
        .statusCode,
    ).toBe(201);

    await nameOfficer();
    const [match] = ((await gold.get(REVIEW)).json() as SanctionsReview).open;
    expect((await gold.post(decision(match?.id as number), { decision: 'clear' })).statusCode).toBe(200);
    const sold = await gold.post(`/api/items/${item}/sell/`, { price: '250.00', clientId: id });
    expect(sold.statusCode).toBe(200);
    expect(await sales()).toBe(1);
  });

  it('keeps a confirmed match held: an item sold and a quick sale are refused', async () => {
    await importList();
    const id = await create({ name: 'Severnaya Zvezda' });
    await nameOfficer();
    const gold = await as('gold');
    const [match] = ((await gold.get(REVIEW)).json() as SanctionsReview).open;
    expect((await gold.post(decision(match?.id as number), { decision: 'confirm' })).statusCode).toBe(200);
    const sale = await gold.post(`/api/items/${await newItem(gold, 'SANC-2')}/sell/`, {
      price: '900.00',
      clientId: id,
    });
    expect(sale.statusCode).toBe(409);
    expect(sale.json()).toEqual(hold(id, 'Severnaya Zvezda'));
    const quick = await gold.post('/api/quick-sales/', {
      name: 'Strap',
      amount: '40.00',
      payment_method: 'Credit Card',
      clientId: id,
    });
    expect(quick.statusCode).toBe(409);
    expect(await sales()).toBe(0);
  });
});
