import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SCRATCH_PREFIX, claimScratch, sweepAbandonedScratch } from './jest/scratch';

// The test runs' scratch folders in /dev/shm (test/jest/global-setup.ts): a run killed before its teardown left
// its folder (a few hundred MB of memory) until a reboot; the next run's setup removes it, and only it.
describe('the scratch folders of test runs', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'scratch-sweep-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const folder = (name: string, owner?: number | 'self', ageMs = 0) => {
    const dir = path.join(root, name);
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'db.bin'), 'x');
    if (owner !== undefined) claimScratch(dir, owner === 'self' ? process.pid : owner);
    if (ageMs > 0) {
      const then = new Date(Date.now() - ageMs);
      utimesSync(dir, then, then);
    }
    return dir;
  };

  it("removes a folder whose run has ended, keeps a running one's, and an unowned one until it is a day old", () => {
    // A process that has exited: its pid names no one (a pid reused this soon is not expected).
    const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    const deadPid = Number(ended.stdout.toString());
    expect(deadPid).toBeGreaterThan(0);

    const dead = folder(`${SCRATCH_PREFIX}dead`, deadPid);
    const running = folder(`${SCRATCH_PREFIX}running`, 'self');
    const oldUnowned = folder(`${SCRATCH_PREFIX}old`, undefined, 2 * 24 * 3600 * 1000);
    const newUnowned = folder(`${SCRATCH_PREFIX}new`);
    const unrelated = folder('someone-elses', deadPid, 2 * 24 * 3600 * 1000);

    expect(sweepAbandonedScratch(root).sort()).toEqual([dead, oldUnowned].sort());
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(oldUnowned)).toBe(false);
    for (const kept of [running, newUnowned, unrelated]) expect(existsSync(kept)).toBe(true);
    expect(readdirSync(root).sort()).toEqual(
      [`${SCRATCH_PREFIX}new`, `${SCRATCH_PREFIX}running`, 'someone-elses'].sort(),
    );
  });

  it('a missing root is nothing to sweep', () => {
    expect(sweepAbandonedScratch(path.join(root, 'absent'))).toEqual([]);
  });
});
