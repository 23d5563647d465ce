import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite } from '../db/client';
import { isUniqueViolation } from './db-errors';

// A real database error, wrapped by Drizzle as the use cases see it (the driver's error is its cause).
let database: Database;
async function errorOf(statement: ReturnType<typeof sql>): Promise<unknown> {
  try {
    await database.db.execute(statement);
  } catch (err) {
    return err;
  }
  throw new Error('the statement did not fail');
}

beforeAll(async () => {
  database = await openPglite(null);
  await database.db.execute(
    sql`create table t (id int primary key, slug text not null constraint t_slug_unique unique)`,
  );
  await database.db.execute(sql`insert into t values (1, 'a')`);
});
afterAll(async () => {
  await database?.close();
});

describe('isUniqueViolation', () => {
  it('recognises a unique violation, of any constraint or of the named one', async () => {
    const err = await errorOf(sql`insert into t values (2, 'a')`);
    expect(isUniqueViolation(err)).toBe(true);
    expect(isUniqueViolation(err, 't_slug_unique')).toBe(true);
  });

  it('says no for a unique violation of another constraint', async () => {
    const err = await errorOf(sql`insert into t values (1, 'b')`);
    expect(isUniqueViolation(err)).toBe(true);
    expect(isUniqueViolation(err, 't_slug_unique')).toBe(false);
  });

  it('says no for other database errors and for non-errors', async () => {
    const err = await errorOf(sql`insert into t values (3, null)`);
    expect(isUniqueViolation(err)).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    expect(isUniqueViolation(new Error('t_slug_unique'), 't_slug_unique')).toBe(false);
  });
});
