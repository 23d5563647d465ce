import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { dbQueryDuration, secondsSince, watchPool } from '../platform/metrics';
import { statementText, summarizeStatement, tracing } from '../platform/tracing';
import { lockDataDir } from './data-dir-lock';
import { ThreadedPglite } from './pglite-thread';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** One type for both drivers: the PGlite and node-postgres databases share Drizzle's Postgres API. */
export type Db = NodePgDatabase<Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a callback for every NOTIFY on the channel; returns a function that stops listening. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Called once the start-up's writes are done (the seed): an embedded database this start
   * created continues in a fresh thread, which gives back the memory creating and filling it took
   * (docs/decisions/0192-embedded-database-thread.md). Nothing on PostgreSQL.
   */
  settle?(): Promise<void>;
  close(): Promise<void>;
  /**
   * Where connection errors are logged (the app's logger once it exists; before that, stderr):
   * a dropped idle connection or listener is reported, never swallowed.
   */
  useLog?(log: DatabaseLog): void;
};

export type DatabaseLog = { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };

const stderrLog: DatabaseLog = {
  error: (obj, msg) => console.error(JSON.stringify({ level: 50, msg, ...errorFields(obj) })),
  warn: (obj, msg) => console.error(JSON.stringify({ level: 40, msg, ...errorFields(obj) })),
};

function errorFields(obj: object): object {
  const err = (obj as { err?: unknown }).err;
  return err instanceof Error ? { ...obj, err: { type: err.name, message: err.message } } : obj;
}

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const MIGRATION_LOCK = 7_460_201;

/**
 * PGlite's own settings plus a smaller buffer pool: its default 128 MB of shared_buffers lives in the
 * WASM heap, which never shrinks, and was the largest part of the server's memory on PGlite
 * (docs/decisions/0178-fast-uncached-search.md). 16 MB holds the demo catalog's working set; the data
 * files sit in the OS page cache anyway (docs/decisions/0182-server-memory-on-pglite.md).
 */
const PGLITE_START = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * Opens the embedded database in `dir` (or in memory when dir is null) and brings it up to date.
 * With `thread` (the default for a data folder: the server's own database) PGlite runs on a thread
 * of its own (docs/decisions/0192-embedded-database-thread.md); without, in this thread.
 */
export async function openPglite(
  dir: string | null,
  { thread = process.env.PGLITE_THREAD ? process.env.PGLITE_THREAD === '1' : dir !== null }: { thread?: boolean } = {},
): Promise<Database> {
  if (dir) mkdirSync(dir, { recursive: true });
  // One process at a time: the server, or a command such as create-admin (docs/deploy.md).
  const release = dir ? await lockDataDir(dir) : async () => undefined;
  const created = dir !== null && !existsSync(path.join(dir, 'PG_VERSION'));
  let client: PGlite | undefined;
  let db: unknown;
  try {
    client = thread
      ? (new ThreadedPglite(dir, PGLITE_START) as unknown as PGlite)
      : new PGlite({ ...(dir ? { dataDir: dir } : {}), startParams: PGLITE_START });
    await client.waitReady;
    if (!thread) onePerTurn(client);
    timeStatements(client, 'pglite');
    traceTransactions(client);
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const drizzled = drizzle({ client, schema });
    await migrate(drizzled, { migrationsFolder: MIGRATIONS });
    db = drizzled;
  } catch (err) {
    await client?.close().catch(() => undefined);
    await release();
    throw err;
  }
  const opened = client;
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    async listen(channel, onPayload) {
      const unsub = await opened.listen(channel, onPayload);
      return async () => unsub();
    },
    async settle() {
      if (created && opened instanceof ThreadedPglite) await opened.renew();
    },
    async close() {
      await opened.close();
      await release();
    },
  };
}

/**
 * PGlite runs each statement synchronously on the event loop and hands its lock to the next waiting
 * statement in a microtask, so a queue of waiting statements ran in one go, for as long as the whole
 * queue took, without Node reading requests or accepting connections in between: under 50
 * connections a newly connected client waited seconds for its first answer
 * (docs/decisions/0178-fast-uncached-search.md). Statements sent outside a transaction are now let through one per
 * turn of the event loop (setImmediate), in arrival order, so I/O is served between any two of them.
 * Statements inside a transaction go straight on: the transaction holds the lock meanwhile.
 */
function onePerTurn(client: PGlite): void {
  const waiting: (() => void)[] = [];
  let pumping = false;
  const pump = () => {
    const next = waiting.shift();
    if (!next) {
      pumping = false;
      return;
    }
    next();
    setImmediate(pump);
  };
  const turn = () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (!pumping) {
        pumping = true;
        setImmediate(pump);
      }
    });
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  client.query = (async (...args: Parameters<typeof query>) => {
    await turn();
    return query(...args);
  }) as typeof client.query;
  client.exec = (async (...args: Parameters<typeof exec>) => {
    await turn();
    return exec(...args);
  }) as typeof client.exec;
}

/**
 * Times each statement the object sends through `query` (and PGlite's `exec`) into
 * halalnosh_db_query_duration_seconds: a clock reading and a histogram observation each, no
 * labels (docs/decisions/0228-metric-names.md). With traces on, each statement made inside a
 * request or a send is also a child span of it, with the operation and table read from its text
 * and never its parameters (docs/decisions/0241-traces-behind-an-endpoint.md); off, that is one
 * null check. On PGlite, statements inside a transaction go through the transaction's own object:
 * they are not timed, but with traces on they are traced (`traceTransactions`).
 */
function timeStatements(
  client: { query: unknown; exec?: unknown },
  kind: Database['kind'],
  { time = true }: { time?: boolean } = {},
): void {
  const target = client as Record<'query' | 'exec', unknown>;
  for (const method of ['query', 'exec'] as const) {
    const original = target[method];
    if (typeof original !== 'function') continue;
    const bound = (original as (...args: unknown[]) => unknown).bind(client);
    target[method] = (...args: unknown[]) => {
      const started = process.hrtime.bigint();
      // Traced only inside a traced request or send: otherwise one null check, or with traces on one context read.
      const tracer = tracing();
      const text = tracer?.inSpan() ? statementText(args[0]) : null;
      const traced = tracer && text !== null ? tracer.statement(kind, summarizeStatement(text)) : null;
      const result = bound(...args);
      if (result instanceof Promise) {
        const done = () => {
          if (time) dbQueryDuration.observe(secondsSince(started));
        };
        result.then(
          () => {
            done();
            traced?.(null);
          },
          (err: unknown) => {
            done();
            traced?.(sqlState(err));
          },
        );
      } else traced?.(null);
      return result;
    };
  }
}

/**
 * PGlite hands a transaction's statements to a transaction object of its own: with traces on, that
 * object's statements are traced too (not timed: the histogram keeps what it always measured).
 */
function traceTransactions(client: PGlite): void {
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback: (tx: Parameters<Parameters<PGlite['transaction']>[0]>[0]) => Promise<unknown>) =>
    transaction((tx) => {
      if (tracing()) timeStatements(tx, 'pglite', { time: false });
      return callback(tx);
    })) as PGlite['transaction'];
}

/** A database error's SQLSTATE (`23505`), else its class name: never its message, which quotes values. */
function sqlState(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : err instanceof Error ? err.name : 'Error';
}

/**
 * pg-pool calls back a waiting `connect` when another statement gives its connection back, in
 * that statement's async context (or in a later tick, in none): inside a traced request or send,
 * the callback is bound to the caller's span so `pool.query`'s statement is a child of the request
 * that asked for it, not of another one. Outside one, the callback is passed as it is.
 */
function keepCallerContext(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (cb?: (...args: unknown[]) => void) => unknown;
  (pool as unknown as { connect: typeof connect }).connect = (cb) => {
    const tracer = tracing();
    return connect(cb && tracer ? tracer.bind(cb) : cb);
  };
}

/** Connects to a PostgreSQL server and migrates it, serialised across processes by an advisory lock. */
export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  // JIT off: the server compiles a statement whose estimated cost passes jit_above_cost on every run, about 45 ms for a
  // city page of 500 branches, far more than the statement itself (docs/decisions/0295-postgres-jit-off.md).
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: '-c jit=off' });
  let log = stderrLog;
  // An idle connection the server drops (restart, failover) is replaced on next use; without a
  // listener its error would crash the process. It is logged: a run of them is worth a look.
  pool.on('error', (err) => log.error({ err }, 'database pool: an idle connection failed'));
  // Every statement goes through a pooled client's query (pool.query too): timed there once per connection.
  pool.on('connect', (client) => timeStatements(client, 'postgres'));
  keepCallerContext(pool);
  watchPool(() => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }));
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const db = drizzle({ client: pool, schema });
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(db, { migrationsFolder: MIGRATIONS });
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    lock.release();
  }
  const listeners: pg.Client[] = [];
  return {
    db,
    kind: 'postgres',
    async listen(channel, onPayload) {
      let client: pg.Client | null = null;
      let stopped = false;
      const connect = async (): Promise<void> => {
        const c = new pg.Client({ connectionString: url });
        c.on('notification', (msg) => {
          if (msg.channel === channel && msg.payload !== undefined) onPayload(msg.payload);
        });
        c.on('error', (err) => {
          log.warn({ err, channel }, 'database listener: connection lost, reconnecting');
          // The connection dropped: reconnect so this process keeps receiving other processes' events.
          listeners.splice(listeners.indexOf(c), 1);
          c.end().catch(() => undefined);
          if (!stopped)
            setTimeout(
              () =>
                void connect().catch((e: unknown) =>
                  log.error({ err: e, channel }, 'database listener: reconnect failed'),
                ),
              1000,
            );
        });
        await c.connect();
        await c.query(`listen "${channel.replace(/"/g, '')}"`);
        client = c;
        listeners.push(c);
      };
      await connect();
      return async () => {
        stopped = true;
        if (client) {
          listeners.splice(listeners.indexOf(client), 1);
          await client.end().catch(() => undefined);
        }
      };
    },
    useLog(next) {
      log = next;
    },
    async close() {
      await Promise.all(listeners.splice(0).map((c) => c.end().catch(() => undefined)));
      await pool.end();
    },
  };
}

/** Sends a NOTIFY; call it after the transaction that made the change has committed. */
export async function notify(db: Db, channel: string, payload: string | readonly string[]): Promise<void> {
  // Several payloads go in one statement (one transaction), delivered in this order.
  const payloads = typeof payload === 'string' ? [payload] : payload;
  await db.execute(
    sql`select ${sql.join(
      payloads.map((p) => sql`pg_notify(${channel}, ${p})`),
      sql`, `,
    )}`,
  );
}
