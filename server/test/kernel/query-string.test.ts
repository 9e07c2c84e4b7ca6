import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ClientQuery, ItemQuery, ReportQuery } from '@loupe/contracts';
import { normaliseQuery, validatorCompiler } from '../../src/kernel/query-string';
import { installErrorHandling } from '../../src/plugins/error-handling';

// The query strings of the lists, read through their contract schemas alone: no database behind them.
let app: FastifyInstance;

beforeAll(async () => {
  const fastify = Fastify().withTypeProvider<TypeBoxTypeProvider>();
  fastify.setValidatorCompiler(validatorCompiler());
  installErrorHandling(fastify);
  fastify.get('/items', { schema: { querystring: ItemQuery } }, async (request) => request.query);
  fastify.get('/clients', { schema: { querystring: ClientQuery } }, async (request) => request.query);
  fastify.get(
    '/reports',
    { schema: { querystring: ReportQuery }, config: { queryAsSerializer: true } },
    async (request) => request.query,
  );
  fastify.post('/body', { schema: { body: ItemQuery } }, async (request) => request.body);
  await fastify.ready();
  app = fastify;
});

afterAll(() => app.close());

const get = async (url: string) => {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as unknown };
};
const choice = (value: string) => `Select a valid choice. ${value} is not one of the available choices.`;

describe('normaliseQuery', () => {
  it('trims, drops blanks and reads booleans in any case or as 1/0, for boolean fields only', () => {
    const schema = { properties: { kyc: { type: 'boolean' }, search: { type: 'string' } } };
    expect(normaliseQuery({ kyc: ' TRUE ', search: '  ', page: ' 2 ' }, schema)).toEqual({
      kyc: 'true',
      page: '2',
    });
    expect(normaliseQuery({ kyc: '0', search: '1' }, schema)).toEqual({ kyc: 'false', search: '1' });
    expect(normaliseQuery({ status: ['a', 'b'] }, schema)).toEqual({ status: ['a', 'b'] });
  });
});

describe('a list query read through its schema', () => {
  it('hands the route typed values: integers, booleans, choices, all trimmed', async () => {
    expect(
      await get('/items?page=%202%20&page_size=25&client=7&promoted=TRUE&stock_type=Watches&search=%20ab%20'),
    ).toEqual({
      status: 200,
      body: { page: 2, page_size: 25, client: 7, promoted: true, stock_type: 'Watches', search: 'ab' },
    });
    expect(await get('/clients?kyc=1&has_item_checked_out=0&balance=zero')).toEqual({
      status: 200,
      body: { kyc: true, has_item_checked_out: false, balance: 'zero' },
    });
  });

  it('reads an empty parameter as no filter', async () => {
    expect(await get('/items?page=&page_size=&status=&promoted=%20')).toEqual({ status: 200, body: {} });
  });

  it('answers a page that is not a page with 404, whatever else is wrong', async () => {
    for (const page of ['abc', '0', '-1', '1000000000', '1.5']) {
      expect(await get(`/items?page=${page}&page_size=7`)).toEqual({
        status: 404,
        body: { detail: 'Invalid page.' },
      });
    }
  });

  it('words every other miss as django-filter does, all in one answer', async () => {
    expect(
      await get(
        '/items?page_size=7&stock_type=Cars&status=available,%20lost,bogus,lost&client=abc&promoted=maybe&ordering=password&colour=red',
      ),
    ).toEqual({
      status: 400,
      body: {
        page_size: [choice('7')],
        stock_type: [choice('Cars')],
        status: [choice('lost,bogus')],
        client: ['Enter a whole number.'],
        promoted: [choice('maybe')],
        ordering: [choice('password')],
        colour: ['This field is not allowed.'],
      },
    });
    expect(await get('/items?client=0')).toEqual({
      status: 400,
      body: { client: ['Enter a whole number.'] },
    });
    expect(await get('/items?client=2147483648')).toEqual({
      status: 400,
      body: { client: ['Enter a whole number.'] },
    });
    expect(await get(`/items?brand=${'x'.repeat(61)}`)).toEqual({
      status: 400,
      body: { brand: ['Ensure this field has no more than 60 characters.'] },
    });
    expect(await get('/clients?status=Not%20Active&kyc=maybe')).toEqual({
      status: 400,
      body: { status: [choice('Not Active')], kyc: [choice('maybe')] },
    });
  });

  it("words a report's query as DRF's serializer: required fields, body-style choices", async () => {
    expect(await get('/reports?type=&range=yearly')).toEqual({
      status: 400,
      body: { type: ['This field is required.'], range: ['"yearly" is not a valid choice.'] },
    });
    expect(await get('/reports?type=sales&range=custom&from=2026-01-01')).toEqual({
      status: 200,
      body: { type: 'sales', range: 'custom', from: '2026-01-01' },
    });
  });

  it('leaves bodies strict: no coercion of JSON', async () => {
    const res = await app.inject({ method: 'POST', url: '/body', payload: { page: '2' } });
    expect(res.statusCode).toBe(400);
  });
});
