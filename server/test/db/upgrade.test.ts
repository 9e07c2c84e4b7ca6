import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { buildApp, loadConfig, openDatabase } from '../../src/app';
import { backupCommand } from '../../src/cli/backup';
import { restoreCommand } from '../../src/cli/restore';
import { upgradeConfirmCommand } from '../../src/cli/upgrade-confirm';
import { createPgliteDb, createPostgresDb, type Db } from '../../src/db/database';
import { acquireDataDirLock } from '../../src/db/lock';
import { migrate, readMigrations } from '../../src/db/migrate';
import { describeUpgrade } from '../../src/db/upgrade';
import {
  Browser,
  PASSWORD,
  createTestDatabase,
  fixtureHash,
  usingPostgres,
  type TestDatabase,
} from '../helper';

/**
 * Issue 25, item 6: an upgrade from the previous release — the one that kept uploaded files in UPLOADS_DIR
 * (before migration 011 moved them into the database) — with UPLOADS_DIR outside the data folder, then the
 * way back to it from the pre-migration backup with every file still where that release reads it, then the
 * operator's confirmation that removes them. On both databases.
 */
jest.setTimeout(600_000);

const STORED_FILES = readMigrations().find((m) => m.name === 'stored_files')?.version as number;
const PREVIOUS = readMigrations().filter((m) => m.version < STORED_FILES);
const NEWER = readMigrations().filter((m) => m.version >= STORED_FILES);
const at = new Date('2026-03-01T09:00:00Z');

let tdb: TestDatabase;
let env: Record<string, string>;
let outside: string;
let uploadsDir: string;
let backupDir: string;
const schemas: string[] = [];

beforeAll(async () => {
  tdb = await createTestDatabase();
  outside = mkdtempSync(path.join(os.tmpdir(), 'loupe-upgrade-'));
  uploadsDir = path.join(outside, 'uploads');
  backupDir = path.join(outside, 'backups');
  env = {
    ...tdb.env,
    UPLOADS_DIR: uploadsDir,
    BACKUP_DIR: backupDir,
    LOUPE_BACKUP_KEY: Buffer.alloc(32, 13).toString('base64'),
    LOUPE_AUDIT_KEY: Buffer.alloc(32, 15).toString('base64'),
    AUDIT_CHECKPOINT_LOG: path.join(outside, 'audit-checkpoints.jsonl'),
  };
});
afterAll(async () => {
  await tdb?.dispose();
  if (schemas.length > 0) {
    const client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  }
  rmSync(outside, { recursive: true, force: true });
});

async function run(command: typeof backupCommand, args: string[], withEnv: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await command(args, withEnv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** The database as configured, opened as the previous release would: no migration, no move. */
async function openRaw(withEnv: Record<string, string>): Promise<Db> {
  const config = loadConfig(withEnv);
  if (config.databaseUrl) return createPostgresDb(config.databaseUrl);
  return createPgliteDb(config.dataDir, await acquireDataDirLock(config.dataDir));
}

interface OldFile {
  kind: 'kyc' | 'items';
  key: string;
  bytes: Buffer;
  url: string;
}

/** The shop as the previous release left it: a platinum member, a client's passport, an item's photograph. */
async function previousRelease(): Promise<OldFile[]> {
  const db = await openRaw(env);
  try {
    await migrate(db, PREVIOUS);
    const [user] = await db.query<{ id: number }>(
      `INSERT INTO users (username, password_hash, first_name, date_joined)
       VALUES ('paloma', $1, 'Paloma', $2) RETURNING id`,
      [await fixtureHash(), at],
    );
    const [shop] = await db.query<{ id: number }>(
      "INSERT INTO shops (name, created_at) VALUES ('Loupe Demo', $1) RETURNING id",
      [at],
    );
    await db.query(
      `INSERT INTO memberships (shop_id, user_id, role, active, created_at, updated_at)
       VALUES ($1, $2, 'platinum', true, $3, $3)`,
      [shop?.id, user?.id, at],
    );
    const [client] = await db.query<{ id: number }>(
      `INSERT INTO clients (shop_id, name, email, created_at, updated_at)
       VALUES ($1, 'Ada Lovelace', 'ada@example.com', $2, $2) RETURNING id`,
      [shop?.id, at],
    );
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(600 * 1024)]);
    const docKey = randomBytes(24).toString('hex');
    const [doc] = await db.query<{ id: number }>(
      `INSERT INTO client_documents (shop_id, client_id, storage_key, original_name, content_type, size_bytes, sha256, created_at)
       VALUES ($1, $2, $3, 'passport.pdf', 'application/pdf', $4, $5, $6) RETURNING id`,
      [shop?.id, client?.id, docKey, pdf.length, createHash('sha256').update(pdf).digest('hex'), at],
    );
    const [item] = await db.query<{ id: number }>(
      `INSERT INTO items (shop_id, serial, stock_type, purchased_on, created_at, updated_at)
       VALUES ($1, 'S-1001', 'Watches', '2026-02-01', $2, $2) RETURNING id`,
      [shop?.id, at],
    );
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(3000)]);
    const imageKey = randomBytes(24).toString('hex');
    const [image] = await db.query<{ id: number }>(
      `INSERT INTO item_images (shop_id, item_id, storage_key, original_name, content_type, size_bytes, created_at)
       VALUES ($1, $2, $3, 'dial.png', 'image/png', $4, $5) RETURNING id`,
      [shop?.id, item?.id, imageKey, png.length, at],
    );
    const files: OldFile[] = [
      { kind: 'kyc', key: docKey, bytes: pdf, url: `/api/clients/${client?.id}/kyc/${doc?.id}/` },
      { kind: 'items', key: imageKey, bytes: png, url: `/api/items/${item?.id}/images/${image?.id}/` },
    ];
    for (const file of files) {
      mkdirSync(path.join(uploadsDir, file.kind), { recursive: true });
      writeFileSync(path.join(uploadsDir, file.kind, file.key), file.bytes, { mode: 0o600 });
    }
    return files;
  } finally {
    await db.close();
  }
}

/** What the previous release serves: each row's file, read from UPLOADS_DIR/<kind>/<storage_key>. */
async function servedByPreviousRelease(db: Db): Promise<Map<string, Buffer | null>> {
  const served = new Map<string, Buffer | null>();
  for (const [kind, table] of [
    ['kyc', 'client_documents'],
    ['items', 'item_images'],
  ] as const) {
    for (const { key } of await db.query<{ key: string }>(`SELECT storage_key AS key FROM ${table}`)) {
      const file = path.join(uploadsDir, kind, key);
      served.set(key, existsSync(file) ? readFileSync(file) : null);
    }
  }
  return served;
}

/** Every file downloaded through the upgraded API, signed in as the shop's platinum member. */
async function servedByThisRelease(files: OldFile[]): Promise<Buffer[]> {
  const db = await openDatabase(loadConfig(env));
  const app = await buildApp({ db, config: loadConfig(env), logger: false });
  try {
    const browser = new Browser(app);
    await browser.signIn('paloma', PASSWORD);
    const bodies: Buffer[] = [];
    for (const file of files) {
      const response = await browser.get(file.url);
      // The answer's body is in the message when it is not 200: a failure says why.
      expect(`${file.url} ${response.statusCode} ${response.statusCode === 200 ? '' : response.body}`).toBe(
        `${file.url} 200 `,
      );
      bodies.push(response.rawPayload);
    }
    return bodies;
  } finally {
    await app.close();
    await db.close();
  }
}

describe('an upgrade from the previous release, and the way back', () => {
  it('logs what it did, keeps the files for going back, goes back from the backup with every file, and removes them once confirmed', async () => {
    const files = await previousRelease();
    const total = files.reduce((sum, f) => sum + f.bytes.length, 0);

    // PostgreSQL: Loupe takes no backup by itself; the operator takes one as the advice says (npm run backup).
    let handMade: string | null = null;
    if (usingPostgres) {
      handMade = path.join(outside, 'before-upgrade.tar.gz.enc');
      const taken = await run(backupCommand, ['--output', handMade], env);
      expect(taken.err).toBe('');
      expect(taken.code).toBe(0);
    }

    // The upgrade: the first start of this release.
    const db = await openDatabase(loadConfig(env));
    const report = db.upgrade;
    await db.close();
    expect(report.upgraded).toBe(true);
    expect(report.migrations).toEqual(NEWER.map(({ version, name }) => ({ version, name })));
    expect(report.moved).toEqual({ count: 2, bytes: total, from: uploadsDir });
    expect(report.kept).toEqual({ count: 2, bytes: total, dir: uploadsDir });
    const lines = describeUpgrade(report);
    expect(lines[0]).toBe(
      `Upgrade: ran ${NEWER.length} migrations: ${NEWER.map((m) => `${String(m.version).padStart(3, '0')}_${m.name}`).join(', ')}`,
    );
    let preMigration: string;
    if (usingPostgres) {
      expect(report.backup).toEqual({ none: 'postgres' });
      expect(lines[1]).toMatch(/^Upgrade: no backup was taken before these migrations .*npm run backup/);
      preMigration = handMade as string;
    } else {
      expect(report.backup).toEqual({ file: expect.stringMatching(/-before-migration\.tar\.gz\.enc$/) });
      preMigration = (report.backup as { file: string }).file;
      expect(path.dirname(preMigration)).toBe(backupDir);
      expect(lines[1]).toBe(
        `Upgrade: the database from before these migrations was backed up to ${preMigration}; to go back to the ` +
          'previous release, stop this one and restore that file with its npm run restore into an empty DATA_DIR',
      );
    }
    expect(lines).toContain(
      `Upgrade: moved 2 uploaded files (${(total / 1024).toFixed(1)} KB) from ${uploadsDir} into the database (encrypted)`,
    );
    expect(lines.at(-1)).toMatch(
      new RegExp(
        `^Upgrade: 2 files \\(.* KB\\) the database now holds are still kept in ${uploadsDir}.*npm run upgrade:confirm`,
      ),
    );

    // This release serves every file from the database; the folder still holds them.
    const bodies = await servedByThisRelease(files);
    files.forEach((file, i) => expect(bodies[i]?.equals(file.bytes)).toBe(true));
    for (const file of files) {
      expect(readFileSync(path.join(uploadsDir, file.kind, file.key)).equals(file.bytes)).toBe(true);
    }

    // A second start has nothing to migrate or move, and still says the files are kept.
    const again = await openDatabase(loadConfig(env));
    expect(again.upgrade.migrations).toEqual([]);
    expect(again.upgrade.moved).toEqual({ count: 0, bytes: 0, from: uploadsDir });
    expect(describeUpgrade(again.upgrade)).toEqual([
      expect.stringMatching(/^Upgrade: 2 files .* still kept in /),
    ]);
    // Confirming while a server holds the embedded database is refused; nothing is removed.
    if (!usingPostgres) {
      const busy = await run(upgradeConfirmCommand, [], env);
      expect(busy.code).toBe(1);
      expect(busy.err).toMatch(
        /^Refusing to confirm the upgrade: .*\nStop the server, run npm run upgrade:confirm/,
      );
    }
    await again.close();

    // Going back: the pre-migration backup restored into an empty database for the previous release.
    // PostgreSQL: the upgraded schema set aside, an empty one of the same name (the backup names its schema).
    let backEnv: Record<string, string>;
    const schema = usingPostgres
      ? new URL(env.DATABASE_URL as string).searchParams.get('options')?.split('=')[1]
      : null;
    const admin = async (sql: string) => {
      const client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    };
    if (schema) {
      schemas.push(`${schema}_upgraded`);
      await admin(`ALTER SCHEMA ${schema} RENAME TO ${schema}_upgraded; CREATE SCHEMA ${schema}`);
      backEnv = env;
    } else {
      backEnv = { ...env, DATA_DIR: path.join(outside, 'data-previous') };
    }
    const restored = await run(restoreCommand, [preMigration], backEnv);
    expect(restored.err).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.out).toContain(`schema version ${PREVIOUS.at(-1)?.version}`);
    const back = await openRaw(backEnv);
    try {
      const versions = await back.query<{ version: number }>(
        'SELECT version FROM schema_migrations ORDER BY version',
      );
      expect(versions.map((v) => Number(v.version))).toEqual(PREVIOUS.map((m) => m.version));
      const served = await servedByPreviousRelease(back);
      expect(served.size).toBe(files.length);
      for (const file of files) expect(served.get(file.key)?.equals(file.bytes)).toBe(true);
    } finally {
      await back.close();
    }

    // Refused against a database this release has not started on: nothing removed.
    const early = await run(upgradeConfirmCommand, [], backEnv);
    expect(early.code).toBe(1);
    expect(early.err).toMatch(
      /^Refusing to confirm the upgrade: the database has \d+ migration\(s\) still to run/,
    );
    expect(readdirSync(path.join(uploadsDir, 'kyc'))).toHaveLength(1);

    // On to the upgraded database again (PostgreSQL: its schema back in place).
    if (schema)
      await admin(`DROP SCHEMA ${schema} CASCADE; ALTER SCHEMA ${schema}_upgraded RENAME TO ${schema}`);

    // The operator confirms the upgrade: the files go, each once proved identical to the database's copy.
    const confirmed = await run(upgradeConfirmCommand, [], env);
    expect(confirmed.err).toBe('');
    expect(confirmed.code).toBe(0);
    expect(confirmed.out.split('\n')[0]).toBe(
      `Upgrade confirmed: removed 2 file(s) (${(total / 1024).toFixed(1)} KB) from ${uploadsDir}, each identical to its copy in the database:`,
    );
    for (const file of files) {
      expect(confirmed.out).toContain(`  ${file.kind}/${file.key} (`);
      expect(existsSync(path.join(uploadsDir, file.kind, file.key))).toBe(false);
    }
    const after = await servedByThisRelease(files);
    files.forEach((file, i) => expect(after[i]?.equals(file.bytes)).toBe(true));
    const last = await run(upgradeConfirmCommand, [], env);
    expect(last.out).toBe(
      `Upgrade confirmed: ${uploadsDir} holds no file the database also holds; nothing to remove.`,
    );
  });

  it('keeps a folder file whose bytes differ from the database’s copy, and says so', async () => {
    // The database of the first test, upgraded and confirmed: one more image as an old folder would hold it.
    const db = await openDatabase(loadConfig(env));
    try {
      const [image] = await db.query<{ key: string }>('SELECT storage_key AS key FROM item_images LIMIT 1');
      const key = image?.key as string;
      writeFileSync(path.join(uploadsDir, 'items', key), randomBytes(100));
    } finally {
      await db.close();
    }
    const result = await run(upgradeConfirmCommand, [], env);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(
      new RegExp(
        `^Kept 1 file\\(s\\) in ${uploadsDir}: the database's copy could not be proved identical.\n  items/[0-9a-f]+: the database holds different bytes$`,
      ),
    );
    expect(readdirSync(path.join(uploadsDir, 'items'))).toHaveLength(1);
  });
});
