import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type LoupeDb } from '../../src/app';
import { backupCommand } from '../../src/cli/backup';
import { restoreCommand } from '../../src/cli/restore';
import { AUTO_PREFIX, KEEP_AUTOMATIC, automaticBackup, automaticBackups } from '../../src/db/backup';
import { DAY_MS, scheduleDailyBackups } from '../../src/db/backup-schedule';
import { createPgliteDb, createPostgresDb } from '../../src/db/database';
import { acquireDataDirLock } from '../../src/db/lock';
import { migrate, readMigrations } from '../../src/db/migrate';
import { createTestDatabase, recordingLog as log, usingPostgres, type TestDatabase } from '../helper';

jest.setTimeout(300_000);

let tdb: TestDatabase;
let backups: string;

beforeAll(async () => {
  tdb = await createTestDatabase();
  backups = `${tdb.dataDir}-backups`;
  tdb.env.BACKUP_DIR = backups;
  // A fixed backup key: nothing is generated beside the temporary data folder.
  tdb.env.LOUPE_BACKUP_KEY = Buffer.alloc(32, 13).toString('base64');
  tdb.env.LOUPE_AUDIT_KEY = Buffer.alloc(32, 15).toString('base64');
  tdb.env.AUDIT_CHECKPOINT_LOG = `${backups}-audit-checkpoints.jsonl`;
});
afterAll(async () => {
  await tdb.dispose();
  rmSync(backups, { recursive: true, force: true });
  rmSync(tdb.env.AUDIT_CHECKPOINT_LOG as string, { force: true });
});

async function run(command: typeof backupCommand, args: string[], env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await command(args, env, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('automatic backups', () => {
  it('copies a database that has pending migrations before migrating it (embedded only), none of an empty one', async () => {
    const all = readMigrations();
    const older = all.slice(0, -1);
    // A database as the previous release left it: every migration but the newest, and one user.
    const config = loadConfig(tdb.env);
    const old = config.databaseUrl
      ? createPostgresDb(config.databaseUrl)
      : createPgliteDb(tdb.dataDir, await acquireDataDirLock(tdb.dataDir));
    await migrate(old, older);
    await old.query(
      "INSERT INTO users (username, password_hash, first_name, date_joined) VALUES ('vera', 'x', 'Vera', now())",
    );
    await old.close();

    const db = await tdb.open();
    const versions = await db.query<{ version: number }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    );
    expect(versions.map((v) => v.version)).toEqual(all.map((m) => m.version));
    await db.close();
    const taken = await automaticBackups(backups);
    if (usingPostgres) {
      // PostgreSQL is backed up by its own tools; Loupe takes no automatic copies of it.
      expect(taken).toEqual([]);
      return;
    }
    expect(taken).toHaveLength(1);
    expect(taken[0]).toMatch(/^loupe-auto-.*-before-migration\.tar\.gz\.enc$/);

    // The copy is the database from before the migration: it restores, at the older schema version.
    const elsewhere = path.join(tdb.dataDir + '-restored');
    try {
      const res = await run(restoreCommand, [path.join(backups, taken[0] as string)], {
        ...tdb.env,
        DATA_DIR: elsewhere,
      });
      expect(res.code).toBe(0);
      expect(res.out).toContain(`schema version ${older.at(-1)?.version}`);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }

    // Opening again, nothing pending: no new copy.
    await (await tdb.open()).close();
    expect(await automaticBackups(backups)).toHaveLength(1);
  });

  // The next two take their backups of one open database, as a running server does (each open of the embedded
  // database costs about a second of CPU; opening is the first test's subject).
  describe('of an open database', () => {
    let db: LoupeDb;
    beforeAll(async () => {
      db = await tdb.open();
    });
    afterAll(async () => {
      await db?.close();
    });

    it('keeps the last 14 automatic backups and never touches hand-made ones', async () => {
      const dir = path.join(tdb.dataDir + '-keep');
      mkdirSync(dir, { recursive: true });
      try {
        for (let day = 1; day <= 20; day += 1) {
          writeFileSync(
            path.join(
              dir,
              `${AUTO_PREFIX}2026-01-${String(day).padStart(2, '0')}T03-00-00-000Z-daily.tar.gz`,
            ),
            '',
          );
        }
        writeFileSync(path.join(dir, 'loupe-backup-by-hand.tar.gz'), '');
        await automaticBackup(db, loadConfig(tdb.env), dir, 'daily', new Date('2026-02-01T03:00:00Z'));
        const left = readdirSync(dir).sort();
        expect(left.filter((f) => f.startsWith(AUTO_PREFIX))).toHaveLength(KEEP_AUTOMATIC);
        expect(left).toContain('loupe-backup-by-hand.tar.gz');
        expect(left).toContain(`${AUTO_PREFIX}2026-02-01T03-00-00-000Z-daily.tar.gz.enc`);
        expect(left).not.toContain(`${AUTO_PREFIX}2026-01-07T03-00-00-000Z-daily.tar.gz`);
        expect(left).toContain(`${AUTO_PREFIX}2026-01-08T03-00-00-000Z-daily.tar.gz`);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('takes a daily backup at start when the newest is a day old, and none when it is recent', async () => {
      const dir = path.join(tdb.dataDir + '-daily');
      mkdirSync(dir, { recursive: true });
      try {
        const config = { ...loadConfig(tdb.env), backupDir: dir };
        const recent = path.join(dir, `${AUTO_PREFIX}2026-01-01T00-00-00-000Z-daily.tar.gz`);
        writeFileSync(recent, '');
        const fresh = log();
        const stopFresh = scheduleDailyBackups(db, config, fresh);
        await stopFresh.checked;
        stopFresh();
        expect(await automaticBackups(dir)).toHaveLength(1);
        expect(fresh.lines).toEqual([]);

        const old = new Date(Date.now() - DAY_MS - 60_000);
        utimesSync(recent, old, old);
        const due = log();
        const stopDue = scheduleDailyBackups(db, config, due);
        await stopDue.checked;
        stopDue();
        if (usingPostgres) {
          expect(await automaticBackups(dir)).toHaveLength(1);
        } else {
          expect(await automaticBackups(dir)).toHaveLength(2);
          expect(due.lines).toEqual([
            expect.stringMatching(/^Automatic backup .*-daily\.tar\.gz\.enc \(\d+ bytes, \d+ ms\)$/),
          ]);
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});

describe('npm run backup', () => {
  it('refuses while a running server holds the embedded database, pointing at its automatic backups', async () => {
    // Another embedded data folder, held by this process with the lock a running server holds on it (openDatabase
    // takes it first: test/db/open.test.ts). The command is refused at its own lock, before opening anything, so
    // no database is opened for the server (on PostgreSQL runs that was one migrated from nothing). That opening
    // a database with nothing to migrate takes no copy is the first test's last check.
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'loupe-held-'));
    const env = { ...tdb.env, DATA_DIR: dataDir };
    delete (env as Record<string, string | undefined>).DATABASE_URL;
    const release = await acquireDataDirLock(dataDir);
    try {
      const res = await run(backupCommand, [], env);
      expect(res.code).toBe(1);
      expect(res.err).toContain(
        `Refusing to back up: The embedded database in ${env.DATA_DIR} is in use by process ${process.pid}`,
      );
      expect(res.err).toContain(
        `A running server backs the embedded database up itself, daily and before each migration, into ${backups}`,
      );
    } finally {
      release();
      rmSync(dataDir, { recursive: true, force: true });
    }
    const usage = await run(backupCommand, ['--nope'], env);
    expect(usage.code).toBe(2);
  });
});
