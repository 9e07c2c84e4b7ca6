import { randomBytes } from 'node:crypto';
import { hash as argon2, argon2i, argon2id } from 'argon2';
import {
  DEFAULT_PARAMS,
  MAX_CONCURRENT_HASHES,
  burnPasswordCheck,
  hashLoad,
  hashPassword,
  needsRehash,
  verifyPassword,
} from '../../../src/modules/auth/password-hasher';
import { legacyScryptHash } from '../../helper';

// Cheap parameters: the queue tests are about the queue, not the cost.
const CHEAP = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

describe('argon2id hashes', () => {
  it('are written at OWASP’s parameters in the PHC format, salted, and verify', async () => {
    const one = await hashPassword('tourbillon-1926');
    const two = await hashPassword('tourbillon-1926');
    expect(one).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(one).not.toBe(two);
    expect(await verifyPassword('tourbillon-1926', one)).toBe(true);
    expect(await verifyPassword('tourbillon-1927', one)).toBe(false);
    expect(needsRehash(one)).toBe(false);
  });

  it('read the same as the argon2 library’s own encoding of the same salt and password', async () => {
    // The library orders the parameters m,p,t; ours follow libargon2's m,t,p: both must verify.
    const salt = randomBytes(16);
    const theirs = await argon2('tourbillon-1926', { type: argon2id, ...DEFAULT_PARAMS, salt });
    expect(theirs).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await verifyPassword('tourbillon-1926', theirs)).toBe(true);
    expect(await verifyPassword('tourbillon-1927', theirs)).toBe(false);
    expect(needsRehash(theirs)).toBe(false);
  });

  it('treat composed and decomposed accents as the same password', async () => {
    const encoded = await hashPassword('Gen\u00e8ve-manufacture', CHEAP);
    expect(await verifyPassword('Gene\u0300ve-manufacture', encoded)).toBe(true);
  });

  it('refuse what is not a hash of ours', async () => {
    for (const bogus of [
      '',
      'pbkdf2_sha256$1$x$y',
      '$argon2id$v=19$m=19456,t=2$c2FsdHNhbHRzYWx0$aGFzaA',
      '$argon2id$v=16$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2g',
      '$argon2id$v=19$m=99999999999,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2g',
    ]) {
      expect(await verifyPassword('anything-at-all', bogus)).toBe(false);
    }
  });
});

describe('older hashes', () => {
  it('scrypt hashes still verify and ask to be rehashed', async () => {
    const legacy = legacyScryptHash('tourbillon-1926');
    expect(await verifyPassword('tourbillon-1926', legacy)).toBe(true);
    expect(await verifyPassword('tourbillon-1927', legacy)).toBe(false);
    expect(needsRehash(legacy)).toBe(true);
  });

  it('weaker argon2 parameters or another variant ask to be rehashed; stronger ones do not', async () => {
    expect(needsRehash(await hashPassword('x', CHEAP))).toBe(true);
    expect(needsRehash(await hashPassword('x', { ...DEFAULT_PARAMS, timeCost: 1 }))).toBe(true);
    expect(needsRehash(await hashPassword('x', { ...DEFAULT_PARAMS, memoryCost: 19455 }))).toBe(true);
    expect(needsRehash(await hashPassword('x', { ...DEFAULT_PARAMS, timeCost: 3 }))).toBe(false);
    const argon2iHash = await argon2('x', { type: argon2i, ...DEFAULT_PARAMS });
    expect(needsRehash(argon2iHash)).toBe(true);
    expect(await verifyPassword('x', argon2iHash)).toBe(false);
  });
});

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

  it('puts verifications of both kinds and the unknown-user check under the same cap', async () => {
    const argon = await hashPassword('right-password', CHEAP);
    const scrypt = legacyScryptHash('right-password');
    await burnPasswordCheck('warm-up'); // the dummy hash is made once
    const checks = [
      verifyPassword('right-password', argon),
      verifyPassword('right-password', scrypt),
      burnPasswordCheck('wrong'),
      verifyPassword('wrong', argon),
    ];
    // burnPasswordCheck first awaits its dummy hash: a few microtasks, while a native hash can only finish in a
    // later turn of the event loop.
    for (let tick = 0; tick < 5; tick += 1) await Promise.resolve();
    expect(hashLoad()).toEqual({ running: MAX_CONCURRENT_HASHES, waiting: 4 - MAX_CONCURRENT_HASHES });
    expect(await Promise.all(checks)).toEqual([true, true, undefined, false]);
    expect(hashLoad()).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot when a hash fails', async () => {
    // argon2 refuses less than 8 KiB per lane at once.
    await expect(hashPassword('x', { memoryCost: 1, timeCost: 1, parallelism: 1 })).rejects.toThrow();
    expect(hashLoad()).toEqual({ running: 0, waiting: 0 });
  });
});
