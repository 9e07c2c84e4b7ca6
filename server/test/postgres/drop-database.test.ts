import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { usingPostgres } from '../helper';
import { dropDatabase } from '../support/drop-database';

// The server suite's teardown drops the demo shop's databases (test/jest/global-teardown.ts) through
// dropDatabase (test/support/drop-database.ts). DROP DATABASE … WITH (FORCE) refuses the test role when a process
// of another role is in the database (an autovacuum worker has none): the drop must wait for it to go, and fail
// when it never does. Here the other role is the application role .ci/run makes (TEST_APP_ROLE, loupe_app).
//
// PostgreSQL only: jest.config.js leaves test/postgres out of the embedded database's run, and this file fails
// loudly if asked to run without one.
if (!usingPostgres) {
  throw new Error('drop-database.test.ts runs on PostgreSQL only: set TEST_DATABASE_URL (see .ci/run).');
}

const base = process.env.TEST_DATABASE_URL as string;
const APP_ROLE = process.env.TEST_APP_ROLE ?? 'loupe_app';

/** One statement as the test role, on a connection of its own; its rows. */
async function run(sql: string, params: unknown[] = []): Promise<unknown[]> {
  const client = new Client({ connectionString: base });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** A session of the application role, in `database`. */
async function otherRoleIn(database: string): Promise<Client> {
  const url = new URL(base);
  url.username = APP_ROLE;
  url.password = APP_ROLE;
  url.pathname = `/${database}`;
  url.search = '';
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  // Ending it from the server (the test below drops the database after a failed try) is not an error here.
  client.on('error', () => undefined);
  return client;
}

const exists = async (database: string) =>
  (await run('SELECT 1 FROM pg_database WHERE datname = $1', [database])).length === 1;

let database: string;
beforeEach(async () => {
  database = `loupe_test_drop_${randomBytes(6).toString('hex')}`;
  await run(`CREATE DATABASE ${database}`);
});
afterEach(async () => {
  await run(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
});

test('a database with a session of the test role in it is dropped, the session ended', async () => {
  const url = new URL(base);
  url.pathname = `/${database}`;
  url.search = '';
  const mine = new Client({ connectionString: url.toString() });
  await mine.connect();
  mine.on('error', () => undefined);
  try {
    await dropDatabase(base, database);
    expect(await exists(database)).toBe(false);
  } finally {
    await mine.end().catch(() => undefined);
  }
});

test('a session the test role may not end is waited for, and the database dropped once it goes', async () => {
  const other = await otherRoleIn(database);
  // A bare WITH (FORCE) is refused, as it was at a CI run's teardown.
  await expect(run(`DROP DATABASE ${database} WITH (FORCE)`)).rejects.toMatchObject({ code: '42501' });
  const dropping = dropDatabase(base, database);
  await new Promise((resolve) => setTimeout(resolve, 600));
  expect(await exists(database)).toBe(true);
  await other.end();
  await dropping;
  expect(await exists(database)).toBe(false);
});

test('a session that never goes fails the drop, with PostgreSQL’s reason', async () => {
  const other = await otherRoleIn(database);
  try {
    await expect(dropDatabase(base, database, 2)).rejects.toMatchObject({ code: '42501' });
    expect(await exists(database)).toBe(true);
  } finally {
    await other.end();
  }
});
