import { RenditionCache } from '../../../src/modules/storefront/images';
import { PageCache } from '../../../src/modules/storefront/page-cache';
import { itemIdsOn, STORE, storefrontTestbed } from './setup';

// The storefront's page cache (STOREFRONT_PAGE_CACHE_MS): a page is served from memory for at most its time,
// requests that arrive while a page renders share that rendering, and only answers worth keeping are kept.

describe('PageCache', () => {
  it('serves a rendering again until its time is up, then renders afresh', async () => {
    let now = 0;
    let renders = 0;
    const cache = new PageCache<string>(
      500,
      () => true,
      () => now,
    );
    const render = async () => `page ${++renders}`;
    expect(await cache.get('/a', render)).toBe('page 1');
    now = 499;
    expect(await cache.get('/a', render)).toBe('page 1');
    now = 500;
    expect(await cache.get('/a', render)).toBe('page 2');
    expect(await cache.get('/b', render)).toBe('page 3');
  });

  it('lets concurrent requests share one rendering, and keeps nothing when told not to or on an error', async () => {
    let renders = 0;
    let release: () => void = () => undefined;
    const cache = new PageCache<number>(1000, (value) => value !== 404);
    const slow = () =>
      new Promise<number>((resolve) => {
        renders += 1;
        release = () => resolve(200);
      });
    const both = Promise.all([cache.get('/x', slow), cache.get('/x', slow)]);
    release();
    expect(await both).toEqual([200, 200]);
    expect(renders).toBe(1);

    let missing = 0;
    const notFound = async () => {
      missing += 1;
      return 404;
    };
    await cache.get('/gone', notFound);
    await cache.get('/gone', notFound);
    expect(missing).toBe(2);

    await expect(cache.get('/boom', async () => Promise.reject(new Error('db down')))).rejects.toThrow(
      'db down',
    );
    expect(await cache.get('/boom', async () => 200)).toBe(200);
  });

  it('forgets every kept page, and keeps nothing from a rendering under way when it forgets', async () => {
    let renders = 0;
    let release: () => void = () => undefined;
    const cache = new PageCache<number>(1000, () => true);
    await cache.get('/a', async () => ++renders);
    expect(cache.size).toBe(1);
    const slow = cache.get(
      '/b',
      () =>
        new Promise<number>((resolve) => {
          release = () => resolve(++renders);
        }),
    );
    cache.forget();
    expect(cache.size).toBe(0);
    release();
    expect(await slow).toBe(2);
    expect(cache.size).toBe(0);
    expect(await cache.get('/a', async () => ++renders)).toBe(3);
    expect(await cache.get('/b', async () => ++renders)).toBe(4);
  });

  it('renders every time with a time of 0 (the cache off)', async () => {
    let renders = 0;
    const cache = new PageCache<number>(0, () => true);
    await cache.get('/a', async () => ++renders);
    await cache.get('/a', async () => ++renders);
    expect(renders).toBe(2);
    expect(cache.size).toBe(0);
  });
});

describe('RenditionCache (the photos)', () => {
  it('forgets every rendition, and keeps nothing from an encoding under way when it forgets', async () => {
    let encodings = 0;
    let release: () => void = () => undefined;
    const cache = new RenditionCache(1_000_000);
    const encode = async () => Buffer.from(`photo ${++encodings}`);
    await cache.get('1-400-webp', encode);
    expect(cache.size.entries).toBe(1);
    const slow = cache.get(
      '2-400-webp',
      () =>
        new Promise<Buffer>((resolve) => {
          release = () => resolve(Buffer.from(`photo ${++encodings}`));
        }),
    );
    cache.forget();
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
    release();
    expect((await slow).toString()).toBe('photo 2');
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
    expect((await cache.get('1-400-webp', encode)).toString()).toBe('photo 3');
  });
});

describe('the storefront with its page cache on (STOREFRONT_PAGE_CACHE_MS=1500)', () => {
  const { state, as, openStore, listedItem, visit } = storefrontTestbed({
    env: { STOREFRONT_PAGE_CACHE_MS: '1500' },
  });

  it('serves a page rendered before its item left the storefront for at most the cache time, then never again', async () => {
    const gold = await as('gold');
    await openStore();
    const id = await listedItem(gold);
    const renderedAt = performance.now();
    expect(itemIdsOn((await visit(`${STORE}/`)).body)).toContain(id);

    // Taken off the storefront behind the page's back (one statement, a few milliseconds).
    await state.db.query('UPDATE storefront_listings SET listed = false WHERE item_id = $1', [id]);
    const cached = await visit(`${STORE}/`);
    expect(performance.now() - renderedAt).toBeLessThan(1500);
    expect(itemIdsOn(cached.body)).toContain(id);
    // Not cached: the sitemap reads the database on every request.
    expect((await visit(`${STORE}/sitemap.xml`)).body).not.toContain(`/items/${id}-`);

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, renderedAt + 1550 - performance.now())));
    expect(itemIdsOn((await visit(`${STORE}/`)).body)).not.toContain(id);
  });
});
