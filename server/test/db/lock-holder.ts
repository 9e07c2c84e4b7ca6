import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { LOCK_FILE, lockAddress } from '../../src/db/lock';

/**
 * Another process holding a data folder's lock the way a running server does: bound to the folder's lock
 * address, its pid written for the refusal message. Resolves once it holds it.
 */
export async function holdDataDirLock(dataDir: string): Promise<ChildProcess> {
  mkdirSync(dataDir, { recursive: true });
  const { address } = lockAddress(dataDir);
  const script = `
    const net = require('node:net');
    const fs = require('node:fs');
    const address = Buffer.from(process.argv[1], 'hex').toString();
    net.createServer((s) => s.destroy()).listen({ path: address, exclusive: true }, () => {
      fs.writeFileSync(process.argv[2], process.pid + '\\n');
      process.stdout.write('held\\n');
    });
    setInterval(() => {}, 60000);`;
  const child = spawn(
    process.execPath,
    ['-e', script, Buffer.from(address).toString('hex'), path.join(dataDir, LOCK_FILE)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the lock holder exited (${code})`)));
  });
  return child;
}

/** Kills `child` with SIGKILL, as a crash would, and waits until it is gone. */
export async function killHard(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await gone;
}
