import type { AuditEvent, AuditEventList, ActivityFilters } from '@loupe/contracts';
import { verifyChains } from '../../../src/modules/audit/verify';
import { apiTestbed, type Browser } from '../../helper';
import { itemBody } from '../inventory/setup';

const { state, as } = apiTestbed({ clock: true });

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

function uploadKyc(browser: Browser, clientId: number, name = 'passport.png') {
  const boundary = 'loupe-audit-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return browser.post(`/api/clients/${clientId}/kyc/`, body, {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

async function newClient(browser: Browser, name = 'Eleanor Vance'): Promise<number> {
  const response = await browser.post('/api/clients/', {
    name,
    email: 'eleanor@example.com',
    phone: '020 7946 0000',
  });
  expect(response.statusCode).toBe(201);
  return (response.json() as { id: number }).id;
}

async function newItem(browser: Browser, over: Record<string, unknown> = {}): Promise<number> {
  const response = await browser.post('/api/items/', itemBody(over));
  expect(response.statusCode).toBe(201);
  return (response.json() as { id: number }).id;
}

/** Any version: these tests are about the trail, not about concurrent edits. */
const IF_MATCH_ANY = { headers: { 'if-match': '*' } };

const summaries = (list: AuditEventList) => list.results.map((e) => e.summary);

describe('GET /api/clients/{id}/history/', () => {
  it('tells everything about the client in words, newest first, to any member', async () => {
    const gold = await as('gold');
    const id = await newClient(gold);
    expect(
      (
        await gold.put(
          `/api/clients/${id}/`,
          {
            name: 'Eleanor Vance',
            email: 'eleanor@example.com',
            phone: '020 7946 0999',
          },
          IF_MATCH_ANY,
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (await gold.post(`/api/clients/${id}/ledger/`, { direction: 'received', amount: '1200' })).statusCode,
    ).toBe(201);
    const upload = await uploadKyc(gold, id);
    expect(upload.statusCode).toBe(201);
    const docId = (upload.json() as { id: number }).id;
    expect((await gold.get(`/api/clients/${id}/kyc/${docId}/`)).statusCode).toBe(200);

    const silver = await as('silver');
    const response = await silver.get(`/api/clients/${id}/history/`);
    expect(response.statusCode).toBe(200);
    const list = response.json() as AuditEventList;
    expect(list.count).toBe(5);
    expect(summaries(list)).toEqual([
      'Downloaded a KYC document "passport.png"',
      'Uploaded a KYC document "passport.png"',
      'Recorded a payment of £1,200.00',
      'Changed the client\u2019s phone',
      'Added the client',
    ]);
    const edit = list.results[3] as AuditEvent;
    expect(edit).toMatchObject({
      actor: 'gold',
      actorId: state.fx.ids.gold,
      entity: 'client',
      entityId: id,
      recordName: 'Eleanor Vance',
      action: 'update',
      at: '2026-03-01T09:00:00.000Z',
      changes: [{ field: 'Phone', before: '020 7946 0000', after: '020 7946 0999' }],
    });
    expect(list.results[2]?.changes).toEqual([{ field: 'Balance', before: '£0.00', after: '£1,200.00' }]);
  });

  it('pages like other lists', async () => {
    const gold = await as('gold');
    const id = await newClient(gold);
    for (let n = 10; n < 20; n += 1) {
      const phone = `020 7946 00${n}`;
      await gold.put(
        `/api/clients/${id}/`,
        { name: 'Eleanor Vance', email: 'eleanor@example.com', phone },
        IF_MATCH_ANY,
      );
    }
    const page2 = (
      await gold.get(`/api/clients/${id}/history/?page=2&page_size=10`)
    ).json() as AuditEventList;
    expect(page2.count).toBe(11);
    expect(summaries(page2)).toEqual(['Added the client']);
    expect((await gold.get(`/api/clients/${id}/history/?page=3&page_size=10`)).statusCode).toBe(404);
  });

  it('is 404 for another shop\u2019s client or none, 403 for someone with no shop, 401 signed out', async () => {
    const id = await newClient(await as('gold'));
    expect((await (await as('rival')).get(`/api/clients/${id}/history/`)).statusCode).toBe(404);
    expect((await (await as('gold')).get(`/api/clients/${id + 1000}/history/`)).statusCode).toBe(404);
    expect((await (await as('loner')).get(`/api/clients/${id}/history/`)).statusCode).toBe(403);
    expect((await (await as('anonymous')).get(`/api/clients/${id}/history/`)).statusCode).toBe(401);
  });
});

describe('GET /api/items/{id}/history/', () => {
  it('lists the item\u2019s edits, check-out, return and sale; the client\u2019s History shows them too', async () => {
    const gold = await as('gold');
    const clientId = await newClient(gold, 'Arthur Penhaligon');
    const id = await newItem(gold);
    const edited = await gold.put(
      `/api/items/${id}/`,
      {
        serial: 'RLX-0001',
        stockType: 'Watches',
        brand: 'Rolex',
        model: 'Submariner',
        description: 'Black dial, 2021, full set',
        version: 1,
      },
      IF_MATCH_ANY,
    );
    expect([edited.statusCode, edited.body]).toEqual([200, expect.stringContaining('full set')]);
    expect(
      (await gold.post(`/api/items/${id}/check-out/`, { clientId, dueDate: '2026-03-10' })).statusCode,
    ).toBe(200);
    expect((await gold.post(`/api/items/${id}/return/`, {})).statusCode).toBe(200);
    // By card: £8,500 in cash is €10,000, which the AML guard refuses without due diligence (tested on its own).
    expect(
      (await gold.post(`/api/items/${id}/sell/`, { price: '8500', clientId, paymentMethod: 'Debit Card' }))
        .statusCode,
    ).toBe(200);

    const list = (await (await as('silver')).get(`/api/items/${id}/history/`)).json() as AuditEventList;
    expect(summaries(list)).toEqual([
      'Sold the item for £8,500.00',
      'Took the item back',
      'Checked the item out, due back 10 Mar 2026',
      'Changed the item\u2019s description',
      'Added the item',
      // Its purchase transactions made it a one-line purchase document (issue 22), written just before it.
      'Bought in PUR-000001',
    ]);
    expect(list.results[0]).toMatchObject({
      recordName: 'Rolex Submariner · SN RLX-0001',
      changes: [{ field: 'Status', before: 'Available', after: 'Sold' }],
    });
    expect(list.results[3]?.changes).toEqual([
      {
        field: 'Description',
        before: 'Black dial, 2021, box and papers',
        after: 'Black dial, 2021, full set',
      },
    ]);

    const client = (await gold.get(`/api/clients/${clientId}/history/`)).json() as AuditEventList;
    expect(summaries(client)).toEqual([
      'Sold the item for £8,500.00',
      'Took the item back',
      'Checked the item out, due back 10 Mar 2026',
      'Added the client',
    ]);
  });

  it('is 404 for another shop\u2019s item', async () => {
    const id = await newItem(await as('gold'));
    expect((await (await as('rival')).get(`/api/items/${id}/history/`)).statusCode).toBe(404);
  });
});

describe('GET /api/activity/', () => {
  async function seedActivity() {
    const gold = await as('gold');
    const silver = await as('silver');
    const id = await newClient(gold);
    await silver.put(
      `/api/clients/${id}/`,
      {
        name: 'Eleanor Vance',
        email: 'eleanor@example.com',
        phone: '020 7946 0123',
      },
      IF_MATCH_ANY,
    );
    await newItem(silver);
    return { id };
  }

  it('is the owner\u2019s: 403 for gold and silver', async () => {
    for (const who of ['gold', 'silver'] as const) {
      const browser = await as(who);
      for (const path of ['/api/activity/', '/api/activity/csv/', '/api/activity/filters/']) {
        expect((await browser.get(path)).statusCode).toBe(403);
      }
    }
  });

  it('lists the shop\u2019s whole trail, sign-ins included, and no other shop\u2019s', async () => {
    await seedActivity();
    await as('rival');
    const owner = await as('platinum');
    const list = (await owner.get('/api/activity/')).json() as AuditEventList;
    expect(list.results.map((e) => [e.actor, e.summary])).toEqual([
      ['platinum', 'Signed in'],
      ['silver', 'Added the item'],
      ['silver', 'Bought in PUR-000001'],
      ['silver', 'Changed the client\u2019s phone'],
      ['gold', 'Added the client'],
      ['silver', 'Signed in'],
      ['gold', 'Signed in'],
    ]);
  });

  it('filters by person, kind of record, action and days in the shop\u2019s time zone', async () => {
    await seedActivity();
    let owner = await as('platinum');
    const get = async (query: string) => {
      const response = await owner.get(`/api/activity/?${query}`);
      expect([query, response.statusCode, response.statusCode === 200 ? '' : response.body]).toEqual([
        query,
        200,
        '',
      ]);
      return summaries(response.json() as AuditEventList);
    };
    expect(await get(`user=${state.fx.ids.gold}`)).toEqual(['Added the client', 'Signed in']);
    expect(await get('entity=client')).toEqual(['Changed the client\u2019s phone', 'Added the client']);
    expect(await get('entity=client&action=update')).toEqual(['Changed the client\u2019s phone']);
    expect(await get('action=sign_in')).toEqual(['Signed in', 'Signed in', 'Signed in']);
    expect(await get('date_from=2026-03-01&date_to=2026-03-01&entity=item')).toEqual(['Added the item']);
    expect(await get('date_from=2026-03-02')).toEqual([]);
    // 20:00 UTC on 1 March is already 2 March in Tokyo.
    await state.db.query(`UPDATE shops SET timezone = 'Asia/Tokyo' WHERE id = $1`, [state.fx.shopId]);
    state.clock.advance(11 * 3600_000);
    await newItem(await as('gold'), { serial: 'LATE-1' });
    owner = await as('platinum'); // the morning's session has idled out
    expect(await get('date_from=2026-03-02&entity=item')).toEqual(['Added the item']);
    expect(await get('date_to=2026-03-01&entity=item')).toEqual(['Added the item']);
  });

  it('answers bad filters with DRF-shaped 400s', async () => {
    const owner = await as('platinum');
    const bad = async (query: string) => {
      const response = await owner.get(`/api/activity/?${query}`);
      expect(response.statusCode).toBe(400);
      return response.json() as Record<string, string[]>;
    };
    expect(await bad('entity=spaceship')).toEqual({
      entity: ['Select a valid choice. spaceship is not one of the available choices.'],
    });
    expect(await bad('action=explode')).toEqual({
      action: ['Select a valid choice. explode is not one of the available choices.'],
    });
    expect(await bad('date_from=2026-03-05&date_to=2026-03-01')).toEqual({
      date_to: ['Ensure this date is not before date_from.'],
    });
    expect(await bad('date_from=yesterday')).toEqual({
      date_from: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'],
    });
    expect((await owner.get('/api/activity/?user=abc')).statusCode).toBe(400);
  });

  it('downloads the filtered trail as CSV, a header row first, typed values defused', async () => {
    const gold = await as('gold');
    await newClient(gold, '=HYPERLINK("http://evil.example","x")');
    const owner = await as('platinum');
    const response = await owner.get('/api/activity/csv/?entity=client');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="loupe-activity-2026-03-01.csv"',
    );
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines).toEqual([
      'When (UTC),Who,Record,Name,Action,What happened,Changes',
      '2026-03-01T09:00:00.000Z,gold,Client,"\'=HYPERLINK(""http://evil.example"",""x"")",Added,Added the client,' +
        '"Name: \u2014 \u2192 =HYPERLINK(""http://evil.example"",""x""); Email: \u2014 \u2192 eleanor@example.com; Phone: \u2014 \u2192 020 7946 0000; Status: \u2014 \u2192 Active"',
    ]);
  });

  it('gives the filters\u2019 choices: the people in the trail and the labelled kinds and actions', async () => {
    await seedActivity();
    const filters = (await (await as('platinum')).get('/api/activity/filters/')).json() as ActivityFilters;
    expect(filters.people).toEqual([
      { id: state.fx.ids.gold, name: 'gold' },
      { id: state.fx.ids.platinum, name: 'platinum' },
      { id: state.fx.ids.silver, name: 'silver' },
    ]);
    expect(filters.entities).toContainEqual({ value: 'client', label: 'Client' });
    expect(filters.actions).toContainEqual({ value: 'sign_in_failed', label: 'Failed sign-in' });
  });
});

describe('account events', () => {
  const trail = () =>
    state.db.query<{
      shop_id: number | null;
      user_id: number | null;
      actor: string | null;
      action: string;
      after: unknown;
    }>(
      `SELECT shop_id, user_id, actor, action, after FROM audit_log WHERE entity IN ('session', 'user') ORDER BY id`,
    );

  it('records sign-in and sign-out in the shop the person works in', async () => {
    const gold = await as('gold');
    await gold.post('/logout/');
    expect(await trail()).toEqual([
      { shop_id: state.fx.shopId, user_id: state.fx.ids.gold, actor: 'gold', action: 'sign_in', after: null },
      {
        shop_id: state.fx.shopId,
        user_id: state.fx.ids.gold,
        actor: 'gold',
        action: 'sign_out',
        after: null,
      },
    ]);
  });

  it('records a failed sign-in: a known user\u2019s in their shop, an unknown name in the system chain', async () => {
    const browser = await as('anonymous');
    expect(
      (await browser.post('/token/', { username: 'rival', password: 'wrong-password' })).statusCode,
    ).toBe(400);
    expect(
      (await browser.post('/token/', { username: 'jsmith', password: 'wrong-password' })).statusCode,
    ).toBe(400);
    expect(await trail()).toEqual([
      {
        shop_id: state.fx.otherShopId,
        user_id: state.fx.ids.rival,
        actor: 'rival',
        action: 'sign_in_failed',
        after: { username: 'rival' },
      },
      { shop_id: null, user_id: null, actor: null, action: 'sign_in_failed', after: { username: 'jsmith' } },
    ]);
    const rival = (
      await (await as('rival')).get('/api/activity/?action=sign_in_failed')
    ).json() as AuditEventList;
    expect(summaries(rival)).toEqual(['Failed sign-in as "rival"']);
    expect((await verifyChains(state.db)).broken).toBeNull();
  });

  it('records a password change with the change', async () => {
    const silver = await as('silver');
    const response = await silver.post('/api/account/change-password/', {
      current_password: 'loupe-demo-2026',
      new_password: 'a-brand-new-passphrase-2026',
    });
    expect(response.statusCode).toBe(200);
    const rows = await trail();
    expect(rows.at(-1)).toEqual({
      shop_id: state.fx.shopId,
      user_id: state.fx.ids.silver,
      actor: 'silver',
      action: 'password_change',
      after: null,
    });
    const list = (
      await (await as('platinum')).get('/api/activity/?action=password_change')
    ).json() as AuditEventList;
    expect(list.results[0]).toMatchObject({
      summary: 'Changed their password',
      entity: 'user',
      recordName: 'silver',
    });
  });
});
