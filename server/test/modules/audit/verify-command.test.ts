import { rmSync } from 'node:fs';
import path from 'node:path';
import { auditVerifyCommand } from '../../../src/cli/audit-verify';
import { AuditRepository } from '../../../src/modules/audit/audit-repository';
import { createTestDatabase, type TestDatabase } from '../../helper';

// The command as an operator runs it: it opens the configured database itself (so nothing else may hold it).
let tdb: TestDatabase;
beforeAll(async () => {
  // A copy of the run's migrated folder: the command still opens it through openDatabase, as in production.
  tdb = await createTestDatabase({ migrated: true });
  // The checkpoint key and log (issue 25): fixed here, so nothing is generated beside the temporary folder.
  tdb.env.LOUPE_AUDIT_KEY = Buffer.alloc(32, 41).toString('base64');
  tdb.env.AUDIT_CHECKPOINT_LOG = path.join(
    tdb.dataDir,
    '..',
    `${path.basename(tdb.dataDir)}-checkpoints.jsonl`,
  );
  const db = await tdb.open();
  const audit = new AuditRepository(db);
  for (const action of ['sign_in', 'sign_in_failed']) {
    await audit.record({
      shopId: null,
      userId: null,
      entity: 'session',
      entityId: null,
      action,
      at: new Date(),
    });
  }
  await db.close();
});
afterAll(async () => {
  await tdb.dispose();
  rmSync(tdb.env.AUDIT_CHECKPOINT_LOG as string, { force: true });
});

async function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await auditVerifyCommand(args, tdb.env, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

it('opens the database, verifies every chain and exits 0', async () => {
  expect(await run([])).toEqual({
    code: 0,
    out: `All 1 chains verify (2 entries); no checkpoint in ${tdb.env.AUDIT_CHECKPOINT_LOG} yet, so a chain cut short at its end cannot be told (the server writes one at start, daily and at every backup; npm run audit:verify -- --checkpoint writes one now)`,
    err: '',
  });
});

it('refuses arguments it does not know with its usage (exit 2)', async () => {
  const result = await run(['--shop', '1']);
  expect(result.code).toBe(2);
  expect(result.err).toContain('usage: npm run audit:verify');
});
