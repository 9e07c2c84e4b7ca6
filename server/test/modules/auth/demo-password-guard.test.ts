import { loadConfig, openDatabase } from '../../../src/app';
import {
  DemoPasswordInProductionError,
  accountsWithDemoPassword,
  refuseDemoPasswordsInProduction,
} from '../../../src/modules/auth/demo-password-guard';
import { MAX_CONCURRENT_HASHES, hashLoad, hashPassword } from '../../../src/modules/auth/password-hasher';
import { DEMO_PASSWORD } from '../../../src/modules/auth/common-passwords';
import { createTestDatabase, legacyScryptHash, apiTestbed } from '../../helper';

// Every fixture account has the demo password (test/helper.ts).
const { state } = apiTestbed({ app: false });
const production = { production: true };

const setHash = async (usernames: string[], hash: string) =>
  state.db.query('UPDATE users SET password_hash = $2 WHERE username = ANY($1::varchar[])', [
    usernames,
    hash,
  ]);

describe('the production start’s demo-password check', () => {
  it('names every active account that still has the demo password, and refuses', async () => {
    await setHash(['gold', 'loner'], await hashPassword('a-real-secret-of-theirs'));
    await state.db.query("UPDATE users SET is_active = false WHERE username = 'outsider'");
    const error = await refuseDemoPasswordsInProduction(state.db, production).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DemoPasswordInProductionError);
    expect((error as DemoPasswordInProductionError).usernames).toEqual(['platinum', 'silver', 'rival']);
    expect((error as Error).message).toBe(
      'Refusing to start with NODE_ENV=production: the accounts platinum, silver, rival still have the demo ' +
        'password published in the README, which anyone can sign in with. Start once without ' +
        'NODE_ENV=production, keeping every other setting as it is (the same DATA_DIR or DATABASE_URL, and ' +
        'above all the same LOUPE_FILE_KEY or LOUPE_FILE_KEY_FILE, LOUPE_BACKUP_KEY and LOUPE_AUDIT_KEY ' +
        'settings: without its file key the server refuses to start rather than make a new one), change each ' +
        'one’s password (Account settings) or deactivate the account, then start again with NODE_ENV=production.',
    );
  });

  it('finds the demo password under an old scrypt hash too', async () => {
    await setHash(
      ['platinum', 'gold', 'silver', 'loner', 'rival', 'outsider'],
      await hashPassword('x-real-1926'),
    );
    await setHash(['silver'], legacyScryptHash(DEMO_PASSWORD));
    const error = await refuseDemoPasswordsInProduction(state.db, production).catch((e: unknown) => e);
    expect((error as Error).message).toContain('the account silver still has the demo password');
  });

  it('lets production start once no active account has it', async () => {
    await setHash(['platinum', 'gold', 'silver', 'loner'], await hashPassword('a-real-secret-of-theirs'));
    await state.db.query("UPDATE users SET is_active = false WHERE username IN ('rival', 'outsider')");
    await expect(refuseDemoPasswordsInProduction(state.db, production)).resolves.toBeUndefined();
    expect(await accountsWithDemoPassword(state.db)).toEqual([]);
  });

  it('checks nothing outside production', async () => {
    await expect(refuseDemoPasswordsInProduction(state.db, { production: false })).resolves.toBeUndefined();
    expect(hashLoad()).toEqual({ running: 0, waiting: 0 });
  });

  it('verifies under the hash cap', async () => {
    let peak = 0;
    const check = accountsWithDemoPassword(state.db);
    let done = false;
    void check.finally(() => {
      done = true;
    });
    while (!done) {
      peak = Math.max(peak, hashLoad().running);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await check).toHaveLength(6);
    expect(peak).toBe(MAX_CONCURRENT_HASHES);
  });
});

describe('NODE_ENV=production and demo data', () => {
  const fresh = async (env: Record<string, string>) => {
    // Already migrated (on PGlite a copy of the run's template, with no shop or user): the subject is the
    // production start's demo data, not migrating.
    const other = await createTestDatabase({ migrated: true });
    // Production needs the backup and audit checkpoint keys too (db/backup-key.ts).
    const keys = {
      LOUPE_BACKUP_KEY: Buffer.alloc(32, 21).toString('base64'),
      LOUPE_AUDIT_KEY: Buffer.alloc(32, 22).toString('base64'),
    };
    const opened = await openDatabase(loadConfig({ ...other.env, ...keys, LOUPE_DEMO: '', ...env }));
    return {
      opened,
      async close() {
        await opened.close();
        await other.dispose();
      },
    };
  };

  it('starts an empty database without demo data by default', async () => {
    const { opened, close } = await fresh({ NODE_ENV: 'production' });
    try {
      expect(opened.seeded).toBeNull();
      expect(await opened.query('SELECT 1 FROM shops')).toEqual([]);
      expect(await opened.query('SELECT 1 FROM users')).toEqual([]);
      await expect(refuseDemoPasswordsInProduction(opened, production)).resolves.toBeUndefined();
    } finally {
      await close();
    }
  });

  it('seeds the demo only when LOUPE_DEMO asks, and then refuses to start until its passwords change', async () => {
    const { opened, close } = await fresh({ NODE_ENV: 'production', LOUPE_DEMO: '1' });
    try {
      expect(opened.seeded?.accounts.map((a) => a.username)).toEqual(['platinum', 'gold', 'silver']);
      await expect(refuseDemoPasswordsInProduction(opened, production)).rejects.toThrow(
        'the accounts platinum, gold, silver still have the demo password',
      );
    } finally {
      await close();
    }
  });
});
