// Db.query's { prepare: true } kept prepared (issue 26) on PGlite: a named statement parsed once for the life of the
// instance. PGlite's alone, on an instance of its own whichever database the run uses, so the PostgreSQL run leaves
// it to the embedded one (test/jest/no-database-files.cjs); prepared-queries.test.ts holds on both databases.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPgliteDb, type Db, type Queryable } from '../../src/db/database';
import { migrate } from '../../src/db/migrate';
import { heldPrepared } from './prepared-statements';

describe('prepared queries on PGlite', () => {
  // One empty folder for the block (a fresh PGlite folder costs seconds of CPU to create): the first test closes
  // and reopens it, the others use the instance open at the time, each with tables of its own.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'loupe-pglite-prepared-'));
  let current: Db | undefined;
  const open = (): Db => (current ??= createPgliteDb(dir));
  afterAll(async () => {
    await current?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('are kept by the instance that prepared them: reopened, PGlite holds none and prepares again', async () => {
    const db = open();
    const read = 'SELECT $1::int + 1 AS n';
    expect(await db.query(read, [1], { prepare: true })).toEqual([{ n: 2 }]);
    expect(await heldPrepared(db, read)).toBe(1);
    await db.close();
    current = undefined;

    const again = open();
    expect(await heldPrepared(again, read)).toBe(0);
    expect(await again.query(read, [41], { prepare: true })).toEqual([{ n: 42 }]);
    expect(await heldPrepared(again, read)).toBe(1);
  });

  it('follow a migration run in the same process, outside and inside a transaction', async () => {
    const db = open();
    const all = 'SELECT * FROM migrated_probe WHERE id = $1';
    const first = {
      version: 1,
      name: 'probe',
      sql: "CREATE TABLE migrated_probe (id int PRIMARY KEY, label varchar(20)); INSERT INTO migrated_probe VALUES (1, 'one');",
    };
    await migrate(db, [first]);
    expect(await db.query(all, [1], { prepare: true })).toEqual([{ id: 1, label: 'one' }]);
    expect(await db.transaction((tx) => tx.query(all, [1], { prepare: true }))).toEqual([
      { id: 1, label: 'one' },
    ]);

    const second = {
      version: 2,
      name: 'probe_more',
      sql: "ALTER TABLE migrated_probe ADD COLUMN note text NOT NULL DEFAULT 'n'; ALTER TABLE migrated_probe ALTER COLUMN label TYPE text;",
    };
    expect(await migrate(db, [first, second])).toEqual([2]);
    // A stale plan here would be refused (0A000) and, inside the transaction, roll it back.
    expect(await db.transaction((tx) => tx.query(all, [1], { prepare: true }))).toEqual([
      { id: 1, label: 'one', note: 'n' },
    ]);
    expect(await db.query(all, [1], { prepare: true })).toEqual([{ id: 1, label: 'one', note: 'n' }]);
  });

  it('answer after a change of schema made by a plain query, then are prepared afresh', async () => {
    const db = open();
    const all = 'SELECT * FROM altered_probe ORDER BY id';
    await db.exec(
      'CREATE TABLE altered_probe (id int PRIMARY KEY); INSERT INTO altered_probe VALUES (1), (2);',
    );
    expect(await db.query(all, [], { prepare: true })).toEqual([{ id: 1 }, { id: 2 }]);

    // Not through exec(): the kept statement's result type no longer fits ("cached plan must not change result type").
    await db.query('ALTER TABLE altered_probe ADD COLUMN extra int NOT NULL DEFAULT 7');
    const answer = [
      { id: 1, extra: 7 },
      { id: 2, extra: 7 },
    ];
    expect(await db.query(all, [], { prepare: true })).toEqual(answer);
    // Forgotten after the refusal and parsed again: a transaction (which could not retry) reads it too.
    expect(await db.transaction((tx) => tx.query(all, [], { prepare: true }))).toEqual(answer);
    expect(await db.query(all, [], { prepare: true })).toEqual(answer);
    expect(await heldPrepared(db, all)).toBe(1);
  });

  it('send a rowsAsJson statement as one JSON array a row, its columns read once; objects where an array cannot', async () => {
    const db = open();
    const read = 'SELECT $1::int AS id, $1::int + 1 AS "next ""one""", true AS ok';
    expect(await db.query(read, [1], { prepare: true, rowsAsJson: true })).toEqual([
      { id: 1, 'next "one"': 2, ok: true },
    ]);
    expect(
      await heldPrepared(
        db,
        `SELECT json_build_array(q."id", q."next ""one""", q."ok") AS r FROM (${read}) q`,
      ),
    ).toBe(1);
    expect(await heldPrepared(db, read)).toBe(0);
    // A name twice: an array's q."a" could not tell the two apart, so each row is an object, as the plain rows.
    const twice = 'SELECT $1::int AS a, $1::int + 1 AS a';
    expect(await db.query(twice, [1], { prepare: true, rowsAsJson: true })).toEqual(
      await db.query(twice, [1]),
    );
    expect(await heldPrepared(db, `SELECT row_to_json(q) AS r FROM (${twice}) q`)).toBe(1);
    expect(await heldPrepared(db, twice)).toBe(0);
    // A migration changes what a statement's columns are: they are read again.
    const all = 'SELECT * FROM json_probe ORDER BY id';
    const first = {
      version: 3, // after the migrations of the test above, on the same database
      name: 'json_probe',
      sql: 'CREATE TABLE json_probe (id int PRIMARY KEY); INSERT INTO json_probe VALUES (1);',
    };
    const second = {
      version: 4,
      name: 'json_probe_more',
      sql: "ALTER TABLE json_probe ADD COLUMN note text NOT NULL DEFAULT 'n';",
    };
    await migrate(db, [first]);
    expect(await db.query(all, [], { prepare: true, rowsAsJson: true })).toEqual([{ id: 1 }]);
    await migrate(db, [first, second]);
    expect(await db.query(all, [], { prepare: true, rowsAsJson: true })).toEqual([{ id: 1, note: 'n' }]);
    expect(await db.transaction((tx) => tx.query(all, [], { prepare: true, rowsAsJson: true }))).toEqual([
      { id: 1, note: 'n' },
    ]);
  });

  it('are refused once their transaction has ended', async () => {
    const db = open();
    let leaked: Queryable | undefined;
    await db.transaction(async (tx) => {
      leaked = tx;
    });
    await expect((leaked as Queryable).query('SELECT 1 AS one', [], { prepare: true })).rejects.toThrow(
      'Transaction is closed',
    );
    await expect((leaked as Queryable).query('SELECT 1 AS one')).rejects.toThrow('Transaction is closed');
  });
});
