import type { FastifyInstance } from 'fastify';
import { apiTestbed } from './helper';

// The API testbed (test/helper.ts) keeps its file's one app from test to test unless told otherwise: each test
// still starts from the fixtures alone, on a clock back at its start, with nothing the app kept in memory.

const START = '2026-03-01T09:00:00.000Z';

describe('the file’s app, kept', () => {
  const { state, as, rebuild } = apiTestbed({ clock: true });
  const seen: FastifyInstance[] = [];

  test('a test signs in, writes and moves the clock', async () => {
    seen.push(state.app);
    expect(state.clock.now().toISOString()).toBe(START);
    const gold = await as('gold');
    expect(
      (await gold.post('/api/clients/', { name: 'Kept Client', email: 'kept@example.com' })).statusCode,
    ).toBe(201);
    state.clock.advance(86_400_000);
  });

  test('the next test has the same app, the fixtures alone and the clock at its start', async () => {
    seen.push(state.app);
    expect(seen[1]).toBe(seen[0]);
    expect(state.clock.now().toISOString()).toBe(START);
    const gold = await as('gold');
    const clients = await gold.get('/api/clients/');
    expect(clients.statusCode).toBe(200);
    expect(clients.json().count).toBe(0);
  });

  test('an app a test rebuilds is its own', async () => {
    seen.push(await rebuild());
    expect(seen[2]).not.toBe(seen[0]);
  });

  test('after a rebuilt app, the next test has a new app, kept from then on', async () => {
    seen.push(state.app);
    expect(seen[3]).not.toBe(seen[2]);
    expect(seen[3]).not.toBe(seen[0]);
    expect((await (await as('silver')).get('/auth-check/')).json().user.username).toBe('silver');
  });
});

describe('a new app each test', () => {
  const { state } = apiTestbed({ newAppEachTest: true });
  const seen: FastifyInstance[] = [];

  test('first', () => {
    seen.push(state.app);
  });
  test('second', () => {
    seen.push(state.app);
    expect(seen[1]).not.toBe(seen[0]);
  });
});
