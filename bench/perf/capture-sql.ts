// Prints, as JSON, the SQL a code path of the server sends, with its parameters inlined as
// literals, so that pgbench can run exactly that. Run with tsx (the bench's .mjs cannot import TS):
//
//   tsx bench/perf/capture-sql.ts <database url> search <location>
//   tsx bench/perf/capture-sql.ts <database url> restaurant <slug>
//
// It runs the real function (searchRestaurantsText, as the API answers, / getRestaurant) against the database through a
// Drizzle logger and answers { statements: string[] }.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema/index';
import { getRestaurant } from '../../src/server/modules/catalog/get-restaurant';
import { searchRestaurantsText } from '../../src/server/modules/catalog/search-restaurants';
import { SEARCH_DEFAULT_LIMIT } from '../../src/domain/contracts/catalog/search-restaurants';
import { tableGeocoder } from '../../src/server/modules/geo/geocoder';

const [url, what, arg] = process.argv.slice(2);

function literal(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v instanceof Date) return `'${v.toISOString()}'`;
  return `'${String(v).replace(/'/g, "''")}'`;
}

const statements: string[] = [];
const pool = new pg.Pool({ connectionString: url, max: 1 });
const db = drizzle({
  client: pool,
  schema,
  logger: {
    logQuery(query, params) {
      statements.push(query.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1])));
    },
  },
}) as unknown as Db;

if (what === 'search') {
  await searchRestaurantsText(db, tableGeocoder(), {
    location: arg,
    cuisine: undefined,
    filters: [],
    limit: SEARCH_DEFAULT_LIMIT,
    offset: 0,
  });
} else if (what === 'restaurant') {
  await getRestaurant(db, arg);
} else {
  throw new Error(`unknown path ${what}`);
}
await pool.end();
console.log(JSON.stringify({ statements }));
