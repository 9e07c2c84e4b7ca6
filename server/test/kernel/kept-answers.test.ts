import { KeptAnswers } from '../../src/kernel/kept-answers';

// The machinery the in-memory caches share (the stock list's pages, the storefront's pages and photos): each
// cache's own tests hold its rule of validity; these hold the budget, the shared makings and forget().

/** A making that waits until released. */
function held<T>(value: T) {
  let release: () => void = () => undefined;
  const made = new Promise<T>((resolve) => {
    release = () => resolve(value);
  });
  return { make: () => made, release: () => release() };
}

describe('KeptAnswers', () => {
  it('serves a kept answer while it holds, and makes it again when it does not', async () => {
    const answers = new KeptAnswers<string, number>({ budget: 10 });
    let makings = 0;
    const make = async () => `answer ${++makings}`;
    const at = (version: number) => ({ stamp: version, holds: (kept: number) => kept === version });
    expect(await answers.read('a', make, at(1))).toBe('answer 1');
    expect(await answers.read('a', make, at(1))).toBe('answer 1');
    expect(await answers.read('a', make, at(2))).toBe('answer 2');
    expect(await answers.read('a', make, at(2))).toBe('answer 2');
    expect(answers.counts).toEqual({ hits: 2, misses: 2, entries: 1, weight: 1 });
  });

  it('drops the least recently used first once the budget is passed, by weight', async () => {
    const answers = new KeptAnswers<string>({ budget: 10, weigh: (value) => value.length });
    const read = (key: string, value: string) => answers.read(key, async () => value, { stamp: undefined });
    await read('a', 'aaaa');
    await read('b', 'bbbb');
    await read('a', 'not made: kept');
    // 4 + 4 + 3 > 10: b, the least recently used, goes.
    await read('c', 'ccc');
    expect(answers.counts).toMatchObject({ entries: 2, weight: 7 });
    expect(await read('a', 'made again')).toBe('aaaa');
    expect(await read('b', 'bb')).toBe('bb');
    // Heavier than the whole budget: served, never kept, and nothing kept makes way for it.
    expect(await read('d', 'ddddddddddd')).toBe('ddddddddddd');
    expect(answers.counts).toMatchObject({ entries: 3, weight: 9 });
    expect(await read('d', 'd')).toBe('d');
    expect(answers.counts.weight).toBeLessThanOrEqual(10);
  });

  it('lets reads with one share key wait for one making, and keeps only what is worth keeping', async () => {
    const answers = new KeptAnswers<number>({ budget: 10, keep: (value) => value !== 404 });
    const slow = held(200);
    let makings = 0;
    const make = () => {
      makings += 1;
      return slow.make();
    };
    const both = Promise.all([
      answers.read('/x', make, { stamp: undefined }),
      answers.read('/x', make, { stamp: undefined }),
    ]);
    slow.release();
    expect(await both).toEqual([200, 200]);
    expect(makings).toBe(1);

    // Another share key: its own making.
    const other = held(201);
    const apart = answers.read('/y', other.make, { stamp: undefined, shareKey: 'one' });
    const again = answers.read('/y', async () => 202, { stamp: undefined, shareKey: 'two' });
    other.release();
    expect([await apart, await again]).toEqual([201, 202]);

    await answers.read('/gone', async () => 404, { stamp: undefined });
    expect(await answers.read('/gone', async () => 410, { stamp: undefined })).toBe(410);
  });

  it('keeps nothing from a failed making, and makes it again', async () => {
    const answers = new KeptAnswers<number>({ budget: 10 });
    await expect(
      answers.read('/boom', async () => Promise.reject(new Error('db down')), { stamp: undefined }),
    ).rejects.toThrow('db down');
    expect(await answers.read('/boom', async () => 200, { stamp: undefined })).toBe(200);
    expect(answers.counts.entries).toBe(1);
  });

  it('forgets every kept answer, and keeps nothing from a making under way when it forgets', async () => {
    const answers = new KeptAnswers<number>({ budget: 10 });
    await answers.read('/a', async () => 1, { stamp: undefined });
    const slow = held(2);
    const pending = answers.read('/b', slow.make, { stamp: undefined });
    answers.forget();
    expect(answers.counts).toEqual({ hits: 0, misses: 0, entries: 0, weight: 0 });
    // A read after the forget does not wait for the making begun before it.
    expect(await answers.read('/b', async () => 3, { stamp: undefined })).toBe(3);
    slow.release();
    expect(await pending).toBe(2);
    expect(await answers.read('/b', async () => 4, { stamp: undefined })).toBe(3);
    expect(await answers.read('/a', async () => 5, { stamp: undefined })).toBe(5);
  });

  it('makes every answer with a budget of 0 (the cache off)', async () => {
    const answers = new KeptAnswers<number>({ budget: 0 });
    let makings = 0;
    await answers.read('/a', async () => ++makings, { stamp: undefined });
    await answers.read('/a', async () => ++makings, { stamp: undefined });
    expect(makings).toBe(2);
    expect(answers.counts.entries).toBe(0);
  });
});
