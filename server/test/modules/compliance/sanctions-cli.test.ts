import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { sanctionsImportCommand } from '../../../src/cli/sanctions-import';
import { createTestDatabase, type TestDatabase } from '../../helper';

// `npm run sanctions:import -- FILE` (issue 25 item 2): the command as the operator runs it.
const FIXTURES = path.join(__dirname, '..', '..', 'fixtures');
let tdb: TestDatabase;

async function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await sanctionsImportCommand(args, tdb.env, {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** Reads with the database opened and closed around it, as between two commands. */
async function read<R extends object>(sql: string): Promise<R[]> {
  const db = await tdb.open();
  try {
    return await db.query<R>(sql);
  } finally {
    await db.close();
  }
}

beforeAll(async () => {
  // Migrated (on PGlite a copy of the run's migrated template: migrating is the test/db tests' subject).
  tdb = await createTestDatabase({ migrated: true });
  const db = await tdb.open();
  try {
    // A shop with two clients, one of whom the fixture list possibly names.
    const [shop] = await db.query<{ id: number }>(
      "INSERT INTO shops (name, created_at) VALUES ('Hart & Sons', now()) RETURNING id",
    );
    for (const name of ['Aleksandr Petrov', 'Anna Rossi'])
      await db.query(
        "INSERT INTO clients (shop_id, name, email, created_at, updated_at) VALUES ($1, $2, 'x@example.com', now(), now())",
        [shop?.id, name],
      );
  } finally {
    await db.close();
  }
});
afterAll(async () => {
  await tdb.dispose();
});

describe('sanctions:import', () => {
  it('imports the OFSI file, screens every client and says what it found', async () => {
    const res = await run([path.join(FIXTURES, 'sanctions-conlist.csv')]);
    expect(res.err).toBe('');
    expect(res.code).toBe(0);
    expect(res.out).toBe(
      'Imported the OFSI Consolidated List (Last Updated 01/10/2026) from sanctions-conlist.csv: 7 rows, ' +
        '4 designations, 10 names.\n' +
        'Screened 2 clients: 1 new possible match for the nominated officer to review.',
    );
    expect(
      await read<{ client_name: string; list_id: string }>(
        'SELECT client_name, list_id FROM sanctions_screenings ORDER BY id',
      ),
    ).toEqual([{ client_name: 'Aleksandr Petrov', list_id: '90001' }]);
  });

  it('imports the UK Sanctions List shape, replacing the list; the match is not raised twice', async () => {
    const res = await run([path.join(FIXTURES, 'sanctions-uk-sanctions-list.csv')]);
    expect(res.code).toBe(0);
    expect(res.out).toContain('Imported the UK Sanctions List (Report Date: 01-Oct-2026)');
    // Another list's reference for the same person is another listing: raised for the officer once more.
    expect(res.out).toContain('Screened 2 clients: 1 new possible match');
    expect(await read<{ n: number }>('SELECT count(*)::int AS n FROM sanctions_designations')).toEqual([
      { n: 2 },
    ]);
    const again = await run([path.join(FIXTURES, 'sanctions-uk-sanctions-list.csv')]);
    expect(again.out).toContain('Screened 2 clients: 0 new possible matches');
  });

  it('refuses a file that is not the list (exit 1), a missing file (1) and bad usage (2), changing nothing', async () => {
    const before = await read<{ n: number }>('SELECT count(*)::int AS n FROM sanctions_imports');
    const notList = await run([path.join(__dirname, 'sanctions-cli.test.ts')]);
    expect(notList.code).toBe(1);
    expect(notList.err).toMatch(
      /^Refusing to import sanctions-cli\.test\.ts: This is not the UK sanctions list/,
    );
    expect(notList.err).toContain('The list in force is unchanged.');
    const missing = await run([path.join(FIXTURES, 'no-such-file.csv')]);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('ENOENT');
    const usage = await run([]);
    expect(usage.code).toBe(2);
    expect(usage.err).toContain('usage: npm run sanctions:import -- FILE');
    expect(await read<{ n: number }>('SELECT count(*)::int AS n FROM sanctions_imports')).toEqual(before);
  });

  it('runs as npm run sanctions:import from the repository root', () => {
    const repoRoot = path.resolve(__dirname, '..', '..', '..', '..');
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    // Bad usage is decided before any database is opened: the arguments went through the two npm scripts.
    const res = spawnSync(npm, ['run', '--silent', 'sanctions:import', '--', 'a.csv', 'b.csv'], {
      cwd: repoRoot,
      env: { ...process.env, ...tdb.env },
      encoding: 'utf8',
      timeout: 180_000,
    });
    expect(res.stderr).toContain('Name one file to import.');
    expect(res.status).toBe(2);
  }, 200_000);
});
