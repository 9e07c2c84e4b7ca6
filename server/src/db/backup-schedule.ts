import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import type { Db } from './database';
import { automaticBackup, automaticBackups } from './backup';

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface BackupLog {
  info(message: string): void;
  error(message: string): void;
}

/**
 * Daily automatic backups of the embedded database while the server runs: one at start when the newest
 * automatic backup is older than a day (or there is none), then one every day. PostgreSQL is left to its own
 * tools (pg_dump, base backups, a managed service's snapshots). The timers never keep the process alive.
 * Returns the function that stops them; its `checked` settles once the start's check is done.
 */
export function scheduleDailyBackups(
  db: Db,
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'backupDir'>,
  log: BackupLog,
  now: () => Date = () => new Date(),
): (() => void) & { checked: Promise<void> } {
  const dir = config.backupDir;
  if (db.kind !== 'pglite' || !dir) return Object.assign(() => undefined, { checked: Promise.resolve() });
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const take = async () => {
    if (stopped) return;
    const started = Date.now();
    try {
      const result = await automaticBackup(db, config, dir, 'daily', now());
      log.info(`Automatic backup ${result.file} (${result.bytes} bytes, ${Date.now() - started} ms)`);
    } catch (error) {
      // A failed backup must not stop the shop; the log says why, and tomorrow's is tried anyway.
      if (!stopped) log.error(`Automatic backup into ${dir} failed: ${(error as Error).message}`);
    }
  };

  const first = async () => {
    const existing = await automaticBackups(dir);
    const newest = existing.at(-1);
    let age = Infinity;
    if (newest) age = now().getTime() - (await stat(path.join(dir, newest))).mtime.getTime();
    const wait = Math.max(0, DAY_MS - age);
    if (wait === 0) await take();
    if (stopped) return;
    timer = setTimeout(function daily() {
      void take().finally(() => {
        if (stopped) return;
        timer = setTimeout(daily, DAY_MS);
        timer.unref();
      });
    }, wait || DAY_MS);
    timer.unref();
  };
  // Settles once the start's check (and its backup, when one was due) is done: for tests and the log.
  const checked = first().catch((error: unknown) =>
    log.error(`Automatic backups: ${(error as Error).message}`),
  );

  const stop = () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
  return Object.assign(stop, { checked });
}
