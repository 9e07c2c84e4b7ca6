import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The prefix of a run's scratch folder in memory (global-setup.ts, scratchInMemory). */
export const SCRATCH_PREFIX = 'loupe-jest-';
/** The file in a scratch folder that names the jest process the folder belongs to. */
const OWNER_FILE = '.owner-pid';
/** A folder from before owner files, or whose owner file is unreadable, is left for this long. */
const UNOWNED_GRACE_MS = 24 * 60 * 60 * 1000;

/** Marks `dir` as the scratch folder of `pid`: this process unless told (jest's main process, which lives as long
 * as the run). */
export function claimScratch(dir: string, pid = process.pid): void {
  writeFileSync(path.join(dir, OWNER_FILE), String(pid));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: a live process of another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the scratch folders of runs that ended without their teardown (killed, or a crashed jest): each is a
 * few hundred MB of the machine's memory on a tmpfs, kept until a reboot. A folder whose owner is still running
 * (the other database's run, started beside this one) is kept; one with no owner file is removed only once it
 * is a day old. Returns the folders removed.
 */
export function sweepAbandonedScratch(root: string, now = Date.now()): string[] {
  let names: string[];
  try {
    names = readdirSync(root);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    if (!name.startsWith(SCRATCH_PREFIX)) continue;
    const dir = path.join(root, name);
    try {
      const stat = statSync(dir);
      if (!stat.isDirectory()) continue;
      let owner = Number.NaN;
      try {
        owner = Number.parseInt(readFileSync(path.join(dir, OWNER_FILE), 'utf8'), 10);
      } catch {
        // No owner file (a folder from before them), or unreadable: judged by its age.
      }
      const abandoned =
        Number.isInteger(owner) && owner > 0 ? !alive(owner) : now - stat.mtimeMs > UNOWNED_GRACE_MS;
      if (!abandoned) continue;
      rmSync(dir, { recursive: true, force: true });
      removed.push(dir);
    } catch {
      // Gone meanwhile, or not ours to remove: left as it is.
    }
  }
  return removed;
}
