import sharp from 'sharp';
import { apiTestbed } from '../../helper';
import { itemIdsOn, jsonLd } from './setup';

// The demo's storefront (issue 24 item 1), as a fresh start seeds it on 1 March 2026: open at /store/loupe-demo/
// with a dozen listed pieces (one since sold in the shop by the marketplace's demo), each with a public
// description and a photo, the promoted ones first.
const { state, as } = apiTestbed({ demo: new Date('2026-03-01T09:00:00Z'), per: 'file', clock: true });

describe('the demo storefront', () => {
  it('is open at /store/loupe-demo/ with listed pieces, promoted first, each page with its photo and description', async () => {
    const gold = await as('gold');
    expect((await gold.get('/api/storefront/settings/')).json()).toEqual({
      slug: 'loupe-demo',
      enabled: true,
      publicUrl: 'http://localhost:8080/store/loupe-demo/',
    });
    const listed = await state.db.query<{ n: number; promoted: number; described: number }>(
      `SELECT count(*)::int AS n, count(promoted_at)::int AS promoted,
              count(*) FILTER (WHERE public_description <> '')::int AS described
         FROM storefront_offers`,
    );
    expect(listed[0]!.n).toBeGreaterThanOrEqual(10);
    expect(listed[0]!.promoted).toBeGreaterThanOrEqual(2);
    expect(listed[0]!.described).toBe(listed[0]!.n);
    const page = await state.app.inject({ method: 'GET', url: '/store/loupe-demo/' });
    expect(page.statusCode).toBe(200);
    const ids = itemIdsOn(page.body);
    expect(ids).toHaveLength(listed[0]!.n);
    expect(page.body.indexOf('Featured')).toBeLessThan(page.body.indexOf(`/items/${ids.at(-1)}-`));
    expect(page.body).toContain('Price on request');
    const first = page.body.match(/<li class="card"><a href="([^"]+)"/)![1]!;
    const item = await state.app.inject({ method: 'GET', url: first });
    expect(item.statusCode).toBe(200);
    expect(item.body).toContain('<p class="desc">');
    expect(jsonLd(item.body)[0]).toMatchObject({ '@type': 'Product' });
    const photo = item.body.match(/<img src="([^"]+)"/)![1]!;
    const image = await state.app.inject({ method: 'GET', url: photo, headers: { accept: 'image/webp' } });
    expect(image.statusCode).toBe(200);
    expect((await sharp(image.rawPayload).metadata()).format).toBe('webp');
  });
});
