import { NO_ADDRESS, type Client } from '@loupe/contracts';
import { CLIENTS, audit, auditOf, client, clientsTestbed } from './setup';

const { state, as, create, tableCounts } = clientsTestbed();

const ada = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 7946 0018',
  notes: 'Prefers Omega',
};

describe('adding a client', () => {
  it('saves the fields of SPEC §3 with the list fields, as any of the three roles', async () => {
    for (const [i, role] of (['platinum', 'gold', 'silver'] as const).entries()) {
      const browser = await as(role);
      const response = await browser.post(CLIENTS, { ...ada, email: `ada${i}@example.com` });
      expect(response.statusCode).toBe(201);
      const body = response.json() as Client;
      expect(body).toEqual({
        id: expect.any(Number),
        name: 'Ada Lovelace',
        email: `ada${i}@example.com`,
        phone: '+44 20 7946 0018',
        status: 'active',
        notes: 'Prefers Omega',
        balance: 0,
        kyc: false,
        hasItemCheckedOut: false,
        cdd: { verifiedBy: null, verifiedOn: null, complete: false },
        ...NO_ADDRESS,
        createdAt: '2026-03-01T09:00:00.000Z',
        updatedAt: '2026-03-01T09:00:00.000Z',
        version: 1,
      });
      const again = await browser.get(client(body.id));
      expect(again.json()).toEqual(body);
    }
  });

  it('trims the fields and takes the defaults of the optional ones', async () => {
    const browser = await as('silver');
    const response = await browser.post(CLIENTS, { name: '  Brook  ', email: ' brook@example.com ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'Brook',
      email: 'brook@example.com',
      phone: '',
      notes: '',
      status: 'active',
    });
    const inactive = await browser.post(CLIENTS, {
      name: 'Cyrus',
      email: 'c@example.com',
      status: 'inactive',
    });
    expect(inactive.json()).toMatchObject({ status: 'inactive' });
  });

  it('requires name and email, in DRF words, and writes nothing', async () => {
    const browser = await as('gold');
    const before = await tableCounts();
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{}, { name: ['This field is required.'], email: ['This field is required.'] }],
      [undefined, { name: ['This field is required.'], email: ['This field is required.'] }],
      [
        { name: '', email: '' },
        { name: ['This field may not be blank.'], email: ['This field may not be blank.'] },
      ],
      [{ name: '   ', email: 'a@example.com' }, { name: ['This field may not be blank.'] }],
      [{ name: 'Ada', email: 'not-an-email' }, { email: ['Enter a valid email address.'] }],
      [{ name: 'Ada', email: 'ada@' }, { email: ['Enter a valid email address.'] }],
      [{ name: 'Ada', email: '@example.com' }, { email: ['Enter a valid email address.'] }],
      [{ name: 'Ada', email: 'ada@example' }, { email: ['Enter a valid email address.'] }],
      [{ name: 'Ada', email: 'a b@example.com' }, { email: ['Enter a valid email address.'] }],
      [{ name: 'Ada', email: 'ada@exa_mple.com' }, { email: ['Enter a valid email address.'] }],
      [{ name: 'Ada', email: 'ada..x@example.com' }, { email: ['Enter a valid email address.'] }],
      [
        { name: 'Ada', email: 'ada@example.com', phone: 'call me' },
        { phone: ['Enter a valid phone number.'] },
      ],
      [
        { name: 'Ada', email: 'ada@example.com', status: 'gone' },
        { status: ['"gone" is not a valid choice.'] },
      ],
      [{ name: 'Ada', email: 'ada@example.com', balance: 100 }, { balance: ['This field is not allowed.'] }],
      [{ name: 'Ada', email: 'ada@example.com', kyc: true }, { kyc: ['This field is not allowed.'] }],
      [
        { name: 'x'.repeat(201), email: 'ada@example.com' },
        { name: ['Ensure this field has no more than 200 characters.'] },
      ],
      [{ name: 'Ada\u0000', email: 'ada@example.com' }, { name: ['Null characters are not allowed.'] }],
      [
        { name: 'Ada', email: 'ada@example.com', notes: 'a\u0000b' },
        { notes: ['Null characters are not allowed.'] },
      ],
      [{ name: 42, email: 'ada@example.com' }, { name: ['Not a valid string.'] }],
      [{ name: null, email: 'ada@example.com' }, { name: ['Not a valid string.'] }],
    ];
    for (const [body, errors] of cases) {
      const response = await browser.post(CLIENTS, body);
      expect({ body, status: response.statusCode, errors: response.json() }).toEqual({
        body,
        status: 400,
        errors,
      });
    }
    expect(await tableCounts()).toEqual(before);
  });

  it('accepts the addresses people have, internationalised domains included', async () => {
    const browser = await as('gold');
    for (const email of [
      "o'brien+watches@example.co.uk",
      'x.y-z@sub.example.com',
      'anna@bücher.de',
      'A@EXAMPLE.COM',
    ]) {
      const response = await browser.post(CLIENTS, { name: 'Someone', email });
      expect({ email, status: response.statusCode }).toEqual({ email, status: 201 });
    }
  });

  it('answers bodies that are not objects with a 400, never a 500', async () => {
    const browser = await as('gold');
    for (const payload of ['[]', '"text"', '42', 'null', '{"name":', '{"__proto__": {"x": 1}}']) {
      const response = await browser.post(CLIENTS, payload, {
        headers: { 'content-type': 'application/json' },
      });
      expect({ payload, status: response.statusCode }).toEqual({ payload, status: 400 });
      expect(response.json()).toEqual(expect.any(Object));
    }
    const form = await browser.post(CLIENTS, 'name=Ada', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(415);
    expect(await tableCounts()).toMatchObject({ clients: 0, audit: 0 });
  });

  it('audits the creation with who and what', async () => {
    const id = await create(ada);
    expect((await (await as('silver')).get(audit(id))).statusCode).toBe(200);
    expect(await auditOf(state.db, id)).toEqual({
      count: 1,
      results: [
        {
          id: expect.any(Number),
          action: 'create',
          userId: state.fx.ids.gold,
          username: 'gold',
          before: null,
          after: { ...ada, status: 'active' },
          createdAt: '2026-03-01T09:00:00.000Z',
        },
      ],
    });
  });
});

describe('editing a client', () => {
  it('replaces the fields, keeps the balance, and audits the changed fields before and after', async () => {
    const id = await create(ada);
    state.clock.advance(60_000);
    const browser = await as('silver');
    const response = await browser.put(client(id), {
      name: 'Ada King',
      email: 'ada@example.com',
      phone: '',
      status: 'inactive',
      notes: 'Prefers Omega',
      version: 1,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id,
      name: 'Ada King',
      phone: '',
      status: 'inactive',
      notes: 'Prefers Omega',
      balance: 0,
      createdAt: '2026-03-01T09:00:00.000Z',
      updatedAt: '2026-03-01T09:01:00.000Z',
    });
    const trail = await auditOf(state.db, id);
    expect(trail.count).toBe(2);
    expect(trail.results.map((e) => e.action)).toEqual(['update', 'create']);
    expect(trail.results[0]).toMatchObject({
      userId: state.fx.ids.silver,
      username: 'silver',
      before: { name: 'Ada Lovelace', phone: '+44 20 7946 0018', status: 'active' },
      after: { name: 'Ada King', phone: '', status: 'inactive' },
      createdAt: '2026-03-01T09:01:00.000Z',
    });
  });

  it('keeps optional fields that the PUT leaves out, and audits nothing when nothing changed', async () => {
    const id = await create({ ...ada, status: 'inactive' });
    const browser = await as('gold');
    state.clock.advance(60_000);
    const same = await browser.put(client(id), {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      version: 1,
    });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ ...ada, status: 'inactive', updatedAt: '2026-03-01T09:00:00.000Z' });
    expect((await auditOf(state.db, id)).count).toBe(1);
  });

  it('validates like the create and writes nothing when refused', async () => {
    const id = await create(ada);
    const browser = await as('gold');
    const before = await tableCounts();
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{ email: 'ada@example.com', version: 1 }, { name: ['This field is required.'] }],
      [{ name: 'Ada', email: 'nope', version: 1 }, { email: ['Enter a valid email address.'] }],
      [
        { name: '', email: '', version: 1 },
        { name: ['This field may not be blank.'], email: ['This field may not be blank.'] },
      ],
      [{ ...ada, id: 99, version: 1 }, { id: ['This field is not allowed.'] }],
      [{ ...ada, status: 'Not Active', version: 1 }, { status: ['"Not Active" is not a valid choice.'] }],
      // The version it was loaded at (issue 12): the edits above had it, this one forgets it.
      [ada, { version: ['This field is required.'] }],
    ];
    for (const [body, errors] of cases) {
      const response = await browser.put(client(id), body);
      expect({ body, status: response.statusCode, errors: response.json() }).toEqual({
        body,
        status: 400,
        errors,
      });
    }
    expect(await tableCounts()).toEqual(before);
    expect((await browser.get(client(id))).json()).toMatchObject(ada);
  });
});

describe('who may see a client', () => {
  it('answers 401 anonymous and 403 without a membership, on every endpoint', async () => {
    const id = await create(ada);
    const endpoints: Array<[string, string, unknown?]> = [
      ['GET', CLIENTS],
      ['POST', CLIENTS, ada],
      ['GET', '/api/clients/summary/'],
      ['GET', client(id)],
      ['PUT', client(id), { ...ada, version: 1 }],
      ['GET', audit(id)],
      ['GET', `/api/clients/${id}/ledger/`],
      ['POST', `/api/clients/${id}/ledger/`, { direction: 'received', amount: 10 }],
      ['GET', `/api/clients/${id}/kyc/`],
      ['GET', `/api/clients/${id}/kyc/1/`],
    ];
    const anonymous = await as('anonymous');
    const loner = await as('loner');
    for (const [method, url, body] of endpoints) {
      const a = await anonymous.send(method as 'GET', url, body === undefined ? {} : { body });
      expect({ method, url, status: a.statusCode }).toEqual({ method, url, status: 401 });
      expect(a.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
      const l = await loner.send(method as 'GET', url, body === undefined ? {} : { body });
      expect({ method, url, status: l.statusCode }).toEqual({ method, url, status: 403 });
    }
    expect(await tableCounts()).toMatchObject({ clients: 1, ledger: 0, audit: 1 });
  });

  it("answers 404 for another shop's client, an unknown id or a non-numeric one, on every endpoint", async () => {
    const ours = await create(ada);
    const theirs = await create({ name: 'Rival client', email: 'r@example.com' }, await as('rival'));
    const browser = await as('gold');
    const before = await tableCounts();
    for (const id of [theirs, 999999, 0, 'abc', '1e3', '-1', '2147483648', '99999999999999999999']) {
      for (const [method, url, body] of [
        ['GET', client(id)],
        ['PUT', client(id), { ...ada, version: 1 }],
        ['GET', audit(id)],
        ['GET', `/api/clients/${id}/ledger/`],
        ['POST', `/api/clients/${id}/ledger/`, { direction: 'received', amount: 10 }],
        ['GET', `/api/clients/${id}/kyc/`],
        ['POST', `/api/clients/${id}/kyc/`, undefined],
        ['GET', `/api/clients/${id}/kyc/1/`],
      ] as Array<[string, string, unknown]>) {
        const response = await browser.send(method as 'GET', url, body === undefined ? {} : { body });
        expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: 404 });
        expect(response.json()).toEqual({ detail: 'Not found.' });
      }
    }
    expect(await tableCounts()).toEqual(before);
    // And the rival sees only theirs.
    const rival = await as('rival');
    expect((await rival.get(client(ours))).statusCode).toBe(404);
    expect((await rival.get(CLIENTS)).json()).toMatchObject({ count: 1, results: [{ id: theirs }] });
  });

  it('answers other methods with 405', async () => {
    const id = await create(ada);
    const browser = await as('gold');
    const response = await browser.send('DELETE', client(id));
    expect(response.statusCode).toBe(405);
    expect((await browser.get(client(id))).statusCode).toBe(200);
  });
});
