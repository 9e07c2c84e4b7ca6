import {
  MAX_CONCURRENT_HASHES,
  hashLoad,
  hashPassword,
  verifyPassword,
} from '../../../src/modules/auth/password-hasher';

// Cheap parameters: the test is about the queue, not the cost.
const CHEAP = { N: 2 ** 10, r: 8, p: 1 };

describe('concurrent hashes', () => {
  it(`runs at most ${MAX_CONCURRENT_HASHES} at once and queues the rest`, async () => {
    const finished: number[] = [];
    const jobs = Array.from({ length: 6 }, (_, i) =>
      hashPassword(`password-${i}`, CHEAP).then((hash) => {
        finished.push(i);
        return hash;
      }),
    );
    expect(hashLoad()).toEqual({ running: MAX_CONCURRENT_HASHES, waiting: 6 - MAX_CONCURRENT_HASHES });
    const hashes = await Promise.all(jobs);
    expect(hashLoad()).toEqual({ running: 0, waiting: 0 });
    expect(finished).toHaveLength(6);
    // Queued hashes are still right.
    expect(await verifyPassword('password-5', hashes[5] as string)).toBe(true);
    expect(await verifyPassword('password-4', hashes[5] as string)).toBe(false);
  });

  it('frees the slot when a hash fails', async () => {
    // maxmem is derived from N; an absurd r makes scrypt refuse at once.
    await expect(hashPassword('x', { N: 2 ** 10, r: 2 ** 30, p: 1 })).rejects.toThrow();
    expect(hashLoad()).toEqual({ running: 0, waiting: 0 });
  });
});
