import { createHash } from 'node:crypto';
import {
  PGlite,
  messages,
  parse,
  protocol,
  type Transaction as PGliteTransaction,
} from '@electric-sql/pglite';
import { Client, Pool, type PoolConfig, type QueryConfig } from 'pg';

export interface QueryOptions {
  /**
   * A hot statement of fixed text (its values all parameters): PostgreSQL keeps it parsed on each pooled
   * connection, and after five runs plans it once for all values when that plan costs no more. Issue 26: the
   * stock page's row query cost 1.1 ms of PostgreSQL's time parsed and planned afresh, 0.2 ms prepared. Never for
   * text built from what a request asks (one prepared statement per variant, kept on every connection). PGlite
   * keeps it too, parsed and planned once for the life of the instance (`createPgliteDb`).
   */
  prepare?: boolean;
  /**
   * PGlite: the statement is sent wrapped so that each row comes back as one JSON value (an array of its columns:
   * jsonRowsOf), unpacked here into the same objects. Issue 26: PGlite's WebAssembly spends ~2.5 µs on every field
   * it sends, so the stock list's 50 rows of 45 columns took 5.6-7.0 ms to come back, against 1.8-3.0 ms as 50
   * JSON arrays (the same rows counted, nothing sent: 0.7-0.9 ms). PostgreSQL ignores it: building the JSON costs
   * its server more than node-postgres spends reading the fields (+0.9 ms for those 50 rows as objects). Only for
   * statements whose columns' JSON forms are what their caller reads: text, integers, booleans, and dates and
   * numerics cast to text; a timestamp comes as an ISO string where node-postgres gives a Date, so such a caller
   * takes both. The columns are read when the statement is first sent, and again after a migration or a failure:
   * for statements that name their columns.
   */
  rowsAsJson?: boolean;
}

/** How PGlite sends a statement asked `rowsAsJson`: the wrapped text, and the names of its rows' JSON arrays. */
interface JsonRows {
  readonly text: string;
  /** The statement's columns, in the order of each row's JSON array; null when each row is a JSON object. */
  readonly names: readonly string[] | null;
}

/** PostgreSQL's limit on a function's arguments (FUNC_MAX_ARGS), json_build_array's included. */
const MAX_FUNCTION_ARGUMENTS = 100;

/**
 * `sql` wrapped for `rowsAsJson`. Given its columns' names (as PGlite describes the statement), each row is a JSON
 * array of them (`json_build_array`): no column name is written again in every row (the stock list's 50 rows in
 * 1.8-3.0 ms, against 2.5-4.3 ms as objects). Without the names, past the limit on a function's arguments, or with
 * a name twice (which `q."name"` could not tell apart), each row is an object (`row_to_json`).
 */
function jsonRowsOf(sql: string, names: readonly string[] | null): JsonRows {
  if (names === null || names.length > MAX_FUNCTION_ARGUMENTS || new Set(names).size !== names.length) {
    return { text: `SELECT row_to_json(q) AS r FROM (${sql}) q`, names: null };
  }
  const columns = names.map((name) => `q."${name.replace(/"/g, '""')}"`).join(', ');
  return { text: `SELECT json_build_array(${columns}) AS r FROM (${sql}) q`, names };
}

/** The rows of a statement sent as `json`, as the statement itself would give them. */
function unpackJsonRows<R>(rows: ReadonlyArray<{ r: unknown }>, names: readonly string[] | null): R[] {
  if (names === null) return rows.map((row) => row.r as R);
  return rows.map(({ r }) => {
    const values = r as unknown[];
    const row: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i += 1) row[names[i] as string] = values[i];
    return row as R;
  });
}

/** What repositories need: parameterised queries, inside or outside a transaction. */
export interface Queryable {
  query<R extends object>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<R[]>;
}

const statementNames = new Map<string, string>();
/**
 * A prepared statement's name: a hash of its text, so one name never stands for two texts (node-postgres refuses
 * that) and the same text is the same statement on every connection, and on PGlite.
 */
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (name === undefined) {
    name = `loupe_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`;
    statementNames.set(sql, name);
  }
  return name;
}

/** node-postgres's query for `sql`: named when prepared. */
function pgQuery(sql: string, params: readonly unknown[], options?: QueryOptions): QueryConfig {
  if (!options?.prepare) return { text: sql, values: params as unknown[] };
  return { name: statementName(sql), text: sql, values: params as unknown[] };
}

/** "cached plan must not change result type": a prepared statement that a migration changed the result of. */
const isStalePlan = (error: unknown): boolean => (error as { code?: string }).code === '0A000';

/** `error` named as PGlite's `query` names its errors: the statement as asked, with its parameters. */
function asQueryError(error: unknown, sql: string, params: readonly unknown[]): unknown {
  if (error instanceof messages.DatabaseError)
    Object.assign(error, { query: sql, params, queryOptions: undefined });
  return error;
}

/** A statement PGlite keeps prepared: its parameters' types, and the schema generation it was parsed in. */
interface KeptStatement {
  readonly types: readonly number[];
  readonly generation: number;
}

/**
 * `{ prepare: true }` on PGlite (issue 26): PGlite's `query` parses, plans and describes its statement afresh
 * every time (the stock page's rows: 5.3 ms of planning for 1.3 ms of execution). This keeps the statement
 * prepared under its name for the life of the instance and sends only Bind/Describe/Execute/Sync, through the
 * same pieces as `query` (its protocol serializer, its parameter serializers by the types PostgreSQL describes,
 * its `parseResults` and parsers), so the rows are the same.
 */
function pgliteStatements(pg: PGlite) {
  const kept = new Map<string, KeptStatement>();
  // Migrations run through exec(): a statement parsed before one is parsed again (no stale plan to trip on).
  let generation = 0;

  // The messages of one round trip, sent together (a Buffer is a Uint8Array).
  const send = (parts: Uint8Array[]) => pg.execProtocolStream(Buffer.concat(parts), { syncToFs: false });

  /** The statement's parameter types, parsing it under `name` first if this instance does not hold it yet. */
  async function prepared(name: string, sql: string): Promise<readonly number[]> {
    const held = kept.get(name);
    if (held && held.generation === generation) return held.types;
    kept.delete(name);
    // Closing a name PostgreSQL does not hold is no error; one it holds (parsed before a migration) goes.
    const described = await send([
      protocol.serialize.close({ type: 'S', name }),
      protocol.serialize.parse({ name, text: sql }),
      protocol.serialize.describe({ type: 'S', name }),
      protocol.serialize.sync(),
    ]);
    const types = parse.parseDescribeStatementResults(described);
    kept.set(name, { types, generation });
    return types;
  }

  // The texts sent for `rowsAsJson`, by the statement asked, for the schema generation its columns were read in.
  const jsonTexts = new Map<string, { readonly json: JsonRows; readonly generation: number }>();

  /** How to send `sql` for `rowsAsJson`, describing its columns first if not done in this generation. */
  async function jsonRows(sql: string): Promise<JsonRows> {
    const held = jsonTexts.get(sql);
    if (held && held.generation === generation) return held.json;
    const described = await send([
      protocol.serialize.parse({ text: sql }),
      protocol.serialize.describe({ type: 'S' }),
      protocol.serialize.sync(),
    ]);
    const fields = described.find(
      (message): message is messages.RowDescriptionMessage => message.name === 'rowDescription',
    )?.fields;
    const json = jsonRowsOf(sql, fields ? fields.map((field) => field.name) : null);
    jsonTexts.set(sql, { json, generation });
    return json;
  }

  /**
   * Runs the statement prepared (as one JSON value a row for `asJson`); called holding PGlite's query lock, as
   * `query` holds it.
   */
  async function run<R extends object>(
    sql: string,
    params: readonly unknown[],
    asJson = false,
  ): Promise<R[]> {
    if (asJson) {
      try {
        const json = await jsonRows(sql);
        return unpackJsonRows<R>(await run<{ r: unknown }>(json.text, params), json.names);
      } catch (error) {
        // Described afresh next time (a plain ALTER may have dropped a column it names); named as it was asked.
        jsonTexts.delete(sql);
        throw asQueryError(error, sql, params);
      }
    }
    const name = statementName(sql);
    try {
      const types = await prepared(name, sql);
      const values = params.map((param, i) => {
        if (param === null || param === undefined) return null;
        const type = types[i];
        const serialize = type === undefined ? undefined : pg.serializers[type];
        return serialize ? serialize(param) : String(param);
      });
      const results = await send([
        protocol.serialize.bind({ statement: name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]);
      // One statement: one result (parseResults gives an empty one when there is none).
      return (parse.parseResults(results, pg.parsers)[0]?.rows ?? []) as R[];
    } catch (error) {
      if (isStalePlan(error)) kept.delete(name);
      throw asQueryError(error, sql, params);
    }
  }

  return {
    /** Outside a transaction: in the locks `query` takes, so never between a transaction's statements. */
    async query<R extends object>(sql: string, params: readonly unknown[], asJson = false): Promise<R[]> {
      await pg._checkReady();
      try {
        return await pg._runExclusiveTransaction(() =>
          pg._runExclusiveQuery(async () => {
            await pg._checkReady(); // a close() may have come first
            const rows = await run<R>(sql, params, asJson);
            await pg.syncToFs();
            return rows;
          }),
        );
      } catch (error) {
        if (isStalePlan(error)) return (await pg.query<R>(sql, params as unknown[])).rows;
        throw error;
      }
    },
    /** Inside `pg.transaction`, which holds its lock: the query lock alone, as the transaction's own queries. */
    async inTransaction<R extends object>(
      tx: PGliteTransaction,
      sql: string,
      params: readonly unknown[],
      asJson = false,
    ): Promise<R[]> {
      // Once the transaction has ended its lock is no longer held: refused, as the transaction's own query does.
      if (tx.closed) throw new Error('Transaction is closed');
      return pg._runExclusiveQuery(() => run<R>(sql, params, asJson));
    },
    /** Runs `exec` (migrations' DDL), after which every statement is parsed again before its next use. */
    async exec(exec: () => Promise<unknown>): Promise<void> {
      try {
        await exec();
      } finally {
        generation += 1;
      }
    },
  };
}

export interface Transaction extends Queryable {
  /** Runs several statements separated by semicolons (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Transaction {
  readonly kind: 'pglite' | 'postgres';
  /** Where the data lives, for the start log (never includes a password). */
  readonly description: string;
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * PGlite only: its data folder as an uncompressed tar, taken between queries. It waits for no transaction,
   * so it may be called inside one (db/backup.ts does, for a copy consistent with its checksums).
   */
  dumpDataDir?(): Promise<Uint8Array>;
  /**
   * Hears `NOTIFY channel` from every process on this database (PostgreSQL's LISTEN): `live(true)` once
   * listening, `live(false)` while the connection is lost (notifications sent meanwhile are missed, so a
   * cache kept by them must not be trusted), then `live(true)` again after reconnecting. Stops on the returned
   * function or on close().
   */
  listen(channel: string, handlers: ChannelHandlers): Promise<() => Promise<void>>;
  /** `pg_notify(channel, payload)`: delivered to every listener, this process's included (≤ 8,000 bytes). */
  notify(channel: string, payload: string): Promise<void>;
}

export interface ChannelHandlers {
  message(payload: string): void;
  live(listening: boolean): void;
}

/** A channel name as LISTEN takes it: an identifier, never quoted user input. */
const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;
function checkedChannel(channel: string): string {
  if (!CHANNEL.test(channel)) throw new Error(`not a channel name: ${channel}`);
  return channel;
}

/** An unprepared statement on PGlite or in one of its transactions; each row one JSON object for `asJson`. */
async function unpreparedRows<R extends object>(
  on: Pick<PGliteTransaction, 'query'>,
  sql: string,
  params: readonly unknown[],
  asJson = false,
): Promise<R[]> {
  if (!asJson) return (await on.query<R>(sql, params as unknown[])).rows;
  const json = jsonRowsOf(sql, null);
  return unpackJsonRows<R>((await on.query<{ r: unknown }>(json.text, params as unknown[])).rows, json.names);
}

export function createPgliteDb(dataDir: string | undefined, onClose?: () => void): Db {
  // `undefined` keeps the database in memory: used by nothing in production, handy in one-off scripts.
  const pg = new PGlite(dataDir);
  // Per instance: a PGlite opened afresh (close(), a restored backup) holds no prepared statement.
  const statements = pgliteStatements(pg);
  let closed = false;
  return {
    kind: 'pglite',
    description: dataDir ? `embedded PGlite in ${dataDir}` : 'embedded PGlite in memory',
    async query<R extends object>(sql: string, params: readonly unknown[] = [], options?: QueryOptions) {
      if (options?.prepare) return statements.query<R>(sql, params, options.rowsAsJson);
      return unpreparedRows<R>(pg, sql, params, options?.rowsAsJson);
    },
    async exec(sql: string) {
      await statements.exec(() => pg.exec(sql));
    },
    async transaction<T>(fn: (tx: Transaction) => Promise<T>) {
      return pg.transaction(async (tx) =>
        fn({
          async query<R extends object>(
            sql: string,
            params: readonly unknown[] = [],
            options?: QueryOptions,
          ): Promise<R[]> {
            if (options?.prepare) return statements.inTransaction<R>(tx, sql, params, options.rowsAsJson);
            return unpreparedRows<R>(tx, sql, params, options?.rowsAsJson);
          },
          async exec(sql: string) {
            await statements.exec(() => tx.exec(sql));
          },
        }),
      );
    },
    async dumpDataDir() {
      return new Uint8Array(await (await pg.dumpDataDir('none')).arrayBuffer());
    },
    // One process owns the data folder, so every notification comes from this process: listening never drops.
    async listen(channel, handlers) {
      const stop = await pg.listen(checkedChannel(channel), (payload) => handlers.message(payload));
      handlers.live(true);
      return async () => {
        handlers.live(false);
        if (!closed) await stop();
      };
    },
    async notify(channel, payload) {
      await pg.query('SELECT pg_notify($1, $2)', [checkedChannel(channel), payload]);
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await pg.close();
      } finally {
        onClose?.();
      }
    },
  };
}

export function createPostgresDb(databaseUrl: string): Db {
  // libpq-style parameters in the URL pass through, e.g. `?options=-c%20search_path%3Dmy_schema`.
  const config: PoolConfig = { connectionString: databaseUrl, max: 10 };
  const pool = new Pool(config);
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const url = new URL(databaseUrl);
  let closed = false;
  const listeners = new Set<() => Promise<void>>();
  return {
    kind: 'postgres',
    description: `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`,
    async query<R extends object>(sql: string, params: readonly unknown[] = [], options?: QueryOptions) {
      try {
        return (await pool.query<R>(pgQuery(sql, params, options))).rows;
      } catch (error) {
        // A connection keeps its prepared statement across a migration run by another instance (a rolling
        // deploy); if that changed the types the statement returns, PostgreSQL refuses it ("cached plan must not
        // change result type", SQLSTATE 0A000). The same query, unprepared, still answers.
        if (options?.prepare && isStalePlan(error)) {
          return (await pool.query<R>(sql, params as unknown[])).rows;
        }
        throw error;
      }
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction<T>(fn: (tx: Transaction) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          async query<R extends object>(
            sql: string,
            params: readonly unknown[] = [],
            options?: QueryOptions,
          ) {
            return (await client.query<R>(pgQuery(sql, params, options))).rows;
          },
          async exec(sql: string) {
            await client.query(sql);
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async listen(channel, handlers) {
      const { stop, firstAttempt } = listenWithReconnect(databaseUrl, checkedChannel(channel), handlers);
      // Listening (or known not to be) before the caller relies on it; a failure keeps retrying behind.
      await firstAttempt;
      const stopOnce = async () => {
        if (listeners.delete(stopOnce)) await stop();
      };
      listeners.add(stopOnce);
      return stopOnce;
    },
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [checkedChannel(channel), payload]);
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}

/** The application_name of this process's connection listening on `channel`. */
export const listenerName = (channel: string): string => `loupe ${channel} ${process.pid}`;

const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 10_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries and lose it), reconnecting with
 * a growing pause when it drops; `live` says when notifications may have been missed. Returns the stop, and
 * the first attempt's end (listening, or failed and retrying).
 */
function listenWithReconnect(
  databaseUrl: string,
  channel: string,
  handlers: ChannelHandlers,
): { stop: () => Promise<void>; firstAttempt: Promise<void> } {
  let stopped = false;
  let client: Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  let pauseMs = RECONNECT_FIRST_MS;

  const connect = async () => {
    timer = null;
    if (stopped) return;
    // Named, so an operator (and a test) can tell this process's listening connection in pg_stat_activity.
    const next = new Client({ connectionString: databaseUrl, application_name: listenerName(channel) });
    client = next;
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (client === next) client = null;
      next.removeAllListeners('notification');
      void next.end().catch(() => undefined);
      if (stopped) return;
      handlers.live(false);
      timer = setTimeout(() => void connect(), pauseMs);
      pauseMs = Math.min(pauseMs * 2, RECONNECT_MAX_MS);
    };
    next.on('error', onLost);
    next.on('end', onLost);
    next.on('notification', (notification) => {
      if (notification.channel === channel) handlers.message(notification.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch {
      onLost();
      return;
    }
    if (stopped || lost) return;
    pauseMs = RECONNECT_FIRST_MS;
    handlers.live(true);
  };
  const firstAttempt = connect();

  const stop = async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const current = client;
    client = null;
    handlers.live(false);
    if (current) {
      current.removeAllListeners();
      current.on('error', () => undefined);
      await current.end().catch(() => undefined);
    }
  };
  return { stop, firstAttempt };
}
