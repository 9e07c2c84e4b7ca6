// The embedded database's maintenance (db/maintenance.ts) leaves PostgreSQL alone: its autovacuum does the work.
// On the run's PostgreSQL when TEST_DATABASE_URL is set; maintenance.test.ts tests the embedded side.
import { createPostgresDb, type Db } from '../../src/db/database';
import { maintainPglite, scheduleMaintenance } from '../../src/db/maintenance';
import { recordingLog as log, usingPostgres } from '../helper';

describe('nothing runs on PostgreSQL (its autovacuum does it)', () => {
  it('sends no statement', async () => {
    const sent: string[] = [];
    // The run's PostgreSQL when there is one; otherwise a stand-in that says it is PostgreSQL.
    const real = usingPostgres ? createPostgresDb(process.env.TEST_DATABASE_URL as string) : null;
    const record = (sql: string) => Promise.resolve(void sent.push(sql)).then(() => []);
    const postgres = (
      real ? { ...real, query: record } : { kind: 'postgres', query: record, exec: record }
    ) as Db;
    expect(postgres.kind).toBe('postgres');
    try {
      expect(await maintainPglite(postgres)).toMatchObject({ vacuumed: [], analyzed: [], failed: [] });
      const stop = scheduleMaintenance(postgres, { pgliteMaintenanceSeconds: 1 }, log());
      await stop.checked;
      stop();
      expect(sent).toEqual([]);
    } finally {
      await real?.close();
    }
  });
});
