// The session cache on PostgreSQL (issue 26, goal 1): it is kept only while this process hears other
// instances' session changes (LISTEN). A dropped listening connection may have missed a sign-out, so the cache
// is emptied and bypassed until the connection is back, and emptied again then.
//
// PostgreSQL only (the embedded database has no second process to miss anything from): jest.config.js leaves
// test/instances out of the PGlite run; this file throws if started without TEST_DATABASE_URL.
import { listenerName } from '../../src/db/database';
import { SESSION_CHANGES_CHANNEL } from '../../src/modules/auth/sessions';
import { Browser, apiTestbed, usingPostgres } from '../helper';

if (!usingPostgres) {
  throw new Error('session-listener.test.ts runs on PostgreSQL only: set TEST_DATABASE_URL (see .ci/run).');
}

const { state } = apiTestbed({ clock: true });

/** This process's listening connections (other test files run in other processes, with other names). */
const listeners = async () =>
  (
    await state.db.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND state IS NOT NULL',
      [listenerName(SESSION_CHANGES_CHANNEL)],
    )
  ).map((row) => row.pid);

async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('the session cache and its listening connection', () => {
  it('listens on a connection of its own, named for this process', async () => {
    const browser = new Browser(state.app);
    await browser.signIn('gold');
    expect((await browser.get('/api/profile/me/')).statusCode).toBe(200);
    expect(await listeners()).toHaveLength(1);
  });

  it('forgets what it kept when the connection drops, and after it is back', async () => {
    const browser = new Browser(state.app);
    await browser.signIn('gold');
    expect((await browser.get('/api/profile/me/')).statusCode).toBe(200);
    // Kept: a deletion nobody announced is not seen (the clock stands still, so nothing expires).
    const goldSessions = 'DELETE FROM sessions WHERE user_id = $1';
    const silverSignedIn = new Browser(state.app);
    await silverSignedIn.signIn('silver');
    expect((await silverSignedIn.get('/api/profile/me/')).statusCode).toBe(200);
    await state.db.query(goldSessions, [state.fx.ids.gold]);
    expect((await browser.get('/api/profile/me/')).statusCode).toBe(200);

    const [pid] = await listeners();
    await state.db.query('SELECT pg_terminate_backend($1)', [pid]);
    // While it is away a sign-out elsewhere would go unheard: silver's row goes the same unannounced way...
    await state.db.query(goldSessions, [state.fx.ids.silver]);
    await until('the listener to reconnect', async () => {
      const now = await listeners();
      return now.length === 1 && now[0] !== pid;
    });
    // ...and neither copy is trusted any longer.
    expect((await browser.get('/api/profile/me/')).statusCode).toBe(401);
    expect((await silverSignedIn.get('/api/profile/me/')).statusCode).toBe(401);
  });
});
