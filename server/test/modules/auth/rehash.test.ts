import { MAX_CONCURRENT_HASHES, hashLoad, hashPassword } from '../../../src/modules/auth/password-hasher';
import { Browser, PASSWORD, legacyScryptHash, apiTestbed } from '../../helper';

const { state } = apiTestbed();

const TODAYS_HASH = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/;

const hashOf = async (username: string) =>
  (
    await state.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE username = $1', [
      username,
    ])
  )[0]?.password_hash;
const setHash = (username: string, hash: string) =>
  state.db.query('UPDATE users SET password_hash = $2 WHERE username = $1', [username, hash]);

async function signIn(username: string, password = PASSWORD) {
  const browser = new Browser(state.app);
  await browser.get('/csrf/');
  return { browser, res: await browser.post('/token/', { username, password }) };
}

describe('sign-in upgrades an older hash', () => {
  it('signs a scrypt user in and stores the same password as argon2id at today’s parameters', async () => {
    await setHash('gold', legacyScryptHash(PASSWORD));
    const { res } = await signIn('gold');
    expect(res.statusCode).toBe(200);
    const upgraded = await hashOf('gold');
    expect(upgraded).toMatch(TODAYS_HASH);

    // The new hash is the same password, and is not replaced again.
    expect((await signIn('gold')).res.statusCode).toBe(200);
    expect(await hashOf('gold')).toBe(upgraded);
    expect((await signIn('gold', 'not-the-password')).res.statusCode).toBe(400);
  });

  it('upgrades argon2id at weaker parameters too', async () => {
    await setHash('silver', await hashPassword(PASSWORD, { memoryCost: 4096, timeCost: 1, parallelism: 1 }));
    expect((await signIn('silver')).res.statusCode).toBe(200);
    expect(await hashOf('silver')).toMatch(TODAYS_HASH);
  });

  it('leaves the hash alone after a wrong password', async () => {
    const legacy = legacyScryptHash(PASSWORD);
    await setHash('gold', legacy);
    expect((await signIn('gold', 'not-the-password')).res.statusCode).toBe(400);
    expect(await hashOf('gold')).toBe(legacy);
  });

  it('ends no session and changes nothing else of the account', async () => {
    const { browser: earlier } = await signIn('gold');
    await setHash('gold', legacyScryptHash(PASSWORD));
    await state.db.query("UPDATE users SET must_change_password = true WHERE username = 'gold'");
    const { browser: later } = await signIn('gold');
    expect(await hashOf('gold')).toMatch(TODAYS_HASH);
    for (const browser of [earlier, later]) {
      expect((await browser.get('/api/profile/me/')).statusCode).toBe(200);
    }
    expect((await later.get('/auth-check/')).json()).toMatchObject({ must_change_password: true });
  });

  it('keeps every hash, rehash included, under the cap when scrypt users sign in together', async () => {
    const users = ['platinum', 'gold', 'silver', 'loner'];
    for (const username of users) await setHash(username, legacyScryptHash(PASSWORD));
    let peak = 0;
    let done = false;
    const signIns = Promise.all(users.map((username) => signIn(username))).finally(() => {
      done = true;
    });
    while (!done) {
      peak = Math.max(peak, hashLoad().running);
      await new Promise((resolve) => setImmediate(resolve));
    }
    for (const { res } of await signIns) expect(res.statusCode).toBe(200);
    expect(peak).toBe(MAX_CONCURRENT_HASHES);
    for (const username of users) expect(await hashOf(username)).toMatch(TODAYS_HASH);
  });
});
