// Db.query's { prepare: true } kept prepared (issue 26), on the run's database, either of the two; what PGlite
// alone does with them is pglite-prepared.test.ts.
import { fileDatabase } from '../helper';
import { heldPrepared } from './prepared-statements';

const opened = fileDatabase();

// Every type Loupe reads, as columns and as parameters, NULL among them.
const EVERY_TYPE = `SELECT p.id, p.price, p.big, p.at, p.day, p.doc, p.docb, p.ok, p.bytes, p.ids, p.tags,
       p.price + $2::numeric AS dearer, $3::bigint AS big_param, $4::timestamptz AS at_param, $5::date AS day_param,
       $6::jsonb AS doc_param, $7::bool AS ok_param, $8::bytea AS bytes_param, $9::int[] AS ids_param,
       $10::text AS null_param
  FROM prepared_types p WHERE p.id = ANY($1::int[]) ORDER BY p.id`;
const EVERY_TYPE_PARAMS = [
  [2, 1],
  '0.10',
  9007199254740993n,
  new Date('2026-11-27T18:00:00.123Z'),
  '2026-02-28',
  { brand: 'Rolex', nested: [1, 'two', null] },
  false,
  Buffer.from([0, 1, 254, 255]),
  [3, 1, 2],
  null,
];

/** What a rejected query gave: the error's class, message and every field it carries. */
async function failure(run: Promise<unknown>): Promise<Record<string, unknown>> {
  const error = await run.then(
    () => {
      throw new Error('expected the query to fail');
    },
    (e: unknown) => e as Error,
  );
  return { ...error, class: error.constructor.name, message: error.message };
}

describe('prepared queries (both databases)', () => {
  beforeAll(async () => {
    await opened.db.exec(
      `CREATE TABLE prepared_types (id int PRIMARY KEY, price numeric(12,2), big bigint, at timestamptz, day date,
         doc json, docb jsonb, ok bool, bytes bytea, ids int[], tags text[]);
       INSERT INTO prepared_types VALUES
         (1, 12345.60, 9007199254740993, '2026-11-27 18:00:00.123456+00', '2026-02-28', '{"a": [1, 2.50, null]}',
          '{"b": {"c": "£"}}', true, '\\x00ff10', '{3,1,2}', '{"a b",NULL,"c"}'),
         (2, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
       CREATE TABLE prepared_keys (id int PRIMARY KEY, label text NOT NULL);`,
    );
  });

  it('give the rows an unprepared query gives, for every type Loupe reads, first time and kept', async () => {
    const { db } = opened;
    const plain = await db.query(EVERY_TYPE, EVERY_TYPE_PARAMS);
    const first = await db.query(EVERY_TYPE, EVERY_TYPE_PARAMS, { prepare: true });
    const kept = await db.query(EVERY_TYPE, EVERY_TYPE_PARAMS, { prepare: true });
    expect(first).toStrictEqual(plain);
    expect(kept).toStrictEqual(plain);
    // Not two empty answers: the rows in the order asked, each type as the driver gives it.
    expect(plain.map((r) => (r as { id: number }).id)).toEqual([1, 2]);
    const row = plain[0] as Record<string, unknown>;
    expect(row.at).toBeInstanceOf(Date);
    expect(row.docb).toEqual({ b: { c: '£' } });
    expect(row.doc_param).toEqual({ brand: 'Rolex', nested: [1, 'two', null] });
    expect(row.ids_param).toEqual([3, 1, 2]);
    expect(row.tags).toEqual(['a b', null, 'c']);
    expect(row.null_param).toBeNull();
    expect(Object.values(plain[1] as object).filter((v) => v === null)).toHaveLength(12);
  });

  it('give the same rows as one JSON value a row (rowsAsJson), plain or prepared, outside and inside a transaction', async () => {
    const { db } = opened;
    // The column types rowsAsJson is for (QueryOptions): text, integers, booleans, numerics and dates as text, and a
    // timestamp, which comes as the same instant (a string on PGlite, a Date on PostgreSQL).
    const sql = `SELECT p.id, p.price::text AS price, p.day::text AS day, p.ok, p.at, p.tags[1] AS tag, $2::text AS label
      FROM prepared_types p WHERE p.id = ANY($1::int[])`;
    const params = [[1, 2], 'a "quoted" £ label, {with} (brackets)\\'];
    type Row = Record<string, unknown> & { id: number; at: Date | string | null };
    const byId = (rows: Row[]) => [...rows].sort((a, b) => a.id - b.id);
    const instant = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());
    const plain = byId(await db.query<Row>(sql, params));
    expect(plain[0]).toMatchObject({ id: 1, price: '12345.60', day: '2026-02-28', ok: true, tag: 'a b' });
    expect(plain[1]).toMatchObject({ id: 2, price: null, ok: null, at: null, label: params[1] });
    for (const prepare of [false, true]) {
      const outside = await db.query<Row>(sql, params, { prepare, rowsAsJson: true });
      const inside = await db.transaction((tx) => tx.query<Row>(sql, params, { prepare, rowsAsJson: true }));
      for (const rows of [outside, inside].map(byId)) {
        expect(rows.map(({ at: _at, ...rest }) => rest)).toStrictEqual(
          plain.map(({ at: _at, ...rest }) => rest),
        );
        expect(rows.map((row) => instant(row.at))).toEqual(['2026-11-27T18:00:00.123Z', null]);
      }
    }
  });

  it('keep the statement prepared on the connection, and give a transaction its own uncommitted rows', async () => {
    const { db } = opened;
    const read = 'SELECT label FROM prepared_keys WHERE id = $1';
    const seen = await db
      .transaction(async (tx) => {
        await tx.query('INSERT INTO prepared_keys VALUES (100, $1)', ['not yet committed']);
        const rows = await tx.query(read, [100], { prepare: true });
        const held = await heldPrepared(tx, read);
        throw Object.assign(new Error('roll back'), { rows, held });
      })
      .catch((e: { rows: unknown; held: number }) => e);
    expect(seen.rows).toEqual([{ label: 'not yet committed' }]);
    expect(seen.held).toBe(1);
    // Rolled back; the statement, kept beyond the transaction, reads what is committed.
    expect(await db.query(read, [100], { prepare: true })).toEqual([]);
  });

  it('never run between the statements of a transaction another caller holds open', async () => {
    const { db } = opened;
    const read = 'SELECT count(*)::int AS n FROM prepared_keys WHERE id = $1';
    let outside: Promise<unknown> | undefined;
    await db
      .transaction(async (tx) => {
        await tx.query('INSERT INTO prepared_keys VALUES (200, $1)', ['rolled back']);
        outside = db.query(read, [200], { prepare: true });
        // Give the outside query every chance to run now, inside this transaction's work.
        for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setImmediate(resolve));
        await tx.query('SELECT 1');
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await outside).toEqual([{ n: 0 }]);
  });

  it('answer many at once, mixed with unprepared queries and a transaction', async () => {
    const { db } = opened;
    const read = 'SELECT id, $2::text AS tag FROM prepared_types WHERE id = $1';
    const runs = Array.from({ length: 30 }, (_, i) =>
      i % 10 === 9
        ? db.transaction(async (tx) => tx.query(read, [1 + (i % 2), `t${i}`], { prepare: true }))
        : db.query(read, [1 + (i % 2), `q${i}`], { prepare: i % 3 !== 0 }),
    );
    const answers = await Promise.all(runs);
    answers.forEach((rows, i) =>
      expect(rows).toEqual([{ id: 1 + (i % 2), tag: `${i % 10 === 9 ? 't' : 'q'}${i}` }]),
    );
  });

  it('fail as unprepared queries fail, and leave the database usable, outside and inside a transaction', async () => {
    const { db } = opened;
    const insert = 'INSERT INTO prepared_keys VALUES ($1, $2) RETURNING id';
    expect(await db.query(insert, [1, 'one'], { prepare: true })).toEqual([{ id: 1 }]);
    const cases: [string, unknown[]][] = [
      [insert, [1, 'again']], // unique violation, at Execute
      [insert, ['not a number', 'x']], // bad parameter, at Bind
      [insert, [2, null]], // not-null violation
      ['SELECT nope FROM prepared_keys WHERE id = $1', [1]], // refused at Parse: never kept
    ];
    for (const [sql, params] of cases) {
      const unprepared = await failure(db.query(sql, params));
      expect(unprepared.code).toMatch(/^[0-9A-Z]{5}$/);
      expect(await failure(db.query(sql, params, { prepare: true }))).toStrictEqual(unprepared);
      // rowsAsJson wraps a SELECT: its failures too are the statement's own.
      if (sql.startsWith('SELECT'))
        expect(await failure(db.query(sql, params, { prepare: true, rowsAsJson: true }))).toStrictEqual(
          unprepared,
        );
      const inside = await failure(
        db.transaction(async (tx) => {
          await tx.query('INSERT INTO prepared_keys VALUES (300, $1)', ['rolled back with the failure']);
          return tx.query(sql, params, { prepare: true });
        }),
      );
      expect(inside).toStrictEqual(unprepared);
      // The next statement, prepared or not, inside a transaction or not, works.
      expect(await db.query('SELECT label FROM prepared_keys ORDER BY id', [], { prepare: true })).toEqual([
        { label: 'one' },
      ]);
      expect(
        await db.transaction((tx) =>
          tx.query('SELECT count(*)::int AS n FROM prepared_keys', [], { prepare: true }),
        ),
      ).toEqual([{ n: 1 }]);
    }
  });
});
