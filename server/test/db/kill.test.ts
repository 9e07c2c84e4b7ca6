// Crash safety (issue 12, item 5): the real API process is killed with SIGKILL in the middle of writes from
// several clients, started again on the same data, and every write it answered 2xx must be there, value for
// value. On the embedded database this also proves the lock: the restart must not meet the dead process's lock.
import { createTestDatabase, seedFixtures, usingPostgres, type TestDatabase } from '../helper';
import { ensureServerBuilt, HttpStaff, startApiProcess, stopApiProcess } from '../support/api-process';

jest.setTimeout(300_000);

const CLIENTS = 4;
/** Acknowledged writes (all clients together) after which the process is killed, mid-loop. */
const KILL_AFTER = 80;

interface Write {
  id: number;
  name: string;
  amount: string;
}

let tdb: TestDatabase;

beforeAll(async () => {
  // The process runs dist/, what `npm run start:api` runs, brought up to date with the sources.
  ensureServerBuilt();
  // Already migrated (on PGlite a copy of the run's template): the subject is the kill, not migrating.
  tdb = await createTestDatabase({ migrated: true });
  const db = await tdb.open();
  await seedFixtures(db);
  await db.close();
});
afterAll(async () => {
  await tdb.dispose();
});

it(`keeps every write answered 2xx when the API is killed with SIGKILL mid-loop (${CLIENTS} clients)`, async () => {
  const env = { ...tdb.env, BACKUP_DIR: 'off' };
  const first = await startApiProcess(env);
  const acknowledged: Write[] = [];
  const attempted: string[] = [];
  let killed = false;

  const loop = async (client: number) => {
    const staff = new HttpStaff();
    await staff.signIn(first.base, client % 2 === 0 ? 'platinum' : 'gold');
    for (let n = 0; ; n += 1) {
      const name = `kill-test c${client} #${n}`;
      const amount = `${client + 1}${n}.${String(n % 100).padStart(2, '0')}`;
      attempted.push(name);
      let response: Awaited<ReturnType<HttpStaff['send']>>;
      try {
        response = await staff.send(first.base, 'POST', '/api/expenses/', { name, amount });
      } catch {
        return; // The process is gone: this write was never answered.
      }
      if (response.status !== 201) {
        // Stops the other clients too: the test fails on this answer, not on a loop that never ends.
        first.child.kill('SIGKILL');
        throw new Error(`expense ${name}: ${response.status} ${response.body.toString()}`);
      }
      const body = response.json<{ id: number }>();
      acknowledged.push({ id: body.id, name, amount });
      if (acknowledged.length >= KILL_AFTER && !killed) {
        killed = true;
        first.child.kill('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, (_, i) => loop(i)));
  await stopApiProcess(first, 'SIGKILL');
  expect(first.child.signalCode).toBe('SIGKILL');
  expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);

  // Started again at once, on the same data: no stale lock, and it takes writes.
  const second = await startApiProcess(env);
  const staff = new HttpStaff();
  await staff.signIn(second.base, 'platinum');
  expect(
    (await staff.send(second.base, 'POST', '/api/expenses/', { name: 'after the crash', amount: '1.00' }))
      .status,
  ).toBe(201);
  await stopApiProcess(second, 'SIGTERM');

  const db = await tdb.open();
  try {
    const rows = await db.query<{ id: number; name: string; amount: string }>(
      "SELECT id::int AS id, name, amount::text AS amount FROM expenses WHERE name LIKE 'kill-test %' ORDER BY id",
    );
    const found = new Map(rows.map((r) => [r.id, r]));
    const missing = acknowledged.filter((w) => {
      const row = found.get(w.id);
      return !row || row.name !== w.name || Number(row.amount) !== Number(w.amount);
    });
    expect(missing).toEqual([]);
    // Each write is one transaction: an unanswered one is either wholly there or absent, never half.
    expect(rows.every((r) => attempted.includes(r.name))).toBe(true);
    process.stdout.write(
      `kill test (${usingPostgres ? 'PostgreSQL' : 'PGlite'}): ${attempted.length} writes sent by ${CLIENTS} clients, ` +
        `${acknowledged.length} answered 201, ${acknowledged.length - missing.length} of them found after SIGKILL ` +
        `and restart; ${rows.length - acknowledged.length} unanswered writes also landed\n`,
    );
  } finally {
    await db.close();
  }
});
