// Db.query's { prepare: true } (issue 26): a statement PostgreSQL keeps prepared on each pooled connection.
import { fileDatabase } from '../helper';

// Already migrated (on PGlite a copy of the run's template): the subject is the query option, not the schema.
const opened = fileDatabase();

const READ = 'SELECT label FROM prepared_probe WHERE id = ANY($1::int[]) ORDER BY id';

describe('prepared queries', () => {
  it('answer as unprepared ones, and still answer after another instance changed what they return', async () => {
    const { db } = opened;
    await db.exec(
      `CREATE TABLE prepared_probe (id int PRIMARY KEY, label varchar(20) NOT NULL);
       INSERT INTO prepared_probe VALUES (1, 'one'), (2, 'two'), (3, 'three');`,
    );
    // On every pooled connection (ten at once), so that each keeps the statement.
    const before = await Promise.all(
      Array.from({ length: 10 }, () => db.query<{ label: string }>(READ, [[3, 1]], { prepare: true })),
    );
    for (const rows of before) expect(rows).toEqual([{ label: 'one' }, { label: 'three' }]);
    expect(await db.query(READ, [[3, 1]])).toEqual([{ label: 'one' }, { label: 'three' }]);

    // A migration run elsewhere changes the column's type: the kept plans no longer fit.
    await db.exec('ALTER TABLE prepared_probe ALTER COLUMN label TYPE text');
    const after = await Promise.all(
      Array.from({ length: 10 }, () => db.query<{ label: string }>(READ, [[2]], { prepare: true })),
    );
    for (const rows of after) expect(rows).toEqual([{ label: 'two' }]);
  });
});
