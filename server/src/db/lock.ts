import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'loupe.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${pid} (a running Loupe server or command). ` +
        'Stop that process first, or point DATABASE_URL at a PostgreSQL server, which allows several processes.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is one Postgres in one process: two processes opening the same folder would corrupt it. Whoever
 * opens the embedded database holds this file (with its pid) until it closes; a lock left by a process that
 * died is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let pid = NaN;
    try {
      pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    } catch {
      // Removed between our open and our read: try again.
      continue;
    }
    // Our own pid counts as held too: a second open in one process is just as harmful.
    if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) throw new DataDirLockedError(dataDir, pid);
    rmSync(file, { force: true });
  }
  throw new Error(`Could not take the lock ${file}`);
}
