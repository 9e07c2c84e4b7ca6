import type { Want, WantMatch, WantMatchList, WantSaved } from '@loupe/contracts';
import { apiTestbed, type Browser } from '../../helper';
import { itemBody } from '../inventory/setup';

/**
 * Wanted lists' testbed (issue 24 item 5): fixtures and a fresh app per test, on real time (matching runs after
 * commit, so the tests wait for what it makes: eventually).
 */
export function wantsTestbed() {
  const testbed = apiTestbed();
  const { state } = testbed;
  let serials = 0;

  /** A client of the shop, with an e-mail address (the form requires one). */
  const client = async (
    browser: Browser,
    name: string,
    email = `${name.split(' ')[0]!.toLowerCase()}@example.org`,
  ): Promise<number> => {
    const response = await browser.post('/api/clients/', { name, email, phone: '020 7946 0000' });
    expect(response.statusCode).toBe(201);
    return (response.json() as { id: number }).id;
  };

  /** Adds an item through Add Item (a Rolex Submariner at £12,500 unless told otherwise). */
  const item = async (browser: Browser, over: Record<string, unknown> = {}): Promise<number> => {
    serials += 1;
    const response = await browser.post('/api/items/', itemBody({ serial: `WNT-${serials}`, ...over }));
    expect(response.statusCode).toBe(201);
    return (response.json() as { id: number }).id;
  };

  const want = async (
    browser: Browser,
    clientId: number,
    body: Record<string, unknown>,
  ): Promise<WantSaved> => {
    const response = await browser.post(`/api/clients/${clientId}/wants/`, body);
    expect(response.statusCode).toBe(201);
    return response.json() as WantSaved;
  };

  const matches = async (browser: Browser, url = '/api/wants/matches/?status=all'): Promise<WantMatch[]> => {
    const response = await browser.get(url);
    expect(response.statusCode).toBe(200);
    return (response.json() as WantMatchList).results;
  };

  /** Polls until `check` holds (matching runs after the write's commit, on this process's listener). */
  const eventually = async <T>(
    read: () => Promise<T>,
    check: (value: T) => boolean,
    ms = 8000,
  ): Promise<T> => {
    const until = Date.now() + ms;
    for (;;) {
      const value = await read();
      if (check(value)) return value;
      if (Date.now() > until) return value;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  /** The match rows of the database (want, item, reason, status), in id order. */
  const rows = () =>
    state.db.query<{
      want_id: number;
      item_id: number;
      reason: string;
      status: string;
      price: string | null;
    }>(
      'SELECT want_id, item_id, reason, status, price_at_match::text AS price FROM want_matches ORDER BY id',
    );

  /**
   * A barrier: an Omega item matching a want of its own, waited for. Changes are heard and matched one after
   * another, so once it is matched every change committed before it has been matched too.
   */
  const barrier = async (browser: Browser, clientId: number): Promise<void> => {
    const omega = (await want(browser, clientId, { brand: 'Omega', model: 'Seamaster' })).id;
    const itemId = await item(browser, { brand: 'Omega', model: 'Seamaster' });
    const seen = await eventually(rows, (all) =>
      all.some((r) => r.want_id === omega && r.item_id === itemId),
    );
    expect(seen.some((r) => r.want_id === omega && r.item_id === itemId)).toBe(true);
  };

  return { ...testbed, client, item, want, matches, eventually, rows, barrier };
}

export type { Want };
