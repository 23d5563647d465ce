import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ThreadedPglite } from './pglite-thread';

/**
 * The embedded database on its own thread answers as PGlite does in the caller's thread
 * (docs/decisions/0192-embedded-database-thread.md): each check runs on both and compares.
 */
const START = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];
let threaded: ThreadedPglite;
let local: PGlite;
beforeAll(async () => {
  threaded = new ThreadedPglite(null, START);
  local = new PGlite({ startParams: START });
  await Promise.all([threaded.waitReady, local.waitReady]);
  for (const db of [threaded, local]) await db.exec('create table t (id int primary key, v text, j jsonb)');
}, 60_000);
afterAll(async () => {
  await threaded?.close();
  await local?.close();
});

type Db = Pick<PGlite, 'query' | 'exec' | 'transaction' | 'listen'>;
const both = async <T>(run: (db: Db) => Promise<T>) => [await run(threaded as unknown as Db), await run(local)];
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (err: { code?: string; message: string; query?: string }) => ({
      code: err.code,
      message: err.message,
      query: err.query,
    }),
  );

describe('the embedded database on its own thread', () => {
  it('reads and writes values of every common type as PGlite does', async () => {
    const [a, b] = await both((db) =>
      db.query(
        'select $1::int + 1 as n, $2::jsonb as j, $3::int[] as a, $4::timestamptz as at, $5::bool as b, $6::text as t',
        [41, { a: [1, 'x'] }, [1, 2], new Date(0), true, null],
      ),
    );
    expect(a.rows).toEqual(b.rows);
    expect(a.rows[0]).toEqual({ n: 42, j: { a: [1, 'x'] }, a: [1, 2], at: new Date(0), b: true, t: null });
    const [ra, rb] = await both((db) =>
      db.query('insert into t (id, v) values ($1, $2), ($3, $4)', [1, 'one', 2, 'two']),
    );
    expect(ra.affectedRows).toBe(2);
    expect(ra.affectedRows).toBe(rb.affectedRows);
    const [rows, rowsLocal] = await both((db) => db.query('select id, v from t order by id', [], { rowMode: 'array' }));
    expect(rows.rows).toEqual([
      [1, 'one'],
      [2, 'two'],
    ]);
    expect(rows.rows).toEqual(rowsLocal.rows);
  });

  it('throws the database error with its code and the statement, and keeps going', async () => {
    const [dup, dupLocal] = await both((db) =>
      failure(db.query('insert into t (id, v) values ($1, $2)', [1, 'again'])),
    );
    expect(dup).toEqual(dupLocal);
    expect(dup?.code).toBe('23505');
    const [bad, badLocal] = await both((db) => failure(db.query('select nonsense from')));
    expect(bad).toEqual(badLocal);
    expect(bad?.code).toBe('42601');
    expect((await threaded.query('select count(*)::int as c from t')).rows).toEqual([{ c: 2 }]);
  });

  it('commits, rolls back and reports an aborted transaction as PGlite does', async () => {
    const outcomes = await both(async (db) => {
      await db.transaction(async (tx) => {
        await tx.query('insert into t (id, v) values ($1, $2)', [10, 'kept']);
      });
      await db.transaction(async (tx) => {
        await tx.query('insert into t (id, v) values ($1, $2)', [11, 'rolled back']);
        await tx.rollback();
      });
      const thrown = await failure(
        db.transaction(async (tx) => {
          await tx.query('insert into t (id, v) values ($1, $2)', [12, 'thrown']);
          throw new Error('boom');
        }),
      );
      const aborted = await failure(
        db.transaction(async (tx) => {
          await tx.query('insert into t (id, v) values ($1, $2)', [1, 'duplicate']).catch(() => undefined);
          await tx.query('select 1');
        }),
      );
      const ids = (await db.query<{ id: number }>('select id from t where id >= 10 order by id')).rows.map((r) => r.id);
      return { thrown, aborted, ids };
    });
    expect(outcomes[0]).toEqual(outcomes[1]);
    expect(outcomes[0].ids).toEqual([10]);
    expect(outcomes[0].thrown?.message).toBe('boom');
    expect(outcomes[0].aborted?.code).toBe('25P02');
  });

  it('runs an open transaction alone: a statement sent meanwhile runs after its commit', async () => {
    const seen: string[] = [];
    let release!: () => void;
    const holding = new Promise<void>((r) => (release = r));
    const transaction = threaded.transaction(async (tx) => {
      await tx.query('insert into t (id, v) values ($1, $2)', [20, 'in transaction']);
      seen.push('inserted');
      await holding;
      await tx.query('insert into t (id, v) values ($1, $2)', [21, 'in transaction']);
      seen.push('committing');
    });
    await new Promise((r) => setTimeout(r, 20));
    const outside = threaded
      .query<{ c: number }>('select count(*)::int as c from t where id in (20, 21)')
      .then((r) => seen.push(`outside saw ${r.rows[0].c}`));
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toEqual(['inserted']);
    release();
    await Promise.all([transaction, outside]);
    expect(seen).toEqual(['inserted', 'committing', 'outside saw 2']);
  });

  it('opens a transaction with its first statement: nothing waits for it before, and an empty one opens nothing', async () => {
    // Until the callback's first statement, the database is not held: a statement sent meanwhile runs at once.
    let release!: () => void;
    const holding = new Promise<void>((r) => (release = r));
    const transaction = threaded.transaction(async (tx) => {
      await holding;
      await tx.query('insert into t (id, v) values ($1, $2)', [30, 'late first statement']);
      // The insert gave the transaction an id; a statement of the same transaction still has it.
      // (Not now() against statement_timestamp(): the WebAssembly clock may give both the same millisecond.)
      return (await tx.query<{ open: boolean }>('select pg_current_xact_id_if_assigned() is not null as open')).rows[0]
        .open;
    });
    const outside = await threaded.query<{ c: number }>('select count(*)::int as c from t where id = 30');
    expect(outside.rows).toEqual([{ c: 0 }]);
    release();
    // The insert and the select after it ran in one transaction.
    expect(await transaction).toBe(true);
    const outcomes = await both(async (db) => {
      const empty = await db.transaction(async () => 'nothing run');
      const rolledBack = await db.transaction(async (tx) => {
        await tx.rollback();
        return 'rolled back before any statement';
      });
      const firstFails = await failure(
        db.transaction(async (tx) => {
          await tx.query('insert into t (id, v) values ($1, $2)', [1, 'duplicate first']);
        }),
      );
      const after = await db.transaction(async (tx) => (await tx.query<{ n: number }>('select 1 as n')).rows);
      return { empty, rolledBack, firstFails, after };
    });
    expect(outcomes[0]).toEqual(outcomes[1]);
    expect(outcomes[0].firstFails?.code).toBe('23505');
    expect(outcomes[0].after).toEqual([{ n: 1 }]);
  });

  it('delivers notifications, from a statement and from a commit, and stops after unlisten', async () => {
    const [got, gotLocal] = await both(async (db) => {
      const payloads: string[] = [];
      const stop = await db.listen('thread_test', (p) => payloads.push(p));
      await db.query("select pg_notify('thread_test', 'alone')");
      await db.transaction(async (tx) => {
        await tx.query("select pg_notify('thread_test', 'at commit')");
      });
      await new Promise((r) => setTimeout(r, 10));
      await stop();
      await db.query("select pg_notify('thread_test', 'after')");
      await new Promise((r) => setTimeout(r, 10));
      return payloads;
    });
    expect(got).toEqual(['alone', 'at commit']);
    expect(got).toEqual(gotLocal);
  });

  it('describes a statement afresh after the schema changes, and keeps prepared statements', async () => {
    await threaded.query('select v from t where id = $1', [1]);
    await threaded.exec('alter table t alter column v type int using length(v)');
    expect((await threaded.query('select v from t where id = $1', [1])).rows).toEqual([{ v: 3 }]);
    await threaded.exec('prepare doubled as select $1::int * 2 as d');
    expect((await threaded.query('execute doubled(21)')).rows).toEqual([{ d: 42 }]);
  });

  it('continues in a fresh thread on the same data folder, still listening', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'halalnosh-thread-'));
    const db = new ThreadedPglite(dir, START);
    try {
      await db.waitReady;
      await db.exec('create table kept (id int primary key)');
      await db.query('insert into kept values ($1)', [7]);
      const payloads: string[] = [];
      await db.listen('renewed', (p) => payloads.push(p));
      await db.renew();
      expect((await db.query('select id from kept')).rows).toEqual([{ id: 7 }]);
      await db.query("select pg_notify('renewed', 'after')");
      await new Promise((r) => setTimeout(r, 10));
      expect(payloads).toEqual(['after']);
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses statements once closed', async () => {
    const db = new ThreadedPglite(null, START);
    await db.waitReady;
    await db.close();
    await expect(db.query('select 1')).rejects.toThrow(/closed/);
  }, 60_000);
});
