import { rmSync } from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  // The run's scratch folder in memory (global-setup.ts) holds the template; otherwise the template alone.
  for (const dir of [process.env.LOUPE_TEST_SCRATCH_DIR, process.env.LOUPE_TEST_MIGRATED_DIR]) {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
