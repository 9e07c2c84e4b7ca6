import { rmSync } from 'node:fs';
import { Client } from 'pg';
import { demoTemplateSource } from '../support/demo-template';
import { dropDatabase } from '../support/drop-database';

export default async function globalTeardown(): Promise<void> {
  // The run's scratch folder in memory (global-setup.ts) holds the templates; otherwise the templates alone.
  for (const dir of [
    process.env.LOUPE_TEST_SCRATCH_DIR,
    process.env.LOUPE_TEST_INITDB_DIR,
    process.env.LOUPE_TEST_MIGRATED_DIR,
  ]) {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
  // The demo shop's folder (embedded database) or database (PostgreSQL), test/support/demo-template.ts.
  const base = process.env.TEST_DATABASE_URL;
  const database = process.env.LOUPE_TEST_DEMO_DATABASE;
  if (base && database) {
    const client = new Client({ connectionString: base });
    await client.connect();
    try {
      // The demo files' copies first (named after it, test/helper.ts), then the template. Each DROP DATABASE
      // waits for a checkpoint of the whole cluster (~5 s each here while other databases were busy: 64 s for 14
      // one after the other).
      const copies = await client.query<{ name: string }>(
        'SELECT datname AS name FROM pg_database WHERE starts_with(datname, $1)',
        [`${database}_`],
      );
      // Side by side, each on a connection of its own: checkpoints asked for together are made once.
      await Promise.all(copies.rows.map(({ name }) => dropDatabase(base, name)));
      await dropDatabase(base, database);
    } finally {
      await client.end();
    }
  } else if (!base) {
    const folder = demoTemplateSource();
    if (folder) rmSync(folder, { recursive: true, force: true });
  }
}
