import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { gunzipSync } from 'node:zlib';
import path from 'node:path';
import { Client } from 'pg';
import * as tar from 'tar';
import type { ClientDocumentList, ClientList } from '@loupe/contracts';
import { buildApp, loadConfig, type LoupeDb } from '../../src/app';
import { backupCommand } from '../../src/cli/backup';
import { restoreCommand } from '../../src/cli/restore';
import type { Command } from '../../src/cli/command';
import { MANIFEST, createBackup, type Manifest } from '../../src/db/backup';
import { decryptArchive, encryptArchive } from '../../src/db/backup-key';
import { verifyChains } from '../../src/modules/audit/verify';
import { Browser, createTestDatabase, usingPostgres, type TestDatabase } from '../helper';
import { DEMO_TEMPLATE_AT } from '../support/demo-template';

jest.setTimeout(600_000);

let tdb: TestDatabase;
let work: string;
const BACKUP_KEY = Buffer.alloc(32, 11);
const OTHER_KEY = Buffer.alloc(32, 12);

/** The archive's gzipped tar, opened with the test's backup key into a folder of `work`. */
async function extract(archive: string, dir: string): Promise<void> {
  const plain = path.join(work, `plain-${path.basename(dir)}.tar.gz`);
  await decryptArchive(archive, plain, BACKUP_KEY, 'LOUPE_BACKUP_KEY');
  await tar.extract({ file: plain, cwd: dir });
}

/** Is the schema (PostgreSQL) or the data folder (embedded) still empty: nothing was restored into it? */
async function targetIsEmpty(): Promise<boolean> {
  if (!usingPostgres) {
    try {
      return (
        readdirSync(tdb.dataDir).filter((f) => !f.startsWith('.') && f !== 'postmaster.pid').length === 0
      );
    } catch {
      return true;
    }
  }
  const url = new URL(tdb.env.DATABASE_URL as string);
  const schema = (url.searchParams.get('options') as string).replace('-c search_path=', '');
  const client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1',
      [schema],
    );
    return rows[0]?.n === 0;
  } finally {
    await client.end();
  }
}

async function run(command: Command, args: string[], env: Record<string, string> = tdb.env) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await command(args, env, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** Every table of the schema, every row, in a stable order: what the drill compares, value for value. */
async function everything(db: LoupeDb): Promise<Record<string, unknown[]>> {
  const tables = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') ORDER BY c.relname`,
  );
  const all: Record<string, unknown[]> = {};
  for (const { name } of tables) {
    all[name] = await db.query(`SELECT * FROM "${name}" t ORDER BY t::text`);
  }
  return all;
}

/** Each KYC document's bytes, downloaded through the API as the owner would. */
async function kycFiles(db: LoupeDb): Promise<Map<number, Buffer>> {
  const app = await buildApp({ db, config: loadConfig(tdb.env), logger: false });
  try {
    const browser = new Browser(app);
    await browser.signIn('platinum');
    const files = new Map<number, Buffer>();
    const list = (await browser.get('/api/clients/?kyc=true&page_size=100')).json() as ClientList;
    for (const client of list.results) {
      const docs = (await browser.get(`/api/clients/${client.id}/kyc/`)).json() as ClientDocumentList;
      for (const doc of docs.results) {
        const response = await browser.get(`/api/clients/${client.id}/kyc/${doc.id}/`);
        expect(response.statusCode).toBe(200);
        files.set(doc.id, response.rawPayload);
      }
    }
    return files;
  } finally {
    await app.close();
  }
}

async function withSchema(sql: (schema: string) => string): Promise<void> {
  const url = new URL(tdb.env.DATABASE_URL as string);
  const schema = (url.searchParams.get('options') as string).replace('-c search_path=', '');
  const client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql(schema));
  } finally {
    await client.end();
  }
}

/** Throws the database away: the data folder (embedded) or every object of the schema (PostgreSQL). */
async function wipe(): Promise<void> {
  if (usingPostgres) await withSchema((s) => `DROP SCHEMA ${s} CASCADE; CREATE SCHEMA ${s}`);
  else rmSync(tdb.dataDir, { recursive: true, force: true });
}

/**
 * A wiped database migrated again, empty, as opening it would leave it: on the embedded database a copy of the
 * run's migrated template (test/jest/global-setup.ts) instead of migrating from nothing once more (seconds
 * each; migrating is the test/db tests' subject, not this file's). The wiped target that restore needs is wipe().
 */
async function migratedAfresh(): Promise<void> {
  await wipe();
  const template = process.env.LOUPE_TEST_MIGRATED_DIR;
  if (!usingPostgres && template) cpSync(template, tdb.dataDir, { recursive: true });
}

beforeAll(async () => {
  // On the embedded database, a copy of the run's demo shop when the run seeded one (test/support/demo-template.ts:
  // the same open at the same instant as the drill's own), instead of seeding it again (~20 s of CPU). On
  // PostgreSQL that copy is a database of its own, where this file's wipe works on a schema: it seeds its own.
  tdb = await createTestDatabase(
    usingPostgres ? { migrated: true } : { migrated: true, demo: DEMO_TEMPLATE_AT },
  );
  tdb.env.BACKUP_DIR = path.join(tdb.dataDir + '-backups');
  tdb.env.LOUPE_BACKUP_KEY = BACKUP_KEY.toString('base64');
  tdb.env.LOUPE_AUDIT_KEY = Buffer.alloc(32, 14).toString('base64');
  work = mkdtempSync(path.join(os.tmpdir(), 'loupe-drill-'));
  tdb.env.AUDIT_CHECKPOINT_LOG = path.join(work, 'audit-checkpoints.jsonl');
});
afterAll(async () => {
  await tdb.dispose();
  rmSync(work, { recursive: true, force: true });
  rmSync(tdb.env.BACKUP_DIR as string, { recursive: true, force: true });
});

describe('the restore drill: seed → backup → wipe → restore', () => {
  it('gives back every row of every table, every file byte for byte, and audit chains that verify', async () => {
    const db = await tdb.open({ demo: true }, () => DEMO_TEMPLATE_AT);
    // Seeded by this open, or by the one that made the copy of the run's demo shop.
    expect(tdb.demoSeeded ?? db.seeded).not.toBeNull();
    // Downloads and sign-ins are audited: the files are read first, so the tables compared are the backup's.
    const filesBefore = await kycFiles(db);
    const before = await everything(db);
    expect((await verifyChains(db)).broken).toBeNull();
    await db.close();

    const archive = path.join(work, 'drill.tar.gz.enc');
    let started = Date.now();
    const backup = await run(backupCommand, ['--output', archive]);
    const backupMs = Date.now() - started;
    expect(backup).toMatchObject({ code: 0, err: '' });
    expect(backup.out).toContain(`Backup written: ${archive}`);
    expect(backup.out).toContain('encrypted with the backup key from LOUPE_BACKUP_KEY');

    // Issue 25: no client's name or e-mail is readable in the archive's bytes (sealed with AES-256-GCM), while
    // the same archive opened with the key holds them (so the probe would find them if they were in clear).
    const sealed = readFileSync(archive);
    expect(sealed.subarray(0, 8).toString('latin1')).toBe('LOUPEBK1');
    const probe = await tdb.open();
    const people = await probe.query<{ email: string; name: string }>(
      "SELECT email, name FROM clients WHERE email <> '' ORDER BY id LIMIT 3",
    );
    await probe.close();
    expect(people.length).toBeGreaterThan(0);
    const opened = mkdtempSync(path.join(work, 'open-'));
    await extract(archive, opened);
    const member = readdirSync(opened).find((f) => f !== MANIFEST) as string;
    // PGlite's copy of its folder is uncompressed (the control: the e-mails are there once opened);
    // pg_dump's custom format compresses its data, so there the sealed bytes alone are searched.
    const inner = readFileSync(path.join(opened, member));
    expect(() => gunzipSync(sealed)).toThrow();
    for (const person of people) {
      expect(sealed.includes(Buffer.from(person.email))).toBe(false);
      expect(sealed.includes(Buffer.from(person.name))).toBe(false);
      if (!usingPostgres) expect(inner.includes(Buffer.from(person.email))).toBe(true);
    }

    // A wrong key is refused before anything is written into the (empty) target.
    await wipe();
    const wrong = await run(restoreCommand, [archive], {
      ...tdb.env,
      LOUPE_BACKUP_KEY: OTHER_KEY.toString('base64'),
    });
    expect(wrong.code).toBe(1);
    expect(wrong.err).toContain('was encrypted with another backup key');
    expect(wrong.err).toContain('LOUPE_BACKUP_KEY');
    expect(wrong.err).toContain('nothing was restored');
    expect(wrong.err).not.toContain(OTHER_KEY.toString('base64'));
    expect(await targetIsEmpty()).toBe(true);
    // The target must be empty: restoring over the live database is refused, and nothing is touched. Any
    // database is in the way (restore looks for any file in the data folder, any object in the schema): a
    // migrated one, not the demo shop seeded a second time (tens of seconds of CPU on the embedded database).
    await migratedAfresh();
    if (usingPostgres) await (await tdb.open()).close();
    const refused = await run(restoreCommand, [archive]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('Refusing to restore');
    expect(refused.err).toContain('is not empty');

    await wipe();
    started = Date.now();
    const restored = await run(restoreCommand, [archive]);
    const restoreMs = Date.now() - started;
    expect(restored).toMatchObject({ code: 0, err: '' });
    expect(restored.out).toContain("every table's rows and checksum match the manifest");

    const again = await tdb.open();
    try {
      const after = await everything(again);
      expect(Object.keys(after)).toEqual(Object.keys(before));
      for (const table of Object.keys(before))
        expect({ table, rows: after[table] }).toEqual({ table, rows: before[table] });
      const filesAfter = await kycFiles(again);
      expect([...filesAfter.keys()]).toEqual([...filesBefore.keys()]);
      for (const [id, bytes] of filesBefore) expect(filesAfter.get(id)?.equals(bytes)).toBe(true);
      const chains = await verifyChains(again);
      expect(chains.broken).toBeNull();
      expect(chains.entries).toBeGreaterThan(0);

      const rows = Object.values(after).reduce((n, t) => n + t.length, 0);
      const bytes = Buffer.byteLength(JSON.stringify(after));
      const fileBytes = [...filesAfter.values()].reduce((n, b) => n + b.length, 0);
      process.stdout.write(
        `restore drill (${usingPostgres ? 'PostgreSQL' : 'PGlite'}): ${Object.keys(after).length} tables, ${rows} rows ` +
          `(${bytes} bytes as JSON) and ${filesAfter.size} KYC files (${fileBytes} bytes) compared; ` +
          `audit ${chains.chains} chains, ${chains.entries} entries verify; archive ${statSync(archive).size} bytes, ` +
          `backup ${backupMs} ms, restore ${restoreMs} ms\n`,
      );
    } finally {
      await again.close();
    }
  });
});

describe('restore refuses what it cannot trust', () => {
  let archive: string;
  beforeAll(async () => {
    archive = path.join(work, 'small.tar.gz.enc');
    await migratedAfresh();
    const db = await tdb.open();
    await db.query(
      "INSERT INTO users (username, password_hash, first_name, date_joined) VALUES ('anna', 'x', 'Anna', now())",
    );
    await db.close();
    expect((await run(backupCommand, ['--output', archive])).code).toBe(0);
  });

  it('writes a manifest with versions, per-table rows and checksums, and the member checksum', async () => {
    const dir = mkdtempSync(path.join(work, 'x-'));
    await extract(archive, dir);
    const manifest = JSON.parse(readFileSync(path.join(dir, MANIFEST), 'utf8')) as Manifest;
    expect(manifest).toMatchObject({
      format: 1,
      loupeVersion: '0.1.0',
      database: usingPostgres ? 'postgres' : 'pglite',
    });
    expect(manifest.schemaVersion).toBe(Math.max(...manifest.migrations));
    expect(manifest.tables.users).toEqual({ rows: 1, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(manifest.tables.shops).toEqual({ rows: 0, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const [member, sums] = Object.entries(manifest.members)[0] as [string, { bytes: number; sha256: string }];
    const bytes = readFileSync(path.join(dir, member));
    expect(sums).toEqual({ bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
  });

  it('names the table whose rows do not match the manifest after restoring, exit 1', async () => {
    const dir = mkdtempSync(path.join(work, 'y-'));
    await extract(archive, dir);
    const manifest = JSON.parse(readFileSync(path.join(dir, MANIFEST), 'utf8')) as Manifest;
    manifest.tables.users = { rows: 2, sha256: manifest.tables.users?.sha256 as string };
    writeFileSync(path.join(dir, MANIFEST), JSON.stringify(manifest));
    const forgedTar = path.join(work, 'forged.tar');
    await tar.create({ file: forgedTar, cwd: dir }, [MANIFEST, ...Object.keys(manifest.members)]);
    const forged = `${forgedTar}.enc`;
    await encryptArchive(forgedTar, forged, BACKUP_KEY);
    await wipe();
    const res = await run(restoreCommand, [forged]);
    expect(res.code).toBe(1);
    expect(res.err).toContain("does not match the backup's manifest");
    expect(res.err).toContain('table users has 1 rows, the backup 2');
  });

  it('refuses a damaged archive before restoring anything', async () => {
    const dir = mkdtempSync(path.join(work, 'z-'));
    await extract(archive, dir);
    const manifest = JSON.parse(readFileSync(path.join(dir, MANIFEST), 'utf8')) as Manifest;
    const member = Object.keys(manifest.members)[0] as string;
    const bytes = readFileSync(path.join(dir, member));
    bytes[bytes.length >> 1] = (bytes[bytes.length >> 1] as number) ^ 0xff;
    writeFileSync(path.join(dir, member), bytes);
    const damagedTar = path.join(work, 'damaged.tar');
    await tar.create({ file: damagedTar, cwd: dir }, [MANIFEST, member]);
    const damaged = `${damagedTar}.enc`;
    await encryptArchive(damagedTar, damaged, BACKUP_KEY);
    await wipe();
    const res = await run(restoreCommand, [damaged]);
    expect(res).toMatchObject({ code: 1, out: '' });
    expect(res.err).toContain(`is damaged: the checksum of ${member} does not match its manifest`);
    const notTar = path.join(work, 'not-a-backup.tar');
    writeFileSync(notTar, 'hello');
    expect((await run(restoreCommand, [notTar])).code).toBe(1);
    expect((await run(restoreCommand, [])).code).toBe(2);
  });

  it('refuses a sealed archive altered or cut short, before restoring anything', async () => {
    const bytes = readFileSync(archive);
    const cut = path.join(work, 'cut.tar.gz.enc');
    writeFileSync(cut, bytes.subarray(0, bytes.length - 100));
    const flipped = Buffer.from(bytes);
    flipped[flipped.length - 40] = (flipped[flipped.length - 40] as number) ^ 1;
    const altered = path.join(work, 'altered.tar.gz.enc');
    writeFileSync(altered, flipped);
    await wipe();
    for (const file of [cut, altered]) {
      const res = await run(restoreCommand, [file]);
      expect(res).toMatchObject({ code: 1, out: '' });
      // A one-part archive altered fails its first part, which is also what another key does: both are named.
      expect(res.err).toContain('altered');
      expect(res.err).toContain('nothing was restored');
      expect(await targetIsEmpty()).toBe(true);
    }
  });

  it('restores an unencrypted archive of an earlier release only with --unencrypted', async () => {
    const old = path.join(work, 'old.tar.gz');
    await decryptArchive(archive, old, BACKUP_KEY, 'LOUPE_BACKUP_KEY');
    await wipe();
    const refused = await run(restoreCommand, [old]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('is an unencrypted backup');
    expect(refused.err).toContain('npm run restore -- --unencrypted FILE');
    expect(await targetIsEmpty()).toBe(true);
    const restored = await run(restoreCommand, ['--unencrypted', old]);
    expect(restored).toMatchObject({ code: 0, err: '' });
  });
});

describe('a backup of a database taking writes', () => {
  it('is one snapshot: copy and checksums agree, so it restores and verifies', async () => {
    await migratedAfresh();
    const db = await tdb.open();
    const archive = path.join(work, 'busy.tar.gz.enc');
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        await db.query("INSERT INTO users (username, password_hash, date_joined) VALUES ($1, 'x', now())", [
          `busy-${written}`,
        ]);
        written += 1;
        // PGlite answers in microtasks: without a turn of the event loop this loop would starve every timer.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    try {
      // Writes keep landing before, during and after the copy.
      while (written < 5) await new Promise((resolve) => setTimeout(resolve, 5));
      await createBackup(db, loadConfig(tdb.env), archive);
      const during = written;
      while (written < during + 5) await new Promise((resolve) => setTimeout(resolve, 5));
    } finally {
      writing = false;
      await writer;
      await db.close();
    }
    await wipe();
    const res = await run(restoreCommand, [archive]);
    expect(res).toMatchObject({ code: 0, err: '' });
    const again = await tdb.open();
    try {
      const [row] = await again.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM users WHERE username LIKE 'busy-%'",
      );
      expect(row?.n).toBeGreaterThanOrEqual(5);
      expect(row?.n).toBeLessThan(written);
    } finally {
      await again.close();
    }
  });
});
