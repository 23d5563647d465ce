import { type SQL, type Table, fillPlaceholders, getTableColumns, getTableName, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

const dialect = new PgDialect();

type Executable = { execute(values: Record<string, unknown>): Promise<unknown> };

/**
 * A statement of a hot path, compiled to SQL text once per database instead of on every request,
 * and on PostgreSQL prepared once per pooled connection under `name` (later executions send only
 * the values, and the server skips parsing). Values are passed by name (`sql.placeholder`).
 * Building Drizzle's SQL text was a tenth of the server's time per order (docs/decisions/0094-prepared-statements.md).
 */
export function preparedStatement<Row extends Record<string, unknown>>(
  name: string,
  build: () => SQL,
  { prepareOnPglite = false }: { prepareOnPglite?: boolean } = {},
) {
  const byDb = new WeakMap<Db, Executable>();
  return async (db: Db, values: Record<string, unknown>): Promise<Row[]> => {
    let statement = byDb.get(db);
    if (!statement) {
      const query = dialect.sqlToQuery(build());
      const pglite = prepareOnPglite ? pgliteOf(db) : null;
      statement = pglite
        ? pglitePrepared(pglite, name, query)
        : (db._.session.prepareQuery(query, undefined, name, false) as Executable);
      byDb.set(db, statement);
    }
    const result = (await statement.execute(values)) as { rows: Row[] };
    return result.rows;
  };
}

export type Pglite = {
  query(text: string, params?: unknown[], options?: Record<string, unknown>): Promise<{ rows: unknown[] }>;
};

/**
 * The PGlite client under a Drizzle database, or null on node-postgres. An embedded database
 * belongs to this one process: what only this process writes can be counted in memory.
 */
export function pgliteOf(db: Db): Pglite | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client && typeof client === 'object' && 'execProtocol' in client ? (client as unknown as Pglite) : null;
}

// As Drizzle's PGlite driver reads raw rows: dates, timestamps, intervals and numeric arrays as text.
const asText = (value: string) => value;
const RAW_ROWS = {
  rowMode: 'object',
  parsers: {
    1114: asText,
    1184: asText,
    1186: asText,
    1082: asText,
    1231: asText,
    1115: asText,
    1185: asText,
    1187: asText,
    1182: asText,
  },
};

/**
 * On PGlite, a statement made with PREPARE once in its one session and run with EXECUTE: PGlite
 * plans every statement it is sent, and planning was most of the time of the search's one
 * statement there (docs/decisions/0178-fast-uncached-search.md). A lost statement (none is
 * deallocated today) is prepared again.
 */
function pglitePrepared(client: Pglite, name: string, query: { sql: string; params: unknown[] }): Executable {
  const run = pgliteExecutor(client, name, query.sql);
  return { execute: (values) => run(fillPlaceholders(query.params, values), RAW_ROWS) };
}

/** Runs `text` as the prepared statement `name` with the given values (PREPARE on first use). */
function pgliteExecutor(client: Pglite, name: string, text: string) {
  const id = `"${name.replace(/"/g, '')}"`;
  let prepared: Promise<unknown> | null = null;
  const prepare = () =>
    (prepared ??= client.query(`prepare ${id} as ${text}`).catch((err: unknown) => {
      prepared = null;
      throw err;
    }));
  return async (params: unknown[], options: Record<string, unknown>) => {
    // EXECUTE is a utility statement: it takes no bind parameters, so its values go as literals.
    const call = `execute ${id}(${params.map(literal).join(', ')})`;
    await prepare();
    try {
      return await client.query(call, [], options);
    } catch (err) {
      if ((err as { code?: string }).code !== '26000') throw err;
      prepared = null;
      await prepare();
      return client.query(call, [], options);
    }
  };
}

/**
 * A Drizzle prepared query (`.prepare(name)`) that, on PGlite, is also prepared in the database
 * (PREPARE once, then EXECUTE), as preparedStatement's `prepareOnPglite` does, while Drizzle still
 * maps its rows. On PostgreSQL Drizzle already prepares it per connection; it is returned as it is.
 */
export function preparedOnPglite<P extends object>(db: Db, name: string, prepared: P): P {
  const pglite = pgliteOf(db);
  if (!pglite) return prepared;
  // Drizzle's PGlite prepared query runs `client.query(text, params, options)`: its client becomes
  // one that executes the prepared statement instead.
  const target = prepared as unknown as { client: Pglite; queryString: string };
  if (typeof target.queryString !== 'string' || !('client' in target)) return prepared;
  const run = pgliteExecutor(pglite, name, target.queryString);
  target.client = { query: (_text, params, options) => run(params ?? [], options ?? {}) };
  return prepared;
}

/** A value as an SQL literal (standard_conforming_strings: only the quote is doubled). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string' && !value.includes('\0')) return `'${value.replace(/'/g, "''")}'`;
  throw new Error(`No SQL literal for ${typeof value}`);
}

/** The drizzle key → column name map of a table, for the keys that will be written. */
function columnsFor<T extends Table>(table: T, keys: readonly (keyof T['$inferInsert'] & string)[]) {
  const all = getTableColumns(table);
  return keys.map((key) => {
    const column = all[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    return { key, column };
  });
}

/**
 * `insert into <table> (<columns>) select <columns> from json_populate_recordset(null::<table>, $json)`:
 * rows given as one JSON array parameter (`placeholder`), so that one statement text serves any
 * number of rows and can be prepared. Columns left out take their defaults; `extra` adds columns
 * computed in SQL (name → expression). Pair it with jsonRowsValue for the parameter.
 */
export function insertJsonRows<T extends Table>(
  table: T,
  keys: readonly (keyof T['$inferInsert'] & string)[],
  placeholder: string,
  extra: Record<string, SQL> = {},
): SQL {
  const written = columnsFor(table, keys).map(({ column }) => column.name);
  const names = [...written, ...Object.keys(extra)];
  const selected = [...written.map((name) => sql`r.${sql.identifier(name)}`), ...Object.values(extra)];
  return sql`insert into ${table} (${sql.join(
    names.map((n) => sql.identifier(n)),
    sql`, `,
  )}) select ${sql.join(selected, sql`, `)} from json_populate_recordset(null::${table}, ${sql.placeholder(placeholder)}::json) r`;
}

/** The JSON parameter of insertJsonRows: each row's values for `keys`, as the column's driver value. */
export function jsonRowsValue<T extends Table>(
  table: T,
  keys: readonly (keyof T['$inferInsert'] & string)[],
  rows: readonly Partial<T['$inferInsert']>[],
): string {
  const columns = columnsFor(table, keys);
  const listed = new Set<string>(keys);
  return JSON.stringify(
    rows.map((row) => {
      // A field the statement does not write would be lost without a word: refuse it.
      for (const key of Object.keys(row))
        if (!listed.has(key)) throw new Error(`${getTableName(table)}.${key} is not among the columns written`);
      const out: Record<string, unknown> = {};
      for (const { key, column } of columns) {
        const value = (row as Record<string, unknown>)[key];
        // A json column takes the value itself: its driver value (JSON text) would land as a JSON string.
        const json = column.columnType === 'PgJsonb' || column.columnType === 'PgJson';
        out[column.name] = value === null || value === undefined ? null : json ? value : column.mapToDriverValue(value);
      }
      return out;
    }),
  );
}
