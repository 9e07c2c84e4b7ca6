import { rmSync } from 'node:fs';
import { demoTemplateDir } from '../support/demo-template';

export default async function globalTeardown(): Promise<void> {
  // The run's scratch folder in memory (global-setup.ts) holds the templates; otherwise the templates alone.
  for (const dir of [
    process.env.LOUPE_TEST_SCRATCH_DIR,
    process.env.LOUPE_TEST_MIGRATED_DIR,
    demoTemplateDir(),
  ]) {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
