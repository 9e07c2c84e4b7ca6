import sharp from 'sharp';
import { itemIdsOn, jsonLd, listingUrl, STORE, storefrontTestbed, uploadPhoto } from './setup';

// Issue 24 item 1, the public side: the listing and the item page as a visitor without a session reads them,
// server-rendered HTML with no script. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
const { state, as, openStore, addItem, list, listedItem, visit } = storefrontTestbed();

describe('the listing /store/{slug}/', () => {
  it('shows only listed, available items: promoted first, then the newest listed; 404 while closed', async () => {
    const gold = await as('gold');
    const older = await listedItem(gold, { brand: 'Omega', model: 'Speedmaster', retailPrice: '5200.00' });
    const newer = await listedItem(gold, { brand: 'Cartier', model: 'Tank', retailPrice: '3100.00' });
    await addItem(gold, { brand: 'Tudor', model: 'Black Bay' }); // never listed
    const unavailable = await addItem(gold, { brand: 'Seiko', model: 'Prospex', status: 'unavailable' });
    await list(gold, unavailable);
    expect((await visit(`${STORE}/`)).statusCode).toBe(404);
    await openStore();
    const page = await visit(`${STORE}/`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(page.body).not.toMatch(/<script(?! type="application\/ld\+json")/);
    expect(itemIdsOn(page.body)).toEqual([newer, older]);
    expect(page.body).toContain('£5,200');
    expect(page.body).toContain('<link rel="canonical" href="http://localhost:8080/store/loupe-test/">');
    // Promoting the older one puts it first, at its promotion price.
    const promoted = await gold.post(`/api/items/${older}/promote/`, { promoted: true, price: '4999.50' });
    expect(promoted.statusCode).toBe(200);
    const again = await visit(`${STORE}/`);
    expect(itemIdsOn(again.body)).toEqual([older, newer]);
    expect(again.body).toContain('<span class="tag">Featured</span> £4,999.50');
    expect(again.body).not.toContain('£5,200');
    // Without the trailing slash: redirected.
    const bare = await visit(STORE);
    expect([bare.statusCode, bare.headers.location]).toEqual([301, `${STORE}/`]);
    // An unknown storefront is a 404 page too.
    expect((await visit('/store/nobody-here/')).statusCode).toBe(404);
  });

  it('filters by type, brand and price, keeps the filters in the pager, and pages 24 at a time', async () => {
    const gold = await as('gold');
    await openStore();
    const watches: number[] = [];
    for (let i = 0; i < 26; i += 1)
      watches.push(
        await listedItem(gold, {
          brand: i % 2 ? 'Rolex' : 'Omega',
          model: i % 2 ? 'Submariner' : 'Speedmaster',
          retailPrice: `${1000 + i * 100}.00`,
        }),
      );
    const ring = await listedItem(gold, {
      stockType: 'Jewellery',
      brand: 'Cartier',
      model: 'Love',
      retailPrice: '2500.00',
    });
    const first = await visit(`${STORE}/`);
    const firstIds = itemIdsOn(first.body);
    expect(firstIds).toEqual([ring, ...watches.slice().reverse()].slice(0, 24));
    expect(first.body).toContain(
      '<a class="button secondary" rel="next" href="/store/loupe-test/?page=2">Next page</a>',
    );
    const second = await visit(`${STORE}/?page=2`);
    expect(itemIdsOn(second.body)).toEqual(watches.slice(0, 3).reverse());
    expect(second.body).toContain('href="/store/loupe-test/">Previous page</a>');
    expect(second.body).not.toContain('Next page');
    expect((await visit(`${STORE}/?page=3`)).statusCode).toBe(404);
    expect((await visit(`${STORE}/?page=abc`)).statusCode).toBe(404);

    const jewellery = await visit(`${STORE}/?type=Jewellery`);
    expect(itemIdsOn(jewellery.body)).toEqual([ring]);
    expect(jewellery.body).toContain('<option value="Jewellery" selected>');
    expect(jewellery.body).toContain('<meta name="robots" content="noindex, follow">');

    // Rolex between £1,500 and £2,000: the odd ones from i = 5 (£1,500) to i = 9 (£1,900).
    const rolex = await visit(`${STORE}/?brand=rolex&min=%C2%A31%2C500&max=2000`);
    expect(itemIdsOn(rolex.body)).toEqual([watches[9], watches[7], watches[5]]);
    expect(rolex.body).toContain('<option value="Rolex" selected>Rolex (13)</option>');
    expect(rolex.body).toContain('value="1500"');

    // Paging a filter keeps it: Omega (13 watches) by 24 is one page; all watches (26) are two.
    const allWatches = await visit(`${STORE}/?type=Watches&min=1000`);
    expect(itemIdsOn(allWatches.body)).toHaveLength(24);
    expect(allWatches.body).toContain(
      'href="/store/loupe-test/?type=Watches&amp;min=1000&amp;page=2">Next page',
    );
    const page2 = await visit(`${STORE}/?type=Watches&min=1000&page=2`);
    expect(itemIdsOn(page2.body)).toEqual([watches[1], watches[0]]);
    const none = await visit(`${STORE}/?min=99999`);
    expect([none.statusCode, itemIdsOn(none.body)]).toEqual([200, []]);
    expect(none.body).toContain('No items match these filters.');
  });
});

describe('the item page /store/{slug}/items/{id}-{title}', () => {
  it('shows the price, attributes and description, with JSON-LD Product/Offer, Open Graph and canonical', async () => {
    const gold = await as('gold');
    await openStore();
    const id = await addItem(gold, {
      brand: 'Rolex',
      model: 'Submariner',
      referenceNumber: '126610LN',
      year: 2021,
      box: true,
      papers: true,
      movement: 'automatic',
      conditionGrade: 'excellent',
      retailPrice: '12500.00',
    });
    const image = await uploadPhoto(gold, id);
    await list(gold, id, { publicDescription: 'Full set.\nServiced 2025.', braceletMaterial: 'Oystersteel' });
    const path = `${STORE}/items/${id}-rolex-submariner-126610ln`;
    const page = await visit(path);
    expect(page.statusCode).toBe(200);
    const html = page.body;
    expect(html).toContain('<h1>Rolex Submariner 126610LN</h1>');
    expect(html).toContain('<p class="price">£12,500</p>');
    expect(html).toContain('<dt>Reference</dt><dd>126610LN</dd>');
    expect(html).toContain('<dt>Bracelet</dt><dd>Oystersteel</dd>');
    expect(html).toContain('<dt>Movement</dt><dd>Automatic</dd>');
    expect(html).toContain('<dt>Condition</dt><dd>Excellent</dd>');
    expect(html).toContain('<p class="desc">Full set.\nServiced 2025.</p>');
    expect(html).toContain(`<link rel="canonical" href="http://localhost:8080${path}">`);
    expect(html).toContain('<meta property="og:type" content="product">');
    expect(html).toContain(
      `<meta property="og:image" content="http://localhost:8080${STORE}/images/${image}/1024.jpg">`,
    );
    expect(html).toMatch(
      new RegExp(
        `<img src="${STORE}/images/${image}/640" srcset="[^"]+ 1600w" sizes="[^"]+" width="640" height="640" alt="Rolex Submariner 126610LN" fetchpriority="high">`,
      ),
    );
    // The enquiry form (modules/enquiries) posts to this item.
    expect(html).toContain(`action="${STORE}/items/${id}/enquiry"`);
    const [product] = jsonLd(html);
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Rolex Submariner 126610LN',
      mpn: '126610LN',
      brand: { '@type': 'Brand', name: 'Rolex' },
      image: [`http://localhost:8080${STORE}/images/${image}/1024.jpg`],
      offers: {
        '@type': 'Offer',
        price: '12500.00',
        priceCurrency: 'GBP',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/UsedCondition',
        url: `http://localhost:8080${path}`,
      },
    });
    // Another title in the address: redirected to the canonical one.
    const other = await visit(`${STORE}/items/${id}-fake-name`);
    expect([other.statusCode, other.headers.location]).toEqual([301, path]);
    expect((await visit(`${STORE}/items/${id}`)).statusCode).toBe(301);
    expect((await visit(`${STORE}/items/not-a-number`)).statusCode).toBe(404);
  });

  it("shows a jewellery item's metal, fineness, weight and hallmark, and leaves out what it does not have", async () => {
    const gold = await as('gold');
    await openStore();
    const id = await addItem(gold, {
      stockType: 'Jewellery',
      brand: 'Cartier',
      model: 'Love',
      metal: 'Yellow gold',
      fineness: 750,
      weightGrams: '35.5',
      hallmark: 'London 2019',
      retailPrice: '5600.00',
    });
    await list(gold, id);
    const page = await visit(`${STORE}/items/${id}-cartier-love`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<dt>Metal</dt><dd>Yellow gold</dd>');
    expect(page.body).toContain('<dt>Fineness</dt><dd>750</dd>');
    expect(page.body).toContain('<dt>Weight</dt><dd>35.5 g</dd>');
    expect(page.body).toContain('<dt>Hallmark</dt><dd>London 2019</dd>');
    expect(page.body).not.toContain('<dt>Dial</dt>');
    expect(page.body).not.toContain('<dt>Year</dt>');
  });

  it('says "Price on request" and offers no price to search engines when asked', async () => {
    const gold = await as('gold');
    await openStore();
    const id = await addItem(gold, { brand: 'Patek Philippe', model: 'Nautilus', retailPrice: '95000.00' });
    await list(gold, id, { priceOnRequest: true });
    const page = await visit(`${STORE}/items/${id}-patek-philippe-nautilus`);
    expect(page.body).toContain('<p class="price">Price on request</p>');
    expect(page.body).not.toContain('95,000');
    expect(page.body).not.toContain('product:price:amount');
    expect(jsonLd(page.body)[0]).not.toHaveProperty('offers');
    expect((await visit(`${STORE}/`)).body).toContain('Price on request');
  });

  it('escapes hostile text everywhere: HTML, attributes and the JSON-LD block', async () => {
    const gold = await as('gold');
    await openStore();
    const hostile = '</script><script>alert("x")</script> & <b onmouseover=alert(1)>';
    const id = await addItem(gold, { brand: 'Rolex', model: 'Datejust' });
    await list(gold, id, { publicDescription: hostile, braceletMaterial: '"><img src=x onerror=alert(1)>' });
    const page = await visit(`${STORE}/items/${id}-rolex-datejust`);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<script>alert');
    expect(page.body).not.toContain('<b onmouseover');
    expect(page.body).not.toContain('<img src=x');
    expect(page.body).toContain(
      '&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b onmouseover=alert(1)&gt;',
    );
    // Exactly one script element, the JSON-LD data block, which parses back to the same text.
    expect(page.body.match(/<script/g)).toHaveLength(1);
    expect(jsonLd(page.body)[0]).toMatchObject({ description: hostile });
    expect(String(page.headers['content-security-policy'])).toMatch(/default-src 'none'/);
    expect(String(page.headers['content-security-policy'])).not.toContain('script-src');
  });

  it('answers 410 for an item that left the storefront and 404 for one that was never on it', async () => {
    const gold = await as('gold');
    await openStore();
    const id = await listedItem(gold, { brand: 'Omega', model: 'Seamaster' });
    await list(gold, id, { listed: false });
    const gone = await visit(`${STORE}/items/${id}-omega-seamaster`);
    expect(gone.statusCode).toBe(410);
    expect(gone.body).toContain('<h1>No longer available</h1>');
    expect(gone.body).toContain('<meta name="robots" content="noindex">');
    const never = await addItem(gold, { brand: 'Omega', model: 'Seamaster' });
    expect((await visit(`${STORE}/items/${never}-omega-seamaster`)).statusCode).toBe(404);
    expect((await gold.get(listingUrl(never))).statusCode).toBe(200);
  });
});

describe('sitemap.xml, robots.txt and photos', () => {
  it('lists the listing and every item on offer in the sitemap; robots.txt points to it', async () => {
    const gold = await as('gold');
    await openStore();
    const a = await listedItem(gold, { brand: 'Rolex', model: 'GMT-Master' });
    const b = await addItem(gold, { brand: 'Tudor', model: 'Pelagos' });
    const sitemap = await visit(`${STORE}/sitemap.xml`);
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(sitemap.body).toContain('<loc>http://localhost:8080/store/loupe-test/</loc>');
    expect(sitemap.body).toContain(
      `<loc>http://localhost:8080/store/loupe-test/items/${a}-rolex-gmt-master</loc>`,
    );
    expect(sitemap.body).not.toContain(`/items/${b}-`);
    const robots = await visit(`${STORE}/robots.txt`);
    expect(robots.body).toBe(
      'User-agent: *\nAllow: /store/loupe-test/\nDisallow: /store/loupe-test/items/*/enquiry\n' +
        'Sitemap: http://localhost:8080/store/loupe-test/sitemap.xml\n',
    );
  });

  it('serves a photo as AVIF, WebP or JPEG by Accept, square at the width asked, with a strong ETag and 304', async () => {
    const gold = await as('gold');
    await openStore();
    const id = await addItem(gold);
    const image = await uploadPhoto(gold, id);
    const url = `${STORE}/images/${image}/640`;
    // Not listed yet: no photo.
    expect((await visit(url)).statusCode).toBe(404);
    await list(gold, id);
    const cases: Array<[string, string, string]> = [
      ['image/avif,image/webp,image/apng,image/*,*/*;q=0.8', 'image/avif', 'heif'],
      ['image/webp,*/*', 'image/webp', 'webp'],
      ['image/avif;q=0, image/png,*/*', 'image/jpeg', 'jpeg'],
      ['', 'image/jpeg', 'jpeg'],
    ];
    const etags = new Set<string>();
    for (const [accept, type, format] of cases) {
      const response = await visit(url, accept ? { accept } : {});
      expect([accept, response.statusCode, response.headers['content-type']]).toEqual([accept, 200, type]);
      expect(response.headers.vary).toBe('Accept');
      const meta = await sharp(response.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([format, 640, 640]);
      etags.add(String(response.headers.etag));
    }
    expect(etags.size).toBe(3);
    const jpeg = await visit(`${STORE}/images/${image}/320.jpg`, { accept: 'image/avif' });
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(jpeg.headers.vary).toBeUndefined();
    expect((await sharp(jpeg.rawPayload).metadata()).width).toBe(320);
    const etag = String(jpeg.headers.etag);
    expect(etag).toMatch(/^"\d+-320-jpg-[0-9a-f]{12}"$/);
    const again = await visit(`${STORE}/images/${image}/320.jpg`, { 'if-none-match': etag });
    expect([again.statusCode, again.body]).toEqual([304, '']);
    expect((await visit(`${STORE}/images/${image}/500`)).statusCode).toBe(404);
    expect((await visit(`${STORE}/images/${image}/640.gif`)).statusCode).toBe(404);
    expect((await visit(`${STORE}/images/999999/640`)).statusCode).toBe(404);
    // Another shop's storefront does not serve this shop's photo.
    await (await as('rival')).put('/api/storefront/settings/', { slug: 'rival-store', enabled: true });
    expect((await visit(`/store/rival-store/images/${image}/640`)).statusCode).toBe(404);
    expect(state.fx.shopId).toBeGreaterThan(0);
  });
});
