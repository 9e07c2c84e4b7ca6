import { WANT_MATCH_REASON_LABELS, wantMisses, type WantMatch } from '@loupe/contracts';
import { onItemChanged } from '../../../src/modules/inventory';
import { matchItem } from '../../../src/modules/wants';
import { wantsTestbed } from './setup';

// Issue 24 item 5: every new item and every price change is matched against the clients' wants, after the
// write commits (inventory's onItemChanged, heard through the database's NOTIFY). PGlite and, with
// TEST_DATABASE_URL, PostgreSQL.
const { state, as, client, item, want, matches, eventually, rows, barrier } = wantsTestbed();

/** Ada wants any Rolex; gold adds one; its match is awaited. */
async function rolexMatched() {
  const gold = await as('gold');
  const ada = await client(gold, 'Ada Lovelace');
  const wanted = (await want(gold, ada, { brand: 'Rolex' })).id;
  const itemId = await item(gold);
  await eventually(rows, (r) => r.some((m) => m.want_id === wanted));
  return { gold, wanted, itemId };
}

describe('the matching rule, criterion by criterion, on new items', () => {
  it('matches each want with the item made for it and with none that misses its criterion', async () => {
    const gold = await as('gold');
    const ada = await client(gold, 'Ada Lovelace');
    const wants = {
      brand: (await want(gold, ada, { brand: 'Omega' })).id,
      model: (await want(gold, ada, { brand: 'Rolex', model: 'Daytona' })).id,
      reference: (await want(gold, ada, { brand: 'Rolex', reference: '126610 LN' })).id,
      year: (await want(gold, ada, { brand: 'Rolex', yearFrom: 2015, yearTo: 2019 })).id,
      condition: (await want(gold, ada, { brand: 'Rolex', conditionGrade: 'excellent' })).id,
      price: (await want(gold, ada, { brand: 'Rolex', maxPrice: '10000' })).id,
    };
    // Each item meets one want's criterion and misses every other's (Rolex Submariner at £12,500 by default).
    const items = {
      omega: await item(gold, { brand: 'Omega', model: 'Speedmaster' }),
      daytona: await item(gold, {
        model: 'Daytona',
        referenceNumber: '116500LN',
        year: 2021,
        conditionGrade: 'good',
      }),
      // The reference written another way: case, spaces and hyphens do not count.
      reference: await item(gold, { referenceNumber: '126610-ln' }),
      year: await item(gold, { year: 2017 }),
      // Unworn is better than the excellent asked for.
      condition: await item(gold, { conditionGrade: 'unworn' }),
      price: await item(gold, { retailPrice: '9999.99' }),
      // At the maximum exactly is within it.
      priceAtMax: await item(gold, { retailPrice: '10000.00' }),
    };
    const expected = [
      [wants.brand, items.omega],
      [wants.model, items.daytona],
      [wants.reference, items.reference],
      [wants.year, items.year],
      [wants.condition, items.condition],
      [wants.price, items.price],
      [wants.price, items.priceAtMax],
    ]
      .map(([w, i]) => `${w}:${i}`)
      .sort();
    const found = await eventually(rows, (all) => all.length >= expected.length);
    await barrier(gold, ada);
    // (The barrier's Omega is matched by the Omega want too: only the items made here count.)
    const made = (r: { want_id: number; item_id: number }) =>
      Object.values(wants).includes(r.want_id) && Object.values(items).includes(r.item_id);
    const pairs = (await rows())
      .filter(made)
      .map((r) => `${r.want_id}:${r.item_id}`)
      .sort();
    expect(found.length).toBeGreaterThanOrEqual(expected.length);
    expect(pairs).toEqual(expected);
    expect((await rows()).filter(made).map((r) => r.reason)).toEqual(expected.map(() => 'new_item'));

    // What the matches list shows of one.
    const [priceMatch] = (await matches(gold, `/api/wants/matches/?status=open`)).filter(
      (m) => m.itemId === items.price,
    );
    expect(priceMatch).toMatchObject({
      wantId: wants.price,
      wantSummary: 'Rolex, up to £10,000.00',
      clientId: ada,
      clientName: 'Ada Lovelace',
      clientEmail: 'ada@example.org',
      brand: 'Rolex',
      model: 'Submariner',
      reason: 'new_item',
      priceAtMatch: 9999.99,
      price: 9999.99,
      status: 'open',
      itemStatus: 'available',
      emailedAt: null,
      mailId: null,
    });
    expect(WANT_MATCH_REASON_LABELS[(priceMatch as WantMatch).reason]).toBe('New in stock');
  });

  it('leaves out an item that is not available, an item of unknown year, grade or price, and inactive wants', async () => {
    const gold = await as('gold');
    const ada = await client(gold, 'Ada Lovelace');
    const strict = (
      await want(gold, ada, { brand: 'Rolex', yearFrom: 2010, conditionGrade: 'good', maxPrice: 20000 })
    ).id;
    const inactive = (await want(gold, ada, { brand: 'Rolex', active: false })).id;
    const any = (await want(gold, ada, { brand: 'Rolex' })).id;
    await item(gold, { status: 'unavailable' });
    const unknownYear = await item(gold, { conditionGrade: 'good' });
    const unknownGrade = await item(gold, { year: 2015 });
    const noPrice = await item(gold, { year: 2015, conditionGrade: 'good', retailPrice: null });
    await barrier(gold, ada);
    const all = await rows();
    expect(all.filter((r) => r.want_id === strict)).toEqual([]);
    expect(all.filter((r) => r.want_id === inactive)).toEqual([]);
    // The plain want matches every available one, the item without a price too (its price is on request).
    expect(
      all
        .filter((r) => r.want_id === any)
        .map((r) => r.item_id)
        .sort(),
    ).toEqual([unknownYear, unknownGrade, noPrice].sort());
    expect(all.find((r) => r.item_id === noPrice)?.price).toBeNull();
  });

  it('is the contracts rule the server applies (wantMisses names each criterion missed)', () => {
    const want = {
      brand: 'Rolex',
      model: 'Submariner',
      reference: '126610LN',
      yearFrom: 2018,
      yearTo: 2020,
      conditionGrade: 'very_good' as const,
      maxPrice: '9000',
    };
    const item = {
      status: 'available',
      brand: 'ROLEX',
      model: 'submariner',
      referenceNumber: '126610 ln',
      year: 2019,
      conditionGrade: 'excellent',
      price: '9000.00',
    };
    expect(wantMisses(want, item)).toEqual([]);
    expect(
      wantMisses(want, {
        status: 'sold',
        brand: 'Omega',
        model: 'Speedmaster',
        referenceNumber: '311.30',
        year: 2021,
        conditionGrade: 'good',
        price: 9000.01,
      }),
    ).toEqual(['available', 'brand', 'model', 'reference', 'year', 'condition', 'price']);
  });
});

describe('matching on price changes', () => {
  it('matches when a promotion brings the price within the maximum, not on an unrelated edit, once per open match', async () => {
    const gold = await as('gold');
    const ada = await client(gold, 'Ada Lovelace');
    const wanted = (await want(gold, ada, { brand: 'Rolex', maxPrice: '10000' })).id;
    const itemId = await item(gold);
    const ofWant = async () => (await rows()).filter((r) => r.want_id === wanted);

    // An edit that changes no price is no price change.
    const current = (await gold.get(`/api/items/${itemId}/`)).json() as Record<string, unknown>;
    const edit = await gold.put(`/api/items/${itemId}/`, {
      serial: current.serial,
      stockType: current.stockType,
      brand: current.brand,
      model: current.model,
      description: 'Black dial, serviced 2025',
      version: current.version,
    });
    expect(edit.statusCode).toBe(200);
    await barrier(gold, ada);
    expect(await ofWant()).toEqual([]);

    // Promoted at £9,500: now within £10,000.
    expect(
      (await gold.post(`/api/items/${itemId}/promote/`, { promoted: true, price: '9500' })).statusCode,
    ).toBe(200);
    const one = await eventually(ofWant, (r) => r.length === 1);
    expect(one).toEqual([
      { want_id: wanted, item_id: itemId, reason: 'price_change', status: 'open', price: '9500.00' },
    ]);

    // Another price while it is open: still one open match.
    expect(
      (await gold.post(`/api/items/${itemId}/promote/`, { promoted: true, price: '9400' })).statusCode,
    ).toBe(200);
    await barrier(gold, ada);
    expect((await ofWant()).length).toBe(1);

    // Dismissed, then a lower price: a new match, since the client has not heard of this price.
    const [match] = await matches(gold, `/api/items/${itemId}/want-matches/`);
    expect((await gold.post(`/api/wants/matches/${match!.id}/dismiss/`)).statusCode).toBe(200);
    expect(
      (await gold.post(`/api/items/${itemId}/promote/`, { promoted: true, price: '9000' })).statusCode,
    ).toBe(200);
    const two = await eventually(ofWant, (r) => r.length === 2);
    expect(two.map((r) => [r.status, r.price])).toEqual([
      ['dismissed', '9500.00'],
      ['open', '9000.00'],
    ]);

    // Ending the promotion puts it back at £12,500: over the maximum, nothing new.
    expect((await gold.post(`/api/items/${itemId}/promote/`, { promoted: false })).statusCode).toBe(200);
    await barrier(gold, ada);
    expect((await ofWant()).length).toBe(2);
  });

  it('never makes a second open match of a want and an item, however often it is told', async () => {
    const { wanted, itemId } = await rolexMatched();
    // Every API process hears every change: each one matching it again adds nothing.
    const again = await Promise.all(
      [1, 2, 3].map(() =>
        matchItem(state.db, { shopId: state.fx.shopId, itemId, reason: 'new_item' }, new Date()),
      ),
    );
    expect(again).toEqual([0, 0, 0]);
    expect((await rows()).filter((r) => r.want_id === wanted && r.item_id === itemId)).toHaveLength(1);
  });

  it('does not raise a match again from a late new-item notice once it was dismissed or e-mailed', async () => {
    const { gold, wanted, itemId } = await rolexMatched();
    const [match] = await state.db.query<{ id: number }>(
      'SELECT id FROM want_matches WHERE want_id = $1 AND item_id = $2',
      [wanted, itemId],
    );
    expect((await gold.post(`/api/wants/matches/${match?.id}/dismiss/`)).statusCode).toBe(200);
    // Another API instance hears the item's notice after the match was dismissed (or e-mailed): nothing new.
    expect(
      await matchItem(state.db, { shopId: state.fx.shopId, itemId, reason: 'new_item' }, new Date()),
    ).toBe(0);
    expect((await rows()).filter((r) => r.want_id === wanted && r.item_id === itemId)).toHaveLength(1);
  });
});

describe('a listener that fails', () => {
  it('is logged and never fails the item write, and the listeners after it still run', async () => {
    const failing = () => {
      throw new Error('a listener that fails');
    };
    onItemChanged.unshift(failing);
    try {
      const gold = await as('gold');
      const ada = await client(gold, 'Ada Lovelace');
      const wanted = (await want(gold, ada, { brand: 'Rolex' })).id;
      const itemId = await item(gold);
      const found = await eventually(rows, (r) => r.some((m) => m.want_id === wanted));
      expect(found.map((r) => [r.want_id, r.item_id])).toEqual([[wanted, itemId]]);
    } finally {
      onItemChanged.splice(onItemChanged.indexOf(failing), 1);
    }
  });
});

describe('items from other modules', () => {
  it('matches a buy-in once it commits, and nothing of a buy-in only checked (rolled back)', async () => {
    const gold = await as('gold');
    const ada = await client(gold, 'Ada Lovelace');
    const seller = await client(gold, 'Edith Private');
    const wanted = (await want(gold, ada, { brand: 'Rolex', model: 'Daytona' })).id;
    const buyIn = {
      sellerId: seller,
      sellerKind: 'private',
      lines: [{ stockType: 'Watches', brand: 'Rolex', model: 'Daytona', serial: 'BUY-1', price: '500' }],
      payments: [{ method: 'Bank Transfer', amount: '500' }],
    };
    // The check saves nothing: its transaction rolls back, and with it the announcement.
    expect((await gold.post('/api/purchases/check/', buyIn)).statusCode).toBe(200);
    await barrier(gold, ada);
    expect((await rows()).filter((r) => r.want_id === wanted)).toEqual([]);

    const bought = await gold.post('/api/purchases/', buyIn);
    expect(bought.statusCode).toBe(201);
    const itemId = (bought.json() as { lines: Array<{ itemId: number }> }).lines[0]!.itemId;
    const found = await eventually(rows, (r) => r.some((m) => m.want_id === wanted));
    expect(found.filter((r) => r.want_id === wanted)).toEqual([
      { want_id: wanted, item_id: itemId, reason: 'new_item', status: 'open', price: null },
    ]);
  });
});

describe('a part-exchange', () => {
  it('is matched once the deal commits, and not when the deal is only checked', async () => {
    const gold = await as('gold');
    const ada = await client(gold, 'Ada Lovelace');
    const buyer = await client(gold, 'Peter Exchange');
    const wanted = (await want(gold, ada, { brand: 'Cartier', model: 'Tank' })).id;
    const sold = await item(gold);
    const deal = {
      clientId: buyer,
      lines: [
        { kind: 'item', itemId: sold, price: '8000' },
        {
          kind: 'part_exchange',
          price: '2500',
          partExchange: { serial: 'PX-TANK-1', stockType: 'Watches', brand: 'Cartier', model: 'Tank' },
        },
      ],
      payments: [{ method: 'Credit Card', amount: '5500' }],
    };
    expect((await gold.post('/api/deals/check/', deal)).statusCode).toBe(200);
    await barrier(gold, ada);
    expect((await rows()).filter((r) => r.want_id === wanted)).toEqual([]);

    expect((await gold.post('/api/deals/', deal)).statusCode).toBe(201);
    const found = await eventually(rows, (r) => r.some((m) => m.want_id === wanted));
    const [px] = await state.db.query<{ id: number }>("SELECT id FROM items WHERE serial = 'PX-TANK-1'");
    expect(found.filter((r) => r.want_id === wanted)).toEqual([
      { want_id: wanted, item_id: px!.id, reason: 'new_item', status: 'open', price: null },
    ]);
  });
});

describe('the search when a want is saved', () => {
  it('finds the matching available stock at once, and not again when the want is saved unchanged', async () => {
    const gold = await as('gold');
    const ada = await client(gold, 'Ada Lovelace');
    const first = await item(gold, { year: 2019 });
    await item(gold, { year: 2012 });
    await item(gold, { model: 'Daytona', year: 2019 });
    const saved = await want(gold, ada, { brand: 'rolex', model: 'submariner', yearFrom: 2018 });
    // Spelled as the catalogue spells them.
    expect(saved).toMatchObject({ brand: 'Rolex', model: 'Submariner', newMatches: 1, openMatches: 1 });
    const [match] = await matches(gold, `/api/clients/${ada}/want-matches/`);
    expect(match).toMatchObject({ itemId: first, reason: 'want_saved', status: 'open' });

    const again = await gold.put(`/api/wants/${saved.id}/`, {
      brand: 'Rolex',
      model: 'Submariner',
      yearFrom: 2018,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ newMatches: 0, openMatches: 1 });
    // Widened to any year: the 2012 one now fits.
    const wider = await gold.put(`/api/wants/${saved.id}/`, { brand: 'Rolex', model: 'Submariner' });
    expect(wider.json()).toMatchObject({ newMatches: 1, openMatches: 2, yearFrom: null });
  });
});

describe('a matched item no longer available', () => {
  it('is not an open match once sold or checked out: it reads lapsed', async () => {
    const gold = await as('gold');
    const ada = await client(gold, 'Ada Lovelace');
    const bea = await client(gold, 'Bea Borrower');
    await want(gold, ada, { brand: 'Rolex' });
    const sold = await item(gold);
    const lent = await item(gold);
    const kept = await item(gold);
    await eventually(rows, (r) => r.length === 3);
    expect(
      (await gold.post(`/api/items/${sold}/sell/`, { price: '12500', paymentMethod: 'Credit Card' }))
        .statusCode,
    ).toBe(200);
    expect((await gold.post(`/api/items/${lent}/check-out/`, { clientId: bea })).statusCode).toBe(200);

    const open = await matches(gold, '/api/wants/matches/');
    expect(open.map((m) => m.itemId)).toEqual([kept]);
    const lapsed = await matches(gold, '/api/wants/matches/?status=lapsed');
    expect(lapsed.map((m) => [m.itemId, m.status, m.itemStatus]).sort()).toEqual(
      [
        [sold, 'lapsed', 'sold'],
        [lent, 'lapsed', 'checked_out'],
      ].sort(),
    );
    const [onItem] = await matches(gold, `/api/items/${sold}/want-matches/`);
    expect(onItem?.status).toBe('lapsed');
    // The e-mail cannot be sent about it.
    const send = await gold.post(`/api/wants/matches/${onItem!.id}/email/`, {});
    expect(send.statusCode).toBe(409);
    expect(send.json()).toEqual({
      detail: 'This item is no longer available, so the match cannot be e-mailed.',
    });
    // The want counts only its open ones.
    const [listed] = (
      (await gold.get(`/api/clients/${ada}/wants/`)).json() as { results: Array<{ openMatches: number }> }
    ).results;
    expect(listed?.openMatches).toBe(1);
  });
});
