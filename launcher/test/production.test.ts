import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as server from '@loupe/server';
import { DemoPasswordInProductionError, loadConfig } from '@loupe/server';
import { openServedDatabase } from '../src/database.cjs';

let work: string;
beforeEach(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'loupe-launcher-production-'));
});
afterEach(() => {
  rmSync(work, { recursive: true, force: true });
});

// Each test opens a fresh embedded database (seconds, more on a busy machine) and verifies argon2 hashes.
jest.setTimeout(60_000);

// Production refuses to start without the key that encrypts stored files (LOUPE_FILE_KEY or LOUPE_FILE_KEY_FILE).
const FILE_KEY = Buffer.alloc(32, 9).toString('base64');
// ... and without the keys that encrypt backups and sign audit checkpoints (server/src/db/backup-key.ts).
const OTHER_KEYS = {
  LOUPE_BACKUP_KEY: Buffer.alloc(32, 21).toString('base64'),
  LOUPE_AUDIT_KEY: Buffer.alloc(32, 22).toString('base64'),
};
const configFor = (env: Record<string, string>) =>
  loadConfig({
    DATA_DIR: path.join(work, 'data'),
    LOG_LEVEL: 'silent',
    LOUPE_FILE_KEY: FILE_KEY,
    ...OTHER_KEYS,
    ...env,
  });

describe('npm start with NODE_ENV=production', () => {
  it('opens a fresh data folder without demo data', async () => {
    const db = await openServedDatabase(server, configFor({ NODE_ENV: 'production' }));
    try {
      expect(db.seeded).toBeNull();
      expect(await db.query('SELECT 1 FROM users')).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('refuses while the demo accounts keep their published password, and releases the data folder', async () => {
    const refusal = await openServedDatabase(
      server,
      configFor({ NODE_ENV: 'production', LOUPE_DEMO: '1' }),
    ).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DemoPasswordInProductionError);
    expect((refusal as Error).message).toContain(
      'Refusing to start with NODE_ENV=production: the accounts platinum, gold, silver still have the demo password',
    );

    // The same folder opens again (its lock was released), and outside production the demo starts as before.
    const db = await openServedDatabase(server, configFor({}));
    try {
      expect(await db.query('SELECT username FROM users ORDER BY id')).toEqual([
        { username: 'platinum' },
        { username: 'gold' },
        { username: 'silver' },
      ]);
    } finally {
      await db.close();
    }
  });
});
