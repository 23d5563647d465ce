import { type SQL, type Table, getTableColumns, getTableName, sql } from 'drizzle-orm';
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
export function preparedStatement<Row extends Record<string, unknown>>(name: string, build: () => SQL) {
  const byDb = new WeakMap<Db, Executable>();
  return async (db: Db, values: Record<string, unknown>): Promise<Row[]> => {
    let statement = byDb.get(db);
    if (!statement) {
      statement = db._.session.prepareQuery(dialect.sqlToQuery(build()), undefined, name, false) as Executable;
      byDb.set(db, statement);
    }
    const result = (await statement.execute(values)) as { rows: Row[] };
    return result.rows;
  };
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
