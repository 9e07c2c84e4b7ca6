import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileKeyFor, keyFor, loadConfig } from '../src/config';

/**
 * Issue 25, item 6: every refusal at start leads somewhere safe. Following the advice of a production start
 * refused for a missing key must not make a new key over what the old one sealed or signed: when the data
 * folder's development key exists, the advice names it, and a start that follows it opens with that very key.
 */
let work: string;
let dataDir: string;
beforeEach(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'loupe-refusals-'));
  dataDir = path.join(work, 'data');
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

const refusal = (env: Record<string, string>): string => {
  try {
    loadConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
};

const KEYS = [
  {
    env: 'LOUPE_FILE_KEY',
    fileEnv: 'LOUPE_FILE_KEY_FILE',
    what: 'the key that encrypts stored files',
    suffix: '.file-key',
    apart: 'DATA_DIR and its backups',
  },
  {
    env: 'LOUPE_BACKUP_KEY',
    fileEnv: 'LOUPE_BACKUP_KEY_FILE',
    what: 'the key that encrypts backups',
    suffix: '.backup-key',
    apart: 'DATA_DIR and BACKUP_DIR',
  },
  {
    env: 'LOUPE_AUDIT_KEY',
    fileEnv: 'LOUPE_AUDIT_KEY_FILE',
    what: 'the key that signs audit checkpoints',
    suffix: '.audit-key',
    apart: 'DATA_DIR and BACKUP_DIR',
  },
] as const;

/** Every key given, but the one under test. */
const allBut = (name: string): Record<string, string> => {
  const env: Record<string, string> = { NODE_ENV: 'production', DATA_DIR: dataDir };
  KEYS.forEach((key, i) => {
    if (key.env !== name) env[key.env] = Buffer.alloc(32, 20 + i).toString('base64');
  });
  return env;
};

describe('a production start without a key', () => {
  for (const key of KEYS) {
    it(`${key.env}: advises the key of the earlier starts, and a new one only for a new shop`, () => {
      const lines = refusal(allBut(key.env)).split('\n  - ');
      expect(lines.slice(1)).toEqual([
        `NODE_ENV=production needs ${key.what}: set ${key.env} or ${key.fileEnv} (the path of a file holding it), ` +
          `kept outside ${key.apart}. If this shop ran before, use the key of its earlier starts (the same ` +
          `${key.env} or ${key.fileEnv}, or the data${key.suffix} file that was beside its data folder): a new key ` +
          'cannot open what the old one sealed. Only for a new shop make one with openssl rand -base64 32 ' +
          '(base64 of 32 random bytes)',
      ]);
    });

    it(`${key.env}: names the development key file beside the data folder, and following the advice opens with it`, () => {
      // A shop that ran in development: its key was generated beside the data folder.
      const developmentFile = `${dataDir}${key.suffix}`;
      const original = Buffer.alloc(32, 99);
      writeFileSync(developmentFile, `${original.toString('base64')}\n`, { mode: 0o600 });
      const message = refusal(allBut(key.env));
      expect(message).toBe(
        'Invalid environment:\n  - ' +
          `NODE_ENV=production needs ${key.what}: set ${key.env} or ${key.fileEnv} (the path of a file holding it). ` +
          `This data folder's key so far is the development key file ${developmentFile}: set ` +
          `${key.fileEnv}=${developmentFile} (or move it elsewhere outside ${key.apart} and point ${key.fileEnv} ` +
          'there). Do not make a new key: what was sealed or signed with this one could not be read or verified again',
      );
      expect(message).not.toContain('openssl rand');

      // The advice followed to the letter: the start is accepted and its key is the one from before.
      const config = loadConfig({ ...allBut(key.env), [key.fileEnv]: developmentFile });
      if (key.env === 'LOUPE_FILE_KEY') expect(fileKeyFor(config.fileKey).key).toEqual(original);
      else {
        const source = key.env === 'LOUPE_BACKUP_KEY' ? config.backupKey : config.auditKey;
        expect(source).toEqual({ from: 'file', name: key.fileEnv, path: developmentFile });
        expect(keyFor(source)).toEqual(original);
      }
    });

    it(`${key.fileEnv} inside the data folder: move the file, keep it`, () => {
      const inside = path.join(dataDir, 'key');
      expect(refusal({ DATA_DIR: dataDir, [key.fileEnv]: inside })).toContain(
        `${key.fileEnv} must be outside DATA_DIR (${dataDir}): a copy of `,
      );
      expect(refusal({ DATA_DIR: dataDir, [key.fileEnv]: inside })).toContain(
        `Move that file (keep it: ${key.env === 'LOUPE_FILE_KEY' ? 'the files stored so far open only with it' : 'what it sealed or signed so far needs it'}) ` +
          `outside DATA_DIR and point ${key.fileEnv} at its new place`,
      );
    });
  }
});
