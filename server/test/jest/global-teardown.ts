import { rmSync } from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  const dir = process.env.LOUPE_TEST_MIGRATED_DIR;
  if (dir) rmSync(dir, { recursive: true, force: true });
}
