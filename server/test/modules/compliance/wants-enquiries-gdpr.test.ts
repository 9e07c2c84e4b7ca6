import type { AuditEventList, Client, ErasureOutcome, WantSaved } from '@loupe/contracts';
import type { Browser } from '../../helper';
import { enquiriesTestbed, enquiry } from '../enquiries/setup';
import { RETENTION_DELETE, erasureRequests, legalHold, subjectAccess, unzip } from './retention-setup';
import { ledger } from './setup';

// Issue 24's personal data in the UK GDPR programme: a client's wanted list (wants with their notes, and their
// matches) and the website enquiries linked to the client or sent from the client's e-mail address (with the
// staff's replies). An erasure request (Art. 17) deletes them, and nothing of another client; legal hold keeps
// them; the subject access export (Art. 15) lists them. Clock: 2026-03-01.
const { state, as, create, storefront, listedItem, postEnquiry } = enquiriesTestbed();

let addresses = 0;

/** An enquiry about `itemId` from a visitor (its own address: the per-address rate limit stays out of it). */
async function enquire(itemId: number, fields: Record<string, string>): Promise<number> {
  addresses += 1;
  const response = await postEnquiry('hart', itemId, fields, { address: `198.51.100.${addresses % 250}` });
  expect(response.statusCode).toBe(303);
  const [row] = await state.db.query<{ id: number }>('SELECT max(id)::int AS id FROM enquiries');
  return row!.id;
}

async function reply(browser: Browser, id: number, body: string) {
  const response = await browser.post(`${enquiry(id)}reply/`, { subject: 'Your enquiry', body });
  expect([response.statusCode, response.statusCode === 200 ? '' : response.body]).toEqual([200, '']);
}

async function want(browser: Browser, clientId: number, notes: string): Promise<WantSaved> {
  const response = await browser.post(`/api/clients/${clientId}/wants/`, {
    brand: 'Rolex',
    model: 'Submariner',
    maxPrice: '13000',
    notes,
  });
  expect(response.statusCode).toBe(201);
  return response.json() as WantSaved;
}

/**
 * Ada: a want with a match; an enquiry converted (linked to her) before she changed her e-mail address, with a
 * reply; an enquiry from her new address in other capitals, not converted. Bob: a want with a match, an enquiry
 * with a reply. A phone-only enquiry signed with Ada's name (not hers: nothing but a name ties it to her).
 */
async function scene() {
  await storefront();
  const itemId = await listedItem();
  const gold = await as('gold');
  const ada = await create({ name: 'Ada Wants', email: 'ada@example.com', phone: '020 7946 0001' }, gold);
  const bob = await create({ name: 'Bob Keeps', email: 'bob@example.com', phone: '020 7946 0002' }, gold);
  expect((await want(gold, ada, 'For her 40th birthday in June')).newMatches).toBe(1);
  expect((await want(gold, bob, 'Bob pays by transfer only')).newMatches).toBe(1);

  const linked = await enquire(itemId, {
    name: 'Ada W',
    email: 'ada@example.com',
    message: 'Ada asks: is the bracelet full size?',
  });
  expect((await gold.post(`${enquiry(linked)}convert/`)).json()).toMatchObject({ clientId: ada });
  await reply(gold, linked, 'Ada, yes: all links are there.');
  const { version } = (await gold.get(`/api/clients/${ada}/`)).json() as Client;
  const moved = await gold.put(`/api/clients/${ada}/`, {
    name: 'Ada Wants',
    email: 'ada.new@example.com',
    phone: '020 7946 0001',
    version,
  });
  expect([moved.statusCode, moved.statusCode === 200 ? '' : moved.body]).toEqual([200, '']);
  const byEmail = await enquire(itemId, {
    name: 'Ada',
    email: 'ADA.New@Example.com',
    message: 'Ada again: could I see it on Saturday?',
  });
  const bobs = await enquire(itemId, {
    name: 'Bob',
    email: 'bob@example.com',
    message: 'Bob asks: any service history?',
  });
  await reply(gold, bobs, 'Bob, serviced in 2024.');
  const namesake = await enquire(itemId, {
    name: 'Ada Wants',
    email: '',
    phone: '020 7946 0999',
    message: 'A namesake asks about the box.',
  });
  return { gold, itemId, ada, bob, linked, byEmail, bobs, namesake };
}

const wantsOf = (clientId: number) =>
  state.db.query<{ id: number; notes: string }>(
    'SELECT id, notes FROM client_wants WHERE client_id = $1 ORDER BY id',
    [clientId],
  );
const matchesOf = (clientId: number) =>
  state.db.query<{ id: number }>(
    'SELECT m.id FROM want_matches m JOIN client_wants w ON w.id = m.want_id WHERE w.client_id = $1',
    [clientId],
  );
const enquiryIds = async () =>
  (await state.db.query<{ id: number }>('SELECT id::int AS id FROM enquiries ORDER BY id')).map((r) => r.id);
const replyBodies = async () =>
  (await state.db.query<{ body: string }>('SELECT body FROM enquiry_replies ORDER BY id')).map((r) => r.body);

describe("an erasure request and the client's wanted list and enquiries", () => {
  it('deletes her wants, matches, enquiries and their replies, and nothing of another client', async () => {
    const { ada, bob, bobs, namesake } = await scene();
    expect(await matchesOf(ada)).toHaveLength(1);

    const platinum = await as('platinum');
    const answered = await platinum.post(erasureRequests(ada), { receivedOn: '2026-03-01' });
    expect(answered.statusCode).toBe(201);
    expect((answered.json() as ErasureOutcome).erased).toEqual([
      'Email',
      'Phone',
      'Wanted list (1 want, 1 match)',
      'Website enquiries (2 enquiries, 1 reply)',
    ]);

    expect(await wantsOf(ada)).toEqual([]);
    expect(await matchesOf(ada)).toEqual([]);
    expect((await wantsOf(bob)).map((w) => w.notes)).toEqual(['Bob pays by transfer only']);
    expect(await matchesOf(bob)).toHaveLength(1);
    expect(await enquiryIds()).toEqual([bobs, namesake]);
    expect(await replyBodies()).toEqual([expect.stringContaining('Bob, serviced in 2024.')]);

    // Audited as the erasure is: the client's history words what went.
    const history = (await platinum.get(`/api/clients/${ada}/history/`)).json() as AuditEventList;
    expect(history.results[0]?.summary).toBe(
      'Answered an erasure request: erased email, phone, wanted list (1 want, 1 match) and website enquiries ' +
        '(2 enquiries, 1 reply)',
    );
    // A second request finds none left, and names none.
    const again = (
      await platinum.post(erasureRequests(ada), { receivedOn: '2026-03-01' })
    ).json() as ErasureOutcome;
    expect(again.erased).toEqual([]);
  });

  it('keeps them under legal hold (UK GDPR Art. 17(3)(e))', async () => {
    const { ada } = await scene();
    const platinum = await as('platinum');
    expect((await platinum.post(legalHold(ada), { reason: 'Civil claim pending' })).statusCode).toBe(201);
    const before = await enquiryIds();
    const outcome = (
      await platinum.post(erasureRequests(ada), { receivedOn: '2026-03-01' })
    ).json() as ErasureOutcome;
    expect(outcome.erased).toEqual([]);
    expect(await wantsOf(ada)).toHaveLength(1);
    expect(await matchesOf(ada)).toHaveLength(1);
    expect(await enquiryIds()).toEqual(before);
    expect(await replyBodies()).toHaveLength(2);
  });
});

describe("the end of retention and the client's wanted list and enquiries", () => {
  it('deletes them with the client’s personal data (MLR 2017 reg. 40(3) over), and nothing of another client', async () => {
    const { gold, ada, bob, bobs, namesake } = await scene();
    // Last transactions on 2020-06-01: five years over on 2025-06-01, before the clock's 2026-03-01.
    for (const id of [ada, bob]) {
      const paid = await gold.post(ledger(id), {
        direction: 'received',
        amount: '100.00',
        method: 'Bank Transfer',
        date: '2020-06-01',
      });
      expect(paid.statusCode).toBe(201);
    }
    await state.db.query(
      'UPDATE memberships SET nominated_officer = true WHERE shop_id = $1 AND user_id = $2',
      [state.fx.shopId, state.fx.ids.gold],
    );
    const deleted = await gold.post(RETENTION_DELETE, { clientIds: [ada], confirmation: 'DELETE 1 CLIENT' });
    expect([deleted.statusCode, deleted.body]).toEqual([200, JSON.stringify({ deleted: [ada] })]);

    expect(await wantsOf(ada)).toEqual([]);
    expect(await matchesOf(ada)).toEqual([]);
    expect(await wantsOf(bob)).toHaveLength(1);
    expect(await matchesOf(bob)).toHaveLength(1);
    expect(await enquiryIds()).toEqual([bobs, namesake]);
    expect(await replyBodies()).toEqual([expect.stringContaining('Bob, serviced in 2024.')]);
  });
});

describe("the subject access export and the client's wanted list and enquiries", () => {
  it('lists her wants with their notes and matches, and her enquiries with their replies, and no one else’s', async () => {
    const { ada, itemId, linked, byEmail } = await scene();
    const response = await (await as('platinum')).get(subjectAccess(ada));
    expect(response.statusCode).toBe(200);
    const files = await unzip(response.rawPayload);
    expect(files.get('README.txt')?.toString('utf8')).toContain('the wanted list');
    const text = files.get('client.json')!.toString('utf8');
    const data = JSON.parse(text) as {
      wants: { id: number; brand: string; model: string; notes: string; max_price: number }[];
      wantMatches: { want_id: number; item_id: number; item_brand: string; status: string }[];
      enquiries: {
        id: number;
        email: string;
        message: string;
        client_id: number | null;
        replies: { subject: string; body: string; sent_by: string }[];
      }[];
    };
    expect(data.wants).toEqual([
      expect.objectContaining({
        brand: 'Rolex',
        model: 'Submariner',
        notes: 'For her 40th birthday in June',
        max_price: 13000,
      }),
    ]);
    expect(data.wantMatches).toEqual([
      expect.objectContaining({
        want_id: data.wants[0]!.id,
        item_id: itemId,
        item_brand: 'Rolex',
        status: 'open',
      }),
    ]);
    expect(data.enquiries.map((e) => [e.id, e.email, e.message, e.client_id])).toEqual([
      [linked, 'ada@example.com', 'Ada asks: is the bracelet full size?', ada],
      [byEmail, 'ADA.New@Example.com', 'Ada again: could I see it on Saturday?', null],
    ]);
    expect(data.enquiries[0]!.replies).toEqual([
      expect.objectContaining({ subject: 'Your enquiry', body: expect.stringContaining('Ada, yes') }),
    ]);
    expect(data.enquiries[1]!.replies).toEqual([]);
    // Nothing of Bob's, nor the namesake's.
    for (const other of ['Bob pays by transfer only', 'Bob asks', 'Bob, serviced', 'namesake', '0999'])
      expect(text).not.toContain(other);
  });

  it('lists empty ones for a client with none', async () => {
    const gold = await as('gold');
    const carl = await create({ name: 'Carl None', email: 'carl@example.com' }, gold);
    const files = await unzip((await (await as('platinum')).get(subjectAccess(carl))).rawPayload);
    const data = JSON.parse(files.get('client.json')!.toString('utf8')) as Record<string, unknown>;
    expect([data.wants, data.wantMatches, data.enquiries]).toEqual([[], [], []]);
  });
});
