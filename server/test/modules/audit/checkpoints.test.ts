import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { auditVerifyCommand, reportChains } from '../../../src/cli/audit-verify';
import { loadConfig } from '../../../src/config';
import { createBackup } from '../../../src/db/backup';
import { AuditRepository } from '../../../src/modules/audit/audit-repository';
import { chainHeads, writeCheckpoint, type Checkpoint } from '../../../src/db/audit-checkpoints';
import type { LoupeDb } from '../../../src/open-database';
import { createTestDatabase, type TestDatabase } from '../../helper';

// Issue 25, item 4: the chains' heads signed (Ed25519, a key outside the database) into a log outside the
// database; audit:verify checks the chains against the latest one. Before: deleting the last rows of a chain
// passed ("All 1 chains verify").

jest.setTimeout(300_000);

let tdb: TestDatabase;
let work: string;
let log: string;
const AUDIT_KEY = Buffer.alloc(32, 31).toString('base64');

async function run(args: string[], env = tdb.env) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await auditVerifyCommand(args, env, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** Writes `n` entries to the system chain. */
async function recordWith(db: LoupeDb, n: number): Promise<void> {
  const audit = new AuditRepository(db);
  for (let i = 0; i < n; i += 1) {
    await audit.record({
      shopId: null,
      userId: null,
      entity: 'session',
      entityId: null,
      action: 'sign_in_failed',
      after: { username: `u${i}` },
      at: new Date(),
    });
  }
}

/** As the table owner with the append-only trigger lifted: what someone tampering by hand would do. */
async function tamperWith(db: LoupeDb, sql: string): Promise<void> {
  await db.transaction((tx) =>
    tx.exec(`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change; ${sql};
             ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_change`),
  );
}

/** The same with the database opened and closed around it, as between two commands. */
async function opened(work: (db: LoupeDb) => Promise<void>): Promise<void> {
  const db = await tdb.open();
  try {
    await work(db);
  } finally {
    await db.close();
  }
}
const record = (n: number) => opened((db) => recordWith(db, n));
const tamper = (sql: string) => opened((db) => tamperWith(db, sql));

beforeEach(async () => {
  // A copy of the run's migrated folder (migrating is test/db's subject): each test tampers with a fresh chain.
  tdb = await createTestDatabase({ migrated: true });
  work = mkdtempSync(path.join(os.tmpdir(), 'loupe-checkpoints-'));
  log = path.join(work, 'audit-checkpoints.jsonl');
  tdb.env.LOUPE_AUDIT_KEY = AUDIT_KEY;
  tdb.env.AUDIT_CHECKPOINT_LOG = log;
  tdb.env.LOUPE_BACKUP_KEY = Buffer.alloc(32, 32).toString('base64');
  await record(5);
});
afterEach(async () => {
  await tdb.dispose();
  rmSync(work, { recursive: true, force: true });
});

it('detects a chain cut short at its end after a checkpoint (tail truncation)', async () => {
  expect(await run([])).toMatchObject({ code: 0, out: expect.stringContaining('no checkpoint in') });
  const written = await run(['--checkpoint']);
  expect(written.code).toBe(0);
  expect(written.out).toContain(`Checkpoint of 1 chains appended to ${log}`);
  expect(await run([])).toMatchObject({
    code: 0,
    out: expect.stringMatching(
      /^All 1 chains verify \(5 entries\), and each reaches the signed checkpoint of /,
    ),
  });

  await tamper('DELETE FROM audit_log WHERE shop_id IS NULL AND seq > 3');
  const res = await run([]);
  process.stdout.write(`audit:verify after deleting the last 2 entries (exit ${res.code}):\n${res.err}\n`);
  expect(res.code).toBe(1);
  expect(res.err).toContain(
    'All 1 chains verify (3 entries) as far as they go, but not against the signed checkpoint',
  );
  expect(res.err).toContain('the system chain was cut short: the checkpoint of');
  expect(res.err).toContain('records seq 5, but the chain ends at seq 3 (2 entries deleted from its end)');
  // No new checkpoint blesses the truncation.
  const again = await run(['--checkpoint']);
  expect(again.code).toBe(1);
  expect(readFileSync(log, 'utf8').trim().split('\n')).toHaveLength(1);
});

/**
 * What `audit:verify` runs once it has opened the database (reportChains, and writeCheckpoint for
 * `--checkpoint`), on a database held open for a whole test: each command opens its own (~0.5 s of CPU on
 * PGlite), and the first test above runs the command itself, opens and all.
 */
async function verifyOpen(db: LoupeDb, env = tdb.env) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await reportChains(db, { out: (l) => out.push(l), err: (l) => err.push(l) }, loadConfig(env));
  return { code, out: out.join('\n'), err: err.join('\n') };
}

it('detects a tail rewritten after a checkpoint, though the chain itself verifies', async () => {
  const db = await tdb.open();
  try {
    await writeCheckpoint(db, loadConfig(tdb.env), 'manual');
    // The last two entries deleted and two others written in their place: seq and hashes are consistent again.
    await tamperWith(db, 'DELETE FROM audit_log WHERE shop_id IS NULL AND seq > 3');
    await recordWith(db, 2);
    const res = await verifyOpen(db);
    expect(res.code).toBe(1);
    expect(res.err).toContain('All 1 chains verify (5 entries) as far as they go');
    expect(res.err).toMatch(
      /the system chain was rewritten: its entry at seq 5 no longer has the hash the checkpoint of .* records/,
    );
  } finally {
    await db.close();
  }
});

it('detects a checkpoint whose signature does not verify: altered, or signed with another key', async () => {
  const db = await tdb.open();
  try {
    await writeCheckpoint(db, loadConfig(tdb.env), 'manual');
    const line = JSON.parse(readFileSync(log, 'utf8').trim()) as Checkpoint;
    // Lowered to the truncated length, so the truncation would pass if the forged line were believed.
    const forged = { ...line, chains: line.chains.map((c) => ({ ...c, seq: 3 })) };
    writeFileSync(log, `${JSON.stringify(forged)}\n`);
    const res = await verifyOpen(db);
    expect(res.code).toBe(1);
    expect(res.err).toContain(`the checkpoint log ${log} cannot be trusted`);
    expect(res.err).toContain(
      'line 1: its signature does not verify under the audit key from LOUPE_AUDIT_KEY',
    );

    // A whole log signed with another key (someone who rewrote the chain and made their own checkpoint).
    rmSync(log);
    const other = { ...tdb.env, LOUPE_AUDIT_KEY: Buffer.alloc(32, 33).toString('base64') };
    await writeCheckpoint(db, loadConfig(other), 'manual');
    const res2 = await verifyOpen(db);
    expect(res2.code).toBe(1);
    expect(res2.err).toContain('its signature does not verify');
  } finally {
    await db.close();
  }
});

it('every backup writes a signed checkpoint of the heads it copied, into the log and the manifest', async () => {
  const db = await tdb.open();
  try {
    const heads = await chainHeads(db);
    const result = await createBackup(db, loadConfig(tdb.env), path.join(work, 'b.tar.gz.enc'));
    expect(result.manifest.auditCheckpoint).toMatchObject({ v: 1, reason: 'backup', chains: heads });
    const lines = readFileSync(log, 'utf8').trim().split('\n');
    expect(JSON.parse(lines.at(-1) as string)).toEqual(result.manifest.auditCheckpoint);
    // writeCheckpoint itself checks the chains reach the previous one before appending.
    await expect(writeCheckpoint(db, loadConfig(tdb.env), 'manual')).resolves.toMatchObject({
      chains: heads,
    });
  } finally {
    await db.close();
  }
  expect((await run([])).code).toBe(0);
});
