import { NO_ADDRESS, type Client } from '@loupe/contracts';
import { CLIENTS, auditOf, client, clientsTestbed } from './setup';

// A client's postal address (issue 22, item 4): create, update, read and list carry it; the contracts' rules
// (address.ts) decide what is accepted, and a bad address is a 400 with an error per part.

const { state, as, create, tableCounts } = clientsTestbed();

const ada = { name: 'Ada Lovelace', email: 'ada@example.com' };
const london = {
  addressLine1: '12 Hatton Garden',
  addressLine2: 'Second floor',
  town: 'London',
  postcode: 'ec1n8ax',
};

describe('a client with a postal address', () => {
  it('is created with the address, the postcode in standard form and the default country', async () => {
    const browser = await as('silver');
    const response = await browser.post(CLIENTS, { ...ada, ...london });
    expect(response.statusCode).toBe(201);
    const body = response.json() as Client;
    expect(body).toMatchObject({
      addressLine1: '12 Hatton Garden',
      addressLine2: 'Second floor',
      town: 'London',
      postcode: 'EC1N 8AX',
      country: 'United Kingdom',
    });
    expect((await browser.get(client(body.id))).json()).toEqual(body);
    expect((await auditOf(state.db, body.id)).results[0]?.after).toMatchObject({
      addressLine1: '12 Hatton Garden',
      postcode: 'EC1N 8AX',
      country: 'United Kingdom',
    });
    const list = (await browser.get(CLIENTS)).json() as { results: Client[] };
    expect(list.results[0]).toMatchObject({ town: 'London', postcode: 'EC1N 8AX' });
    // The published view other modules read (purchases, documents) carries it too.
    expect(
      await state.db.query(
        'SELECT address_line1, address_line2, town, postcode, country FROM client_directory WHERE id = $1',
        [body.id],
      ),
    ).toEqual([
      {
        address_line1: '12 Hatton Garden',
        address_line2: 'Second floor',
        town: 'London',
        postcode: 'EC1N 8AX',
        country: 'United Kingdom',
      },
    ]);
  });

  it('keeps a foreign postcode as typed, and names the usual names of the UK as United Kingdom', async () => {
    const browser = await as('gold');
    const paris = await browser.post(CLIENTS, {
      ...ada,
      addressLine1: '12 Rue du Faubourg Saint-Honoré',
      town: 'Paris',
      postcode: '75008',
      country: ' France ',
    });
    expect(paris.json()).toMatchObject({ postcode: '75008', country: 'France', addressLine2: '' });
    const edinburgh = await browser.post(CLIENTS, {
      ...ada,
      email: 'e@example.com',
      addressLine1: '17 Heriot Row',
      town: 'Edinburgh',
      postcode: 'eh3 6hp',
      country: 'Scotland',
    });
    expect(edinburgh.json()).toMatchObject({ postcode: 'EH3 6HP', country: 'United Kingdom' });
  });

  it('needs no address; a client without one has blank parts and the United Kingdom', async () => {
    const id = await create(ada);
    expect((await (await as('gold')).get(client(id))).json()).toMatchObject(NO_ADDRESS);
  });

  it('refuses a bad address with an error per part, and writes nothing', async () => {
    const browser = await as('gold');
    const before = await tableCounts();
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [
        { addressLine1: '1 High Street', town: 'Bath', postcode: '12345' },
        { postcode: ['Enter a valid UK postcode, such as SW1A 1AA.'] },
      ],
      [
        { postcode: 'SW1A 1AA' },
        {
          addressLine1: ['This field is required for a postal address.'],
          town: ['This field is required for a postal address.'],
        },
      ],
      [
        { addressLine1: '1 High Street', town: 'Bath' },
        { postcode: ['This field is required for a postal address.'] },
      ],
      [
        { addressLine1: 'a\u0007b', town: 'Bath', postcode: 'BA1 1AA' },
        { addressLine1: ['Control characters are not allowed.'] },
      ],
      [
        { addressLine1: '1 High Street', town: 'x'.repeat(61), postcode: 'BA1 1AA' },
        { town: ['Ensure this field has no more than 60 characters.'] },
      ],
      [{ addressLine1: 5 }, { addressLine1: ['Not a valid string.'] }],
      [{ address: '1 High Street' }, { address: ['This field is not allowed.'] }],
    ];
    for (const [address, errors] of cases) {
      const response = await browser.post(CLIENTS, { ...ada, ...address });
      expect({ address, status: response.statusCode, errors: response.json() }).toEqual({
        address,
        status: 400,
        errors,
      });
    }
    expect(await tableCounts()).toEqual(before);
  });

  it('is changed by a PUT, keeps the parts a PUT leaves out, is audited, and removed by blank parts', async () => {
    const id = await create({ ...ada, ...london });
    const browser = await as('gold');
    state.clock.advance(60_000);
    const moved = await browser.put(client(id), {
      ...ada,
      version: 1,
      addressLine2: '',
      postcode: 'EC1N 8AY',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      addressLine1: '12 Hatton Garden',
      addressLine2: '',
      town: 'London',
      postcode: 'EC1N 8AY',
      version: 2,
    });
    expect((await auditOf(state.db, id)).results[0]).toMatchObject({
      action: 'update',
      before: { addressLine2: 'Second floor', postcode: 'EC1N 8AX' },
      after: { addressLine2: '', postcode: 'EC1N 8AY' },
    });
    // History words the change with the form's labels.
    const history = (await browser.get(`${client(id)}history/`)).json() as {
      results: Array<{ changes: unknown }>;
    };
    expect(history.results[0]?.changes).toEqual(
      expect.arrayContaining([
        { field: 'Address line 2', before: 'Second floor', after: null },
        { field: 'Postcode', before: 'EC1N 8AX', after: 'EC1N 8AY' },
      ]),
    );
    // A PUT's address is checked whole, with the parts it keeps.
    const bad = await browser.put(client(id), { ...ada, version: 2, postcode: 'nope' });
    expect(bad.json()).toEqual({ postcode: ['Enter a valid UK postcode, such as SW1A 1AA.'] });
    const removed = await browser.put(client(id), {
      ...ada,
      version: 2,
      addressLine1: '',
      addressLine2: '',
      town: '',
      postcode: '',
      country: '',
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ ...NO_ADDRESS, version: 3 });
  });
});
