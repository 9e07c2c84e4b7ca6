import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** Written by the holder with its pid, so a refused opener can say who holds the folder. Information only. */
export const LOCK_FILE = 'loupe.lock';
/** The socket file of the fallback lock (platforms without abstract sockets or named pipes). */
export const LOCK_SOCKET = 'loupe.lock.sock';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number | null,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by ${pid === null ? 'another process' : `process ${pid}`} (a running Loupe server or command). ` +
        'Stop that process first. (PostgreSQL, named by DATABASE_URL, allows several processes, but it is another ' +
        'database: the shop in this folder does not move there by itself.)',
    );
    this.name = 'DataDirLockedError';
  }
}

/**
 * The name the lock is held under, derived from the folder's real path so that two spellings of one folder
 * (a symlink, a relative path) meet on one lock.
 * - Linux: an abstract-namespace unix socket. The kernel frees it the instant the holding process dies, however
 *   it dies (SIGKILL, OOM killer), so a restart after a crash never meets a stale lock, and no pid is trusted.
 * - Windows: a named pipe, which the system likewise closes with the process.
 * - Elsewhere (macOS, BSD): a socket file in the folder. It outlives a killed holder, but a dead socket refuses
 *   connections, so a leftover one is told apart from a live holder by connecting to it, not by a pid.
 */
export function lockAddress(dataDir: string): { address: string; file: boolean } {
  const real = realpathSync(dataDir);
  const hash = createHash('sha256').update(real).digest('hex').slice(0, 40);
  if (process.platform === 'linux') return { address: `\0loupe-data-dir-${hash}`, file: false };
  if (process.platform === 'win32') return { address: `\\\\?\\pipe\\loupe-data-dir-${hash}`, file: false };
  return { address: path.join(real, LOCK_SOCKET), file: true };
}

function listen(address: string): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    // Nobody talks to the lock: a prober's connection is closed at once.
    const server = net.createServer((socket) => socket.destroy());
    server.once('error', reject);
    server.listen({ path: address, exclusive: true }, () => {
      server.off('error', reject);
      // Holding the lock must not keep a process alive that has nothing else to do.
      server.unref();
      resolve(server);
    });
  });
}

/** Whether something still answers on a fallback socket file (a live holder), or it is a dead one's leftover. */
function answers(address: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ path: address });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      resolve(!(error.code === 'ECONNREFUSED' || error.code === 'ENOENT'));
    });
  });
}

function holderPid(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * PGlite is one Postgres in one process: two processes opening the same folder would corrupt it. Whoever
 * opens the embedded database holds a socket bound to a name derived from the folder (see lockAddress) until
 * it closes or dies; the operating system, not a pid file, decides whether it is held, so a pid reused after a
 * crash cannot block a restart. A second open within one process is refused too.
 */
export async function acquireDataDirLock(dataDir: string): Promise<() => void> {
  mkdirSync(dataDir, { recursive: true });
  const { address, file } = lockAddress(dataDir);
  const pidFile = path.join(dataDir, LOCK_FILE);
  let server: net.Server | undefined;
  for (let attempt = 0; attempt < 2 && !server; attempt += 1) {
    try {
      server = await listen(address);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      if (file && attempt === 0 && !(await answers(address))) {
        rmSync(address, { force: true });
        continue;
      }
      throw new DataDirLockedError(dataDir, holderPid(pidFile));
    }
  }
  if (!server) throw new DataDirLockedError(dataDir, holderPid(pidFile));
  // Overwrites whatever a crashed holder left: the socket, not this file, is the lock.
  writeFileSync(pidFile, `${process.pid}\n`);
  const held = server;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    rmSync(pidFile, { force: true });
    held.close();
  };
}
