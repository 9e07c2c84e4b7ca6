import type { MarketplaceChannel, MarketplaceChannelItem, MarketplaceItem } from '@loupe/contracts';
import type { Browser } from '../../helper';
import { escapeXml } from '../../../src/modules/marketplace/feed-xml';
import { PUBLIC_URL, SLUG, marketplaceTestbed, parseFeed } from './setup';

// Issue 24 item 3: the Chrono24 and Google Shopping feeds at secret addresses, only items on the storefront that
// pass the channel's rules, on PGlite and (TEST_DATABASE_URL) PostgreSQL.
const { state, as, storefront, watch, list, photo, feedWatch, feedPath } = marketplaceTestbed();

type Listing = Record<string, unknown>;
const listingsOf = (xml: string) =>
  ((parseFeed(xml).listings as { listing?: Listing[] }).listing ?? []) as Listing[];
const itemsOf = (xml: string) =>
  ((parseFeed(xml).rss as { channel: { item?: Listing[] } }).channel.item ?? []) as Listing[];

async function client(name: string): Promise<number> {
  const rows = await state.db.query<{ id: number }>(
    `INSERT INTO clients (shop_id, name, email, created_at, updated_at) VALUES ($1, $2, $3, now(), now()) RETURNING id`,
    [state.fx.shopId, name, `${name.toLowerCase().replace(/\s/g, '')}@example.com`],
  );
  return (rows[0] as { id: number }).id;
}

async function feeds(gold: Browser) {
  const chrono24 = await gold.get(await feedPath(gold, 'chrono24'));
  const google = await gold.get(await feedPath(gold, 'google'));
  expect(chrono24.statusCode).toBe(200);
  expect(google.statusCode).toBe(200);
  return { chrono24: chrono24.body, google: google.body };
}
const idsIn = (xml: { chrono24: string; google: string }) => ({
  chrono24: listingsOf(xml.chrono24).map((l) => Number(l.id)),
  google: itemsOf(xml.google).map((i) => Number(i['g:id'])),
});

describe('the Chrono24 feed', () => {
  it('is well-formed UTF-8 XML with every field the listing import guide asks for', async () => {
    await storefront();
    const gold = await as('gold');
    const id = await feedWatch(gold, 'SUB-1');
    const response = await gold.get(await feedPath(gold, 'chrono24'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, max-age=1');
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(response.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const [listing] = listingsOf(response.body);
    expect(listing).toMatchObject({
      id: String(id),
      manufacturer: 'Rolex',
      model: 'Submariner',
      referenceNumber: '126610LN',
      yearOfManufacture: '2021',
      scopeOfDelivery: { '#text': 'Original box, original papers', '@box': 'yes', '@papers': 'yes' },
      caseMaterial: 'Oystersteel',
      braceletMaterial: 'Oystersteel',
      caseDiameter: { '#text': '41', '@unit': 'mm' },
      dialColor: 'Black',
      movement: 'Automatic',
      condition: 'Excellent',
      description: 'Full set, serviced 2025.',
      handlingTime: { '#text': '2', '@unit': 'days' },
      price: { '#text': '12500.00', '@currency': 'GBP' },
    });
    expect(listing?.url).toMatch(
      new RegExp(`^${PUBLIC_URL}/store/${SLUG}/items/${id}-rolex-submariner-126610ln$`),
    );
    const images = (listing?.images as { image: string[] }).image;
    expect(images).toHaveLength(1);
    expect(images[0]).toMatch(new RegExp(`^${PUBLIC_URL}/store/${SLUG}/images/\\d+/1600\\.jpg$`));
  });

  it('keeps out what Chrono24 cannot take, with the reasons shown per item', async () => {
    await storefront();
    const gold = await as('gold');
    const full = await feedWatch(gold, 'FULL-1');
    const noRef = await feedWatch(gold, 'NOREF-1', { referenceNumber: '' });
    const noPhoto = await watch(gold, 'NOPIC-1');
    await list(noPhoto);
    const onRequest = await feedWatch(gold, 'POR-1');
    await list(onRequest, { priceOnRequest: true });
    const ring = await feedWatch(gold, 'RING-1', { stockType: 'Jewellery', brand: 'Cartier', model: 'Love' });

    const xml = await feeds(gold);
    expect(idsIn(xml).chrono24).toEqual([full]);
    // Google needs no reference (identifier_exists no) and takes jewellery.
    expect(idsIn(xml).google.sort()).toEqual([full, noRef, ring].sort());

    const items = (await gold.get('/api/marketplace/channels/chrono24/items/')).json() as {
      results: MarketplaceChannelItem[];
      count: number;
    };
    expect(items.count).toBe(5);
    const reasons = Object.fromEntries(items.results.map((i) => [i.itemId, i.problems]));
    expect(reasons).toEqual({
      [full]: [],
      [noRef]: ['no reference number'],
      [noPhoto]: ['no photo'],
      [onRequest]: ['price on request'],
      [ring]: ['not a watch'],
    });
    // Kept-out items first; excluded=true lists only them.
    expect(items.results.slice(0, 4).every((i) => !i.included)).toBe(true);
    const excluded = (await gold.get('/api/marketplace/channels/chrono24/items/?excluded=true')).json();
    expect(excluded.count).toBe(4);

    const channels = (await gold.get('/api/marketplace/channels/')).json() as {
      results: MarketplaceChannel[];
    };
    expect(channels.results.map((c) => [c.channel, c.label, c.included, c.excluded, c.live])).toEqual([
      ['chrono24', 'Chrono24', 1, 4, true],
      ['google', 'Google Shopping', 3, 2, true],
    ]);

    // The item page's status: per channel, in or out with the reasons.
    const status = (await gold.get(`/api/marketplace/items/${noRef}/`)).json() as MarketplaceItem;
    expect(status).toEqual({
      itemId: noRef,
      online: true,
      channels: [
        { channel: 'chrono24', label: 'Chrono24', included: false, problems: ['no reference number'] },
        { channel: 'google', label: 'Google Shopping', included: true, problems: [] },
      ],
    });
    const silver = await as('silver');
    expect((await silver.get(`/api/marketplace/items/${full}/`)).json().channels[0].included).toBe(true);
  });
});

describe('the Google Shopping feed', () => {
  it('is RSS 2.0 in the g: namespace with the required attributes', async () => {
    await storefront();
    const gold = await as('gold');
    const id = await feedWatch(gold, 'GMC-1');
    const plain = await feedWatch(gold, 'GMC-2', { referenceNumber: '', conditionGrade: 'unworn' });
    await photo(gold, plain);
    const response = await gold.get(await feedPath(gold, 'google'));
    expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const rss = parseFeed(response.body).rss as Record<string, unknown>;
    expect(rss['@version']).toBe('2.0');
    expect(rss['@xmlns:g']).toBe('http://base.google.com/ns/1.0');
    const channel = rss.channel as Record<string, unknown>;
    expect(channel.title).toBe('Loupe Demo');
    expect(channel.link).toBe(`${PUBLIC_URL}/store/${SLUG}/`);
    const items = itemsOf(response.body);
    const first = items.find((i) => i['g:id'] === String(id)) as Listing;
    expect(first).toMatchObject({
      'g:title': 'Rolex Submariner 126610LN',
      'g:description': 'Full set, serviced 2025.',
      'g:availability': 'in_stock',
      'g:price': '12500.00 GBP',
      'g:condition': 'used',
      'g:brand': 'Rolex',
      'g:mpn': '126610LN',
    });
    expect(first['g:link']).toMatch(new RegExp(`^${PUBLIC_URL}/store/${SLUG}/items/${id}-`));
    expect(first['g:image_link']).toMatch(
      /^https:\/\/shop\.example\.com\/store\/hart-sons\/images\/\d+\/1600\.jpg$/,
    );
    const second = items.find((i) => i['g:id'] === String(plain)) as Listing;
    expect(second).toMatchObject({ 'g:identifier_exists': 'no', 'g:condition': 'new' });
    expect(second['g:mpn']).toBeUndefined();
    expect(second['g:additional_image_link']).toHaveLength(1);
  });

  it('escapes hostile text: the document stays well-formed and says exactly what was typed', async () => {
    await storefront();
    const gold = await as('gold');
    const id = await feedWatch(gold, 'EVIL-1', { dial: 'Black <b>&amp;</b> "quoted"' });
    const hostile = `</g:description><g:price>1.00 GBP</g:price>]]><!-- & 'x' "y" <script>alert(1)</script> 🕰️`;
    await list(id, { publicDescription: hostile, braceletMaterial: '<steel>' });
    const xml = await feeds(gold);
    const expected = hostile;
    const [item] = itemsOf(xml.google);
    expect(item?.['g:description']).toBe(expected);
    expect(item?.['g:price']).toBe('12500.00 GBP');
    const [listing] = listingsOf(xml.chrono24);
    expect(listing?.description).toBe(expected);
    expect(listing?.braceletMaterial).toBe('<steel>');
    expect(listing?.dialColor).toBe('Black <b>&amp;</b> "quoted"');
    expect(xml.google).not.toContain('<script>');
  });
});

describe('escapeXml', () => {
  it('drops what XML 1.0 cannot carry (controls, lone surrogates, U+FFFE) and keeps real pairs', () => {
    expect(escapeXml('a\u0000b\u0001c\u0008\u000bd\u001fe\ufffef')).toBe('abcdef');
    expect(escapeXml('tab\tline\nreturn\r')).toBe('tab\tline\nreturn\r');
    expect(escapeXml('lone \ud800 and \udc00, pair \ud83d\udd70')).toBe('lone  and , pair \ud83d\udd70');
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
    expect(escapeXml('Oystersteel 41')).toBe('Oystersteel 41');
  });
});

describe('what is in the feeds', () => {
  it('holds only listed, available items: each way of leaving the storefront removes an item at once', async () => {
    await storefront();
    const gold = await as('gold');
    const ids = {
      stays: await feedWatch(gold, 'STAY-1'),
      sold: await feedWatch(gold, 'SOLD-1'),
      reserved: await feedWatch(gold, 'RES-1'),
      checkedOut: await feedWatch(gold, 'OUT-1'),
      workshop: await feedWatch(gold, 'WS-1'),
      unlisted: await feedWatch(gold, 'UNL-1'),
    };
    const never = await watch(gold, 'NEVER-1');
    await photo(gold, never);
    const all = Object.values(ids).sort((a, b) => a - b);
    expect(idsIn(await feeds(gold)).chrono24.sort((a, b) => a - b)).toEqual(all);

    const buyer = await client('Ada Lovelace');
    expect(
      (await gold.post(`/api/items/${ids.sold}/sell/`, { price: '12500', paymentMethod: 'Credit Card' }))
        .statusCode,
    ).toBe(200);
    const deposit = await gold.post('/api/deals/', {
      clientId: buyer,
      lines: [{ kind: 'item', itemId: ids.reserved, price: '12500' }],
      payments: [{ method: 'Credit Card', amount: '1000' }],
      reserve: { collectBy: '2026-03-20' },
    });
    expect(deposit.statusCode).toBe(201);
    expect((await gold.post(`/api/items/${ids.checkedOut}/check-out/`, { clientId: buyer })).statusCode).toBe(
      200,
    );
    const job = await gold.post('/api/workshop/jobs/', { itemId: ids.workshop, reportedFault: 'Service' });
    expect(job.statusCode).toBe(201);
    await list(ids.unlisted, { listed: false });

    const after = idsIn(await feeds(gold));
    expect(after.chrono24).toEqual([ids.stays]);
    expect(after.google).toEqual([ids.stays]);
    const status = (await gold.get(`/api/marketplace/items/${ids.sold}/`)).json() as MarketplaceItem;
    expect(status.online).toBe(false);
    expect(status.channels.every((c) => !c.included && c.problems.length === 0)).toBe(true);
  });

  it('answers 404 to a switched-off storefront, naming no shop', async () => {
    await storefront();
    const gold = await as('gold');
    await feedWatch(gold, 'OFF-1');
    const path = await feedPath(gold, 'chrono24');
    await storefront(SLUG, false);
    const response = await gold.get(path);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('Loupe Demo');
    expect(response.body).not.toContain('Rolex');
  });
});

describe('feed tokens', () => {
  it('refuse a wrong, rotated or other shop’s token with the same 404, and rotating is audited', async () => {
    await storefront();
    await storefront('rival-watches', true, 'other');
    const gold = await as('gold');
    await feedWatch(gold, 'TOK-1');
    const path = await feedPath(gold, 'chrono24');
    expect(path).toMatch(new RegExp(`^/store/${SLUG}/feeds/chrono24/[A-Za-z0-9_-]{22}\\.xml$`));
    const token = path.slice(path.lastIndexOf('/') + 1, -4);
    const anonymous = await as('anonymous');
    expect((await anonymous.get(path)).statusCode).toBe(200);

    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const rival = await as('rival');
    const rivalPath = await feedPath(rival, 'chrono24');
    const refused = [
      path.replace(token, wrong),
      path.replace('.xml', '.json'),
      path.replace('/chrono24/', '/google/'),
      path.replace(`/${SLUG}/`, '/rival-watches/'),
      rivalPath.replace('/rival-watches/', `/${SLUG}/`),
      path.replace(token, 'short'),
      path.replace('/chrono24/', '/ebay/'),
    ];
    for (const url of refused) {
      const response = await anonymous.get(url);
      expect([url, response.statusCode]).toEqual([url, 404]);
      expect(response.body).not.toContain('Loupe Demo');
    }

    const before = (await gold.get('/api/marketplace/channels/')).json().results[0] as MarketplaceChannel;
    state.clock.advance(60_000);
    const rotated = await gold.post('/api/marketplace/channels/chrono24/rotate/');
    expect(rotated.statusCode).toBe(200);
    const after = rotated.json() as MarketplaceChannel;
    expect(after.feedUrl).not.toBe(before.feedUrl);
    expect(after.rotatedAt).toBe('2026-03-01T09:01:00.000Z');
    expect((await anonymous.get(path)).statusCode).toBe(404);
    expect((await anonymous.get((after.feedUrl as string).slice(PUBLIC_URL.length))).statusCode).toBe(200);
    // Google's token is its own, untouched.
    expect((await gold.get(await feedPath(gold, 'google'))).statusCode).toBe(200);

    const audit = await state.db.query<{ entity: string; action: string; user_id: number; after: unknown }>(
      `SELECT entity, action, user_id, after FROM audit_log WHERE entity = 'feed_channel'`,
    );
    expect(audit).toEqual([
      {
        entity: 'feed_channel',
        action: 'rotate_token',
        user_id: state.fx.ids.gold,
        after: { channel: 'chrono24' },
      },
    ]);
  });

  it('are for platinum and gold: silver may not see or rotate them; an unknown channel is a 404', async () => {
    await storefront();
    const silver = await as('silver');
    expect((await silver.get('/api/marketplace/channels/')).statusCode).toBe(403);
    expect((await silver.post('/api/marketplace/channels/chrono24/rotate/')).statusCode).toBe(403);
    expect((await silver.get('/api/marketplace/channels/chrono24/items/')).statusCode).toBe(403);
    const anonymous = await as('anonymous');
    expect((await anonymous.get('/api/marketplace/channels/')).statusCode).toBe(401);
    const owner = await as('platinum');
    expect((await owner.get('/api/marketplace/channels/')).statusCode).toBe(200);
    expect((await owner.post('/api/marketplace/channels/ebay/rotate/')).statusCode).toBe(404);
    expect((await owner.get('/api/marketplace/channels/ebay/items/')).statusCode).toBe(404);
    expect((await owner.get('/api/marketplace/items/999999/')).statusCode).toBe(404);
  });

  it('has no feed URL while the shop has no storefront address', async () => {
    const gold = await as('gold');
    const channels = (await gold.get('/api/marketplace/channels/')).json() as {
      results: MarketplaceChannel[];
    };
    expect(channels.results.map((c) => [c.feedUrl, c.live])).toEqual([
      [null, false],
      [null, false],
    ]);
  });
});
