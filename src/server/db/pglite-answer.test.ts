import { PGlite, type QueryOptions, messages, parse, protocol } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerHandler, readResults } from './pglite-answer';

/**
 * The embedded database thread's reader of raw answers gives what PGlite's own Parser and
 * parseResults give for the same bytes (docs/decisions/0194-embedded-answers-read-in-place.md).
 */
let db: PGlite;
beforeAll(async () => {
  db = new PGlite();
  await db.waitReady;
  await db.exec('create table t (id int primary key, v text)');
}, 60_000);
afterAll(async () => {
  await db?.close();
});

type Parsers = Record<number | string, (value: string, typeId?: number) => unknown>;

async function answer(text: string) {
  return db.execProtocolRaw(protocol.serialize.query(text), { syncToFs: false });
}

/** PGlite's reading: every message, the first error kept (later ones dropped), then parseResults. */
function pgliteReading(raw: Uint8Array, options?: QueryOptions) {
  const found: unknown[] = [];
  let error: unknown = null;
  const notices: string[] = [];
  const notifications: string[] = [];
  new protocol.Parser().parse(raw, (msg) => {
    if (error) return;
    if (msg instanceof messages.DatabaseError) error = msg;
    else if (msg instanceof messages.NoticeMessage) notices.push(msg.message ?? '');
    else if (msg instanceof messages.NotificationResponseMessage) notifications.push(`${msg.channel}:${msg.payload}`);
    found.push(msg);
  });
  const results = error ? null : parse.parseResults(found as never, db.parsers as never, options);
  return { results, error, notices, notifications };
}

function ourReading(raw: Uint8Array, options?: QueryOptions) {
  const notices: string[] = [];
  const notifications: string[] = [];
  const handler = answerHandler({ ...options, onNotice: (n) => notices.push(n.message ?? '') }, (channel, payload) =>
    notifications.push(`${channel}:${payload}`),
  );
  const results = readResults(raw, db.parsers as Parsers, options, handler.onMessage);
  return { results, error: handler.error(), notices, notifications };
}

async function same(text: string, options?: QueryOptions) {
  const raw = await answer(text);
  const theirs = pgliteReading(raw, options);
  const ours = ourReading(raw, options);
  expect(ours).toEqual(theirs);
  // Key order too (rows are objects built in column order).
  const keys = (r: typeof ours.results) => JSON.stringify(r, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
  expect(keys(ours.results)).toBe(keys(theirs.results));
  return ours;
}

describe("the embedded database's answers read in place", () => {
  it('reads values of every common type, nulls and text in any script as PGlite does', async () => {
    const { results } = await same(`select 41 + 1 as n, '{"a":[1,"x"]}'::jsonb as j, array[1, 2]::int[] as a,
      '1970-01-01T00:00:00Z'::timestamptz as at, true as b, null::text as t, 1.50::numeric as m, 0.1::float8 as f,
      'Ünïcødé ☪ 🍢 ''q'' \\ "d"' as u, E'\\uFEFFbom' as bom, '' as empty, '\\x00ff'::bytea as bin,
      '2026-11-28'::date as d, array['a', null, 'b,c']::text[] as ta, 9007199254740993::int8 as big`);
    expect(results![0]!.rows[0]).toMatchObject({ n: 42, j: { a: [1, 'x'] }, a: [1, 2], b: true, t: null });
  });

  it('reads several statements of one answer, each with its rows, fields and counts', async () => {
    const { results } = await same(`insert into t values (1, 'one'), (2, 'two'); select * from t order by id;
      update t set v = v || '!' where id > 0; select id from t where false; delete from t where id = 2;
      select count(*) from t`);
    expect(results!.map((r) => r.affectedRows)).toEqual([2, 2, 4, 4, 5, 5]);
  });

  it('reads rows as arrays and with the query’s own parsers', async () => {
    await same('select id, v from t order by id', { rowMode: 'array' });
    await same('select id, v from t order by id', { parsers: { 23: (v: string) => `int:${v}` } });
  });

  it('keeps a column named __proto__ as a value, and the last of two columns with one name', async () => {
    const { results } = await same(`select 1 as "__proto__", 2 as x, 3 as x`);
    const row = results![0]!.rows[0] as Record<string, unknown>;
    expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toBe(1);
    expect(row.x).toBe(3);
  });

  it('stops at the first error, as PGlite does, after the notices before it', async () => {
    const { error, notices } = await same(`do $$ begin raise notice 'before'; end $$; select 1/0; select 2`);
    expect((error as { code?: string }).code).toBe('22012');
    expect(notices).toEqual(['before']);
  });

  it('hands notifications on as PGlite does', async () => {
    await db.exec('listen ch');
    const { notifications } = await same(`notify ch, 'hello'`);
    expect(notifications).toEqual(['ch:hello']);
  });

  it('answers an empty statement and a command without rows as PGlite does', async () => {
    await same('');
    await same('begin; commit');
  });
});
