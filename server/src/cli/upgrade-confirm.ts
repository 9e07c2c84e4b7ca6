import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import type { Queryable } from '../db/database';
import { fileKeyFor, loadConfig, type FileKey } from '../config';
import { openForBackup } from '../db/backup';
import { DataDirLockedError } from '../db/lock';
import { describeBytes, keptFiles, pendingMigrations, type KeptFile } from '../db/upgrade';
import { openStoredFile } from '../kernel/file-storage';
import { EXIT_OK, EXIT_REFUSED, EXIT_USAGE, parseOptions, runAsProcess, type Command } from './command';

const USAGE = 'usage: npm run upgrade:confirm';

export interface ConfirmResult {
  removed: KeptFile[];
  /** Files left in place: the database's copy is not the same bytes, or cannot be read with this key. */
  kept: Array<KeptFile & { reason: string }>;
}

async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const data of createReadStream(file)) hash.update(data as Buffer);
  return hash.digest('hex');
}

/**
 * Removes from UPLOADS_DIR every file whose bytes the database holds: each is read back from the database,
 * decrypted with `key` and compared with the file by SHA-256 before the file goes. A file whose stored copy
 * differs or cannot be read is left where it is and reported.
 */
export async function confirmUpgrade(
  db: Queryable,
  key: FileKey,
  uploadsDir: string,
): Promise<ConfirmResult> {
  const result: ConfirmResult = { removed: [], kept: [] };
  for (const file of await keptFiles(db, uploadsDir)) {
    let reason: string | null = null;
    try {
      const stored = await openStoredFile(db, key, file.key);
      if (!stored) reason = 'not in the database';
      else {
        const hash = createHash('sha256');
        for await (const chunk of stored.chunks) hash.update(chunk);
        if (hash.digest('hex') !== (await sha256OfFile(file.file))) {
          reason = 'the database holds different bytes';
        }
      }
    } catch (error) {
      reason = (error as Error).message;
    }
    if (reason) {
      result.kept.push({ ...file, reason });
      continue;
    }
    await unlink(file.file);
    result.removed.push(file);
  }
  return result;
}

/**
 * `upgrade:confirm`: the operator's word that the upgraded release works and going back to the previous one is
 * no longer needed. The files a start moved from UPLOADS_DIR into the database were kept there for that way
 * back (db/upgrade.ts); this removes them, each only once the database's copy is proved identical, and says
 * what it removed. Refused while the schema is not up to date (the new release has not started yet) and, on
 * the embedded database, while a server runs it. Exit 0, 1 (refused, or some files kept) or 2 (environment).
 */
export const upgradeConfirmCommand: Command = async (argv, env, io) => {
  if (!parseOptions(argv, {}, USAGE, io)) return EXIT_USAGE;
  let config;
  try {
    config = loadConfig(env);
  } catch (error) {
    io.err((error as Error).message);
    return EXIT_USAGE;
  }
  let db;
  try {
    db = await openForBackup(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      io.err(
        `Refusing to confirm the upgrade: ${error.message}\nStop the server, run npm run upgrade:confirm, ` +
          'then start it again. Nothing was removed.',
      );
      return EXIT_REFUSED;
    }
    throw error;
  }
  try {
    const pending = await pendingMigrations(db);
    if (pending.length > 0) {
      io.err(
        `Refusing to confirm the upgrade: the database has ${pending.length} migration(s) still to run ` +
          `(${pending.map((m) => `${String(m.version).padStart(3, '0')}_${m.name}`).join(', ')}). Start this ` +
          'release once, check that it works, then confirm. Nothing was removed.',
      );
      return EXIT_REFUSED;
    }
    const result = await confirmUpgrade(db, fileKeyFor(config.fileKey), config.uploadsDir);
    const bytes = result.removed.reduce((sum, f) => sum + f.bytes, 0);
    if (result.removed.length === 0 && result.kept.length === 0) {
      io.out(
        `Upgrade confirmed: ${config.uploadsDir} holds no file the database also holds; nothing to remove.`,
      );
    } else if (result.removed.length > 0) {
      io.out(
        `Upgrade confirmed: removed ${result.removed.length} file(s) (${describeBytes(bytes)}) from ` +
          `${config.uploadsDir}, each identical to its copy in the database:`,
      );
      for (const file of result.removed) io.out(`  ${file.kind}/${file.key} (${describeBytes(file.bytes)})`);
    }
    if (result.kept.length > 0) {
      io.err(
        `Kept ${result.kept.length} file(s) in ${config.uploadsDir}: the database's copy could not be proved identical.`,
      );
      for (const file of result.kept) io.err(`  ${file.kind}/${file.key}: ${file.reason}`);
      return EXIT_REFUSED;
    }
    return EXIT_OK;
  } finally {
    await db.close();
  }
};

if (require.main === module) runAsProcess(upgradeConfirmCommand);
