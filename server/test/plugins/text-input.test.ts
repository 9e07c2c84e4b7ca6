import type { TSchema } from '@sinclair/typebox';
import Fastify from 'fastify';
import { TEXT_KEYWORD, endpoints, paramNames, schemasOf, type Endpoint } from '@loupe/contracts';
import { installErrorHandling } from '../../src/plugins/error-handling';
import { Browser, apiTestbed } from '../helper';

// Every write endpoint and list query of the endpoint map, read from the map itself: an endpoint or a text
// field added later is covered without touching this file.

// Every body sent here is refused, so one app and one signed-in owner serve the whole file.
const { state } = apiTestbed({ per: 'file' });
let browser: Browser;

beforeAll(async () => {
  browser = new Browser(state.app);
  await browser.signIn('platinum');
});

const NUL = 'Null characters are not allowed.';
const CONTROL = 'Control characters are not allowed.';
const INVISIBLE = 'Invisible characters are not allowed.';

type Schema = TSchema & {
  type?: string;
  anyOf?: Schema[];
  const?: unknown;
  pattern?: string;
  [TEXT_KEYWORD]?: 'line' | 'multiline' | 'secret';
  properties?: Record<string, Schema>;
  items?: Schema;
  required?: string[];
};

const allEndpoints: Array<[string, Endpoint]> = Object.entries(endpoints).flatMap(([group, members]) =>
  Object.entries(members as Record<string, Endpoint>).map(([name, e]): [string, Endpoint] => [
    `${group}.${name}`,
    e,
  ]),
);

const takesText = (schema: Schema): boolean =>
  schema.type === 'string' || (schema.anyOf ?? []).some((branch) => branch.type === 'string');
/** Free text (the Text rule) rather than a choice, whose miss reads `"a\u0000b" is not a valid choice.` */
const isFreeText = (schema: Schema): boolean =>
  schema[TEXT_KEYWORD] !== undefined || (schema.anyOf ?? []).some(isFreeText);
/** The Text rule's kind of a free-text field (of its text branch, for a union). */
const kindOf = (schema: Schema): Schema[typeof TEXT_KEYWORD] =>
  schema[TEXT_KEYWORD] ?? (schema.anyOf ?? []).map(kindOf).find((kind) => kind !== undefined);

/** A value of the schema's shape: the text field under test is what makes the request wrong. */
function sample(schema: Schema): unknown {
  if (schema.anyOf) return sample(schema.anyOf[0] as Schema);
  if (schema.const !== undefined) return schema.const;
  switch (schema.type) {
    case 'string':
      return 'x';
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array':
      return schema.items ? [sample(schema.items)] : [];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sample(value)]),
      );
    default:
      return 'x';
  }
}

function urlOf(endpoint: Endpoint): string {
  let url = endpoint.path;
  for (const name of paramNames(endpoint.path)) {
    // A shop of the signed-in owner, any id elsewhere: the body is refused before any row is looked up.
    url = url.replace(`:${name}`, name === 'shopId' ? String(state.fx.shopId) : '1');
  }
  return url;
}

/** One case per text field: top-level ones, and those of objects in a list (an item's transactions). */
type Put = (body: Record<string, unknown>, value: string) => void;
type Kind = Schema[typeof TEXT_KEYWORD];
function bodyCases(): Array<[string, string, Endpoint, Put, boolean, Kind]> {
  const cases: Array<[string, string, Endpoint, Put, boolean, Kind]> = [];
  for (const [name, endpoint] of allEndpoints) {
    if (!endpoint.body) continue;
    const body = (schemasOf(endpoint) as unknown as { body: Schema }).body;
    for (const [field, schema] of Object.entries(body.properties ?? {})) {
      if (takesText(schema))
        cases.push([name, field, endpoint, (b, v) => (b[field] = v), isFreeText(schema), kindOf(schema)]);
      const row = schema.type === 'array' ? schema.items : undefined;
      for (const [inner, innerSchema] of Object.entries(row?.properties ?? {})) {
        if (!takesText(innerSchema)) continue;
        cases.push([
          name,
          `${field}[].${inner}`,
          endpoint,
          (b, v) => ((b[field] as Array<Record<string, unknown>>)[0]![inner] = v),
          isFreeText(innerSchema),
          kindOf(innerSchema),
        ]);
      }
    }
  }
  return cases;
}

async function rowCounts(): Promise<Record<string, number>> {
  const tables = await state.db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const out: Record<string, number> = {};
  for (const { table_name } of tables) {
    const [row] = await state.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table_name}"`);
    out[table_name] = row!.n;
  }
  return out;
}

const cases = bodyCases();

it('finds the text fields of the write endpoints (the map is read, not an empty list)', () => {
  const fields = cases.map(([name, field]) => `${name} ${field}`);
  expect(fields).toEqual(
    expect.arrayContaining([
      'session.token username',
      'session.token password',
      'items.create serial',
      'items.create transactions[].type',
      'profile.update first_name',
    ]),
  );
  expect(new Set(cases.map(([name]) => name)).size).toBeGreaterThanOrEqual(15);
  expect(cases.filter(([, , , , text]) => text).length).toBeGreaterThanOrEqual(40);
});

describe.each(cases)('%s: %s', (_name, field, endpoint, put, freeText, kind) => {
  const top = field.split('[')[0]!;
  // A choice names the value it refused (DRF's `"…" is not a valid choice.`).
  const nulMessage = freeText ? [NUL] : [expect.stringContaining('is not a valid choice.')];

  it('a NUL is a 400 naming the field, and nothing is written', async () => {
    const before = await rowCounts();
    const body = sample((schemasOf(endpoint) as unknown as { body: Schema }).body) as Record<string, unknown>;
    put(body, 'a\u0000b');
    const response = await browser.send(endpoint.method, urlOf(endpoint), { body });
    expect([response.statusCode, response.json()[top]]).toEqual([400, nulMessage]);
    expect(await rowCounts()).toEqual(before);
  });

  it('another control character is a 400 too', async () => {
    const body = sample((schemasOf(endpoint) as unknown as { body: Schema }).body) as Record<string, unknown>;
    put(body, 'a\u001bb');
    const response = await browser.send(endpoint.method, urlOf(endpoint), { body });
    expect(response.statusCode).toBe(400);
    expect(response.json()[top]).toEqual(expect.arrayContaining([expect.any(String)]));
  });

  const send = async (value: string) => {
    const body = sample((schemasOf(endpoint) as unknown as { body: Schema }).body) as Record<string, unknown>;
    put(body, value);
    return browser.send(endpoint.method, urlOf(endpoint), { body });
  };
  const choice = [expect.stringContaining('is not a valid choice.')];

  // A password is never shown (and one set before the rule must still sign in): only C0 and DEL are refused.
  if (kind !== 'secret') {
    it('a C1 control (U+009B, the 8-bit CSI of terminals) is a 400 naming the field', async () => {
      const response = await send('a\u009b2Jb');
      expect([response.statusCode, response.json()[top]]).toEqual([400, freeText ? [CONTROL] : choice]);
    });

    it('a right-to-left override (U+202E, a serial that reads backwards) is a 400 naming the field', async () => {
      const response = await send('SN-\u202e4321');
      expect([response.statusCode, response.json()[top]]).toEqual([400, freeText ? [INVISIBLE] : choice]);
    });
  }

  if (freeText && kind === 'line') {
    it.each([
      ['a zero-width space', '\u200b'],
      ['a byte order mark', '\ufeff'],
      ['a word joiner', '\u2060'],
      ['an isolate', '\u2066'],
      ['an invisible tag (U+E0041)', '\u{e0041}'],
      ['a soft hyphen', '\u00ad'],
    ])('%s in a single-line field is a 400 naming the field', async (_what, character) => {
      const response = await send(`A${character}B`);
      expect([response.statusCode, response.json()[top]]).toEqual([400, [INVISIBLE]]);
    });
  }
});

describe('multi-line fields keep their line breaks, single-line ones do not', () => {
  it('a note may hold newlines and tabs; a serial may not', async () => {
    const item = endpoints.items.create as Endpoint;
    const body = sample((schemasOf(item) as unknown as { body: Schema }).body) as Record<string, unknown>;
    body.serial = 'SN\n1';
    const response = await browser.send('POST', urlOf(item), { body });
    expect([response.statusCode, response.json().serial]).toEqual([400, [CONTROL]]);
  });

  it('a note keeps line breaks, tabs and a joined emoji, but not a direction override', async () => {
    const item = endpoints.items.create as Endpoint;
    const family = '\u{1f468}\u200d\u{1f469}\u200d\u{1f467}';
    const kept = await browser.send('POST', urlOf(item), {
      body: { serial: 'NOTE-1', stockType: 'Jewellery', description: `Line 1\n\tLine 2 ${family}` },
    });
    expect([kept.statusCode, kept.json().description]).toEqual([201, `Line 1\n\tLine 2 ${family}`]);
    const refused = await browser.send('POST', urlOf(item), {
      body: { serial: 'NOTE-2', stockType: 'Jewellery', description: 'Line 1\n\u2067Line 2\u2069' },
    });
    expect([refused.statusCode, refused.json()]).toEqual([400, { description: [INVISIBLE] }]);
  });

  it('a password is only held to the C0 rule: one with a zero-width space is checked, not refused', async () => {
    const response = await new Browser(state.app).post(
      '/token/',
      { username: 'platinum', password: 'wrong\u200bpassword' },
      { noCsrf: true },
    );
    expect(response.statusCode).not.toBe(400);
  });

  it('a Tab or newline at the end of a single-line field (a scanner’s suffix) is trimmed, not refused', async () => {
    const response = await browser.send('POST', urlOf(endpoints.items.create as Endpoint), {
      body: { serial: 'SCAN-0042\t\r\n', stockType: 'Jewellery' },
    });
    expect([response.statusCode, response.json().serial]).toEqual([201, 'SCAN-0042']);
  });
});

describe('query strings', () => {
  const queries = allEndpoints.flatMap(([name, endpoint]) => {
    if (!endpoint.query) return [];
    const query = (schemasOf(endpoint) as unknown as { querystring: Schema }).querystring;
    return Object.entries(query.properties ?? {})
      .filter(([field, schema]) => field !== 'page' && field !== 'page_size' && takesText(schema))
      .map(([field]) => [name, field, endpoint] as const);
  });

  it('covers the list searches', () => {
    expect(queries.map(([name, field]) => `${name} ${field}`)).toEqual(
      expect.arrayContaining(['items.list search', 'clients.list search']),
    );
  });

  it.each(queries)('%s ?%s=a%%00b is a 400 naming the parameter', async (_name, field, endpoint) => {
    const response = await browser.get(`${urlOf(endpoint)}?${field}=a%00b`);
    expect(response.statusCode).toBe(400);
    expect(response.json()[field]).toEqual(expect.arrayContaining([expect.any(String)]));
  });

  it.each(queries)(
    '%s ?%s with a direction override is a 400 naming the parameter',
    async (_n, field, endpoint) => {
      const response = await browser.get(`${urlOf(endpoint)}?${field}=a%E2%80%AEb`);
      expect(response.statusCode).toBe(400);
      expect(response.json()[field]).toEqual(expect.arrayContaining([expect.any(String)]));
    },
  );

  it('items/?search= with a C1 control or an invisible character reads in plain words', async () => {
    for (const [value, message] of [
      ['a%C2%85b', CONTROL],
      ['a%E2%80%8Bb', INVISIBLE],
    ]) {
      const response = await browser.get(`/api/items/?search=${value}`);
      expect([value, response.statusCode, response.json()]).toEqual([value, 400, { search: [message] }]);
    }
  });

  it('items/?search=a%00b reads as Django words it', async () => {
    const response = await browser.get('/api/items/?search=a%00b');
    expect([response.statusCode, response.json()]).toEqual([400, { search: [NUL] }]);
  });
});

describe('the safety net behind the schemas', () => {
  it('a value the database refuses is a 400, not a 500', async () => {
    const bare = Fastify({ logger: false });
    installErrorHandling(bare);
    bare.get('/nul', async () => state.db.query('SELECT $1::text AS t', ['a\u0000b']));
    bare.get('/overflow', async () => state.db.query('SELECT $1::numeric(4, 2) AS n', ['123456']));
    bare.get('/bug', async () => state.db.query('SELECT * FROM no_such_table'));
    try {
      for (const url of ['/nul', '/overflow']) {
        const response = await bare.inject({ url });
        expect([url, response.statusCode, Object.keys(response.json())]).toEqual([url, 400, ['detail']]);
      }
      // A mistake of ours (42P01) stays a 500: only the classes that mean "this value" are the client's.
      expect((await bare.inject({ url: '/bug' })).statusCode).toBe(500);
    } finally {
      await bare.close();
    }
  });
});
