import type { Browser } from '../../helper';
import { itemBody } from '../inventory/setup';

export const TAKES = '/api/stock-takes/';

/** Adds an item through the API (so it is audited and counted as staff would add it); returns its id. */
export async function addItem(browser: Browser, over: Record<string, unknown> = {}): Promise<number> {
  const response = await browser.post('/api/items/', itemBody({ transactions: [], ...over }));
  if (response.statusCode !== 201) throw new Error(`add failed: ${response.statusCode} ${response.body}`);
  return response.json().id;
}

export async function startCount(browser: Browser, scope?: Record<string, unknown>): Promise<number> {
  const response = await browser.post(TAKES, scope === undefined ? {} : { scope });
  if (response.statusCode !== 201) throw new Error(`start failed: ${response.statusCode} ${response.body}`);
  return response.json().id;
}

export const scan = (browser: Browser, takeId: number, serial: string) =>
  browser.post(`${TAKES}${takeId}/scans/`, { serial });

/** Every line of one outcome (page_size 100 is enough for these fixtures). */
export async function linesOf(browser: Browser, takeId: number, outcome: string) {
  const response = await browser.get(`${TAKES}${takeId}/lines/?outcome=${outcome}&page_size=100`);
  if (response.statusCode !== 200) throw new Error(`lines failed: ${response.statusCode} ${response.body}`);
  return response.json() as { count: number; results: Array<Record<string, unknown>> };
}

/**
 * The hand-built fixture of the variance tests, all in the shop of `browser`:
 *   W1, W2 available watches in Safe 1 and W3 in the Window  (expected in a count of watches)
 *   W4 a sold watch, W5 a watch checked out to Ada Lovelace, W6 checked out and never scanned,
 *   U1 an unavailable watch, J1 available jewellery (outside a count of watches).
 */
export async function buildFixture(browser: Browser, clientId: number) {
  const ids = {
    W1: await addItem(browser, { serial: 'W1', location: 'Safe 1' }),
    W2: await addItem(browser, { serial: 'W2', location: 'Safe 1', brand: 'Omega', model: 'Speedmaster' }),
    W3: await addItem(browser, { serial: 'W3', location: 'Window', brand: 'Cartier', model: 'Tank' }),
    W4: await addItem(browser, { serial: 'W4' }),
    W5: await addItem(browser, { serial: 'W5' }),
    W6: await addItem(browser, { serial: 'W6' }),
    U1: await addItem(browser, { serial: 'U1', status: 'unavailable' }),
    J1: await addItem(browser, {
      serial: 'J1',
      stockType: 'Jewellery',
      brand: '',
      model: '',
      location: 'Safe 1',
    }),
  };
  const ok = async (what: string, url: string, body: unknown) => {
    const response = await browser.post(url, body);
    if (response.statusCode !== 200)
      throw new Error(`${what} failed: ${response.statusCode} ${response.body}`);
  };
  await ok('sell', `/api/items/${ids.W4}/sell/`, { price: 5000 });
  await ok('check-out', `/api/items/${ids.W5}/check-out/`, { clientId });
  await ok('check-out', `/api/items/${ids.W6}/check-out/`, { clientId });
  return ids;
}
