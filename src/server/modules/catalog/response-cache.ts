import { createHash } from 'node:crypto';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { type SQL, sql } from 'drizzle-orm';
import { ANY_CHANGE, cellOf, droppedTags, parseChange } from '../../../domain/catalog-invalidation';
import type { Db } from '../../db/client';
import { type AnswerClock, nextAnswerChange } from './answer-clock';

/**
 * The cache of the public catalog answers (search, restaurant page, server-rendered pages) as
 * serialised JSON (docs/decisions/0091-response-cache.md), invalidated as narrowly as the change
 * (docs/decisions/0246-narrow-cache-invalidation.md):
 *
 * - Every write to a table these answers read moves catalog_version in the writing transaction and
 *   records the keys of the answers it can change (`b:<branch>`, `s:<city>`, `g:<cell>`, `o:<branch>`, …,
 *   domain/catalog-invalidation.ts) in catalog_changes and its NOTIFY (migrations 0038, 0046).
 * - Each entry carries tags (its branch; a search's city or the cells of its postcode's reach, and the
 *   branches and ratings its page depends on; `*` when unknown). A change drops the entries tagged with one of its keys (and every `*`), no others.
 * - On PostgreSQL each request reads the version once, after it arrived, before any cached answer is
 *   used, together with the keys of every version this process has not applied yet: a committed
 *   change is therefore applied before the next answer on every process sharing the database. A
 *   gap in those versions (rows pruned) drops everything. On the embedded database the changes are
 *   heard at commit (NOTIFY with the keys) and nothing is read per request.
 * - The clock: an entry lives until the next opening or closing minute or pause end of the branches
 *   its tags cover (a page: its branch; a city's search: every branch of the city; a postcode's: every
 *   branch in its cells), or the next whole hour. Those instants are read per branch, again only when
 *   a change applied since the last read touched the tags of an answer being made (a hit reads nothing).
 * - Concurrent misses for one key wait for one computation (no stampede after a change), unless a
 *   change was applied after it began.
 *
 * A cached answer is also kept compressed (brotli or gzip, whichever the browser takes), made once
 * on first request: a search answer of 24 cards is about 20 kB of JSON and 3 kB compressed, which
 * is what a phone on a slow connection waits for (Lighthouse: docs/product/README.md#performance).
 * The compression runs on libuv's thread pool, not the request thread: after a change, a burst of
 * misses compressing on the main thread held every other request behind it
 * (docs/decisions/0280-misses-off-the-request-thread.md). Requests asking while it runs share it.
 * The answers do not depend on who asks (they are public and read no session), so one entry serves
 * every viewer.
 */
export type CachedAnswer = {
  body: string;
  etag: string;
  /**
   * The body compressed for a coding, made on first request (off the request thread) and kept with
   * the entry (null when too small to gain). A promise only while it is being made.
   */
  encoded(coding: 'br' | 'gzip'): Buffer | null | Promise<Buffer | null>;
};

/** What a computation answers: the body, with the tags of the changes that can alter it (`*` when a bare string). */
export type Computed = string | { body: string; tags: readonly string[] };

/** A cached answer with the memory it holds (body and compressed twins made so far) and its validity. */
type Entry = CachedAnswer & { bytes: number; tags: readonly string[]; madeAt: number; until: number };

export type ResponseCache = {
  /** The answer for `key`, from the cache when no change to its tags was made and its clock has not moved. */
  get(key: string, compute: (now: Date) => Promise<Computed>, now?: Date): Promise<CachedAnswer>;
  /** Entries held (for tests). */
  size(): number;
  /** Memory the entries hold, in bytes: bodies and the compressed twins made so far (for tests). */
  bytes(): number;
  /** Version reads sent to the database so far (for tests). */
  versionReads(): number;
  /** Reads of the answer clock (with its version) sent so far (for tests). */
  clockReads(): number;
  /** Branch rows those reads answered (for tests: after the first, only the branches a change named). */
  clockRowsRead(): number;
  /** Computations made so far (for tests: concurrent misses share one). */
  computations(): number;
  /** Whether an entry for `key` is held (for tests). */
  has(key: string): boolean;
};

/** The NOTIFY channel of catalog changes (the version trigger, migrations 0024 and 0038). */
export const CATALOG_CHANNEL = 'halalnosh_catalog';

/**
 * Every change to the catalog, heard at its commit: `subscribe` calls `onChange` with each NOTIFY
 * payload and resolves once listening. Only for a database no other process writes to (the
 * embedded one), whose notifications reach this process before the writer's commit returns.
 */
export type CatalogChanges = { subscribe(onChange: (payload?: string) => void): Promise<unknown> };

const MAX_ENTRIES = 2000;
/**
 * Memory the entries may hold: each body's characters (a byte each for this JSON, which V8 keeps
 * one byte per character while it is Latin-1) plus its compressed twins once made. A bound on the
 * cache whatever the mix of requests; past it (or past MAX_ENTRIES) the least recently used entries
 * go first (docs/decisions/0182-server-memory-on-pglite.md).
 */
const MAX_BYTES = 24 * 1024 * 1024;

/**
 * The clock of every branch (answer-clock.ts), or of the branches `ids` names, read in one statement:
 * per branch its city, position, opening and closing minutes (as the search SQL reads them, `::time`),
 * the minutes its restaurant offers' daily windows start or end (the offer badge changes at them too:
 * docs/decisions/0250-restaurant-offers-pricing.md) and its pause's end at the millisecond (as JS
 * reads the timestamp). After the first read only the branches a change named are read again
 * (docs/decisions/0266-embedded-misses-under-churn.md).
 */
export function clockSql(ids: readonly string[] | null): SQL {
  const only = ids ? sql` where s.id = any(${`{${ids.join(',')}}`}::uuid[])` : sql``;
  return sql`select coalesce((select json_agg(json_build_array(s.id, s.city_slug, s.lat, s.lng,
      (select array_agg(distinct mm.m) from (
        select (extract(hour from x.t) * 60 + extract(minute from x.t))::float8 as m
          from jsonb_each(case when jsonb_typeof(s.opening_hours) = 'object' then s.opening_hours else '{}'::jsonb end) d(day, v)
          cross join lateral (values ((d.v ->> 'open')::time), ((d.v ->> 'close')::time)) x(t)
          where jsonb_typeof(d.v) = 'object' and x.t is not null
        union all
        select (extract(hour from x.t) * 60 + extract(minute from x.t))::float8
          from offers o cross join lateral (values (o.from_time::time), (o.until_time::time)) x(t)
          where o.ended_at is null and x.t is not null
            and (o.site_id = s.id or (o.site_id is null and o.brand_id = s.brand_id))) mm),
      (extract(epoch from date_trunc('milliseconds', s.paused_until)) * 1000)::float8))
    from sites s${only}), '[]') as branches`;
}

/** A branch key's id as the triggers write it (`b:<uuid>`): only those are read alone. */
const BRANCH_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * Keys that, without a `b:` key beside them, change no branch's clock (a branch's own write always names it,
 * migrations 0038 and 0046: `c:`, `cs:`, `o:`, `r:` and `ra:` come only beside the `b:` of their branch).
 */
const GROUP_KEY = /^(s|cs|g|d|dg|c|o|r|ra):/;

/**
 * The clocks read after `issuedAt` changes were applied here: per branch, per city, per grid cell
 * and of everything. They hold for an answer whose tags no change applied since has touched.
 */
type BranchClocks = {
  issuedAt: number;
  /** The rows they were grouped from, by branch id (a later read of a few branches replaces theirs). */
  rows: Map<string, BranchClockRow>;
  branches: Map<string, AnswerClock>;
  cities: Map<string, AnswerClock>;
  cells: Map<string, AnswerClock>;
  global: AnswerClock;
};

const EMPTY_CLOCK: AnswerClock = { minutes: [], pauseEnds: [] };

type BranchClockRow = [string, string | null, number | null, number | null, number[] | null, number | null];

/** Groups the branches' clocks: each group's minutes and pause ends, distinct and ascending. */
function groupClocks(issuedAt: number, byId: Map<string, BranchClockRow>) {
  const rows = byId.values();
  const groups = { cities: new Map<string, Set<number>[]>(), cells: new Map<string, Set<number>[]>() };
  const add = (map: Map<string, Set<number>[]>, key: string, minutes: number[], pause: number | null) => {
    let g = map.get(key);
    if (!g) map.set(key, (g = [new Set(), new Set()]));
    for (const m of minutes) g[0].add(m);
    if (pause !== null) g[1].add(pause);
  };
  const all: Set<number>[] = [new Set(), new Set()];
  const branches = new Map<string, AnswerClock>();
  for (const [id, city, lat, lng, minutes, pause] of rows) {
    const m = (minutes ?? []).map(Number);
    const p = pause === null ? null : Number(pause);
    branches.set(id, { minutes: [...new Set(m)].sort((x, y) => x - y), pauseEnds: p === null ? [] : [p] });
    if (city) add(groups.cities, city, m, p);
    if (lat !== null && lng !== null) add(groups.cells, cellOf(Number(lat), Number(lng)), m, p);
    for (const x of m) all[0].add(x);
    if (p !== null) all[1].add(p);
  }
  const sorted = (g: Set<number>[]): AnswerClock => ({
    minutes: [...g[0]].sort((x, y) => x - y),
    pauseEnds: [...g[1]].sort((x, y) => x - y),
  });
  const collapse = (map: Map<string, Set<number>[]>) => new Map([...map].map(([k, g]) => [k, sorted(g)]));
  return {
    issuedAt,
    rows: byId,
    branches,
    cities: collapse(groups.cities),
    cells: collapse(groups.cells),
    global: sorted(all),
  } satisfies BranchClocks;
}

/** The clock an answer tagged `tag` follows (a tag that names no branch: none but the hour). */
function clockOfTag(c: BranchClocks, tag: string): AnswerClock {
  if (tag === ANY_CHANGE) return c.global;
  const at = tag.indexOf(':');
  const kind = tag.slice(0, at);
  const name = tag.slice(at + 1);
  if (kind === 'b' || kind === 'c' || kind === 'o') return c.branches.get(name) ?? EMPTY_CLOCK;
  if (kind === 's' || kind === 'cs' || kind === 'd') return c.cities.get(name) ?? EMPTY_CLOCK;
  if (kind === 'g' || kind === 'dg') return c.cells.get(name) ?? EMPTY_CLOCK;
  return EMPTY_CLOCK;
}

/** Answers smaller than this go uncompressed: the saving would not pay for the work. */
const MIN_COMPRESS_BYTES = 1024;

export function createResponseCache(
  db: Db,
  {
    enabled = true,
    changes,
    maxEntries = MAX_ENTRIES,
    maxBytes = MAX_BYTES,
    onChange,
  }: {
    enabled?: boolean;
    changes?: CatalogChanges;
    maxEntries?: number;
    maxBytes?: number;
    /** Told each change applied here (its keys; null: everything), before any answer after it is made. */
    onChange?: (keys: readonly string[] | null) => void;
  } = {},
): ResponseCache {
  // In use order: the least recently used first (a hit moves its entry to the end).
  const entries = new Map<string, Entry>();
  // The keys of the entries carrying each tag.
  const tagged = new Map<string, Set<string>>();
  let entriesBytes = 0;
  let reads = 0;
  let clockReadCount = 0;
  let clockRowCount = 0;
  let computeCount = 0;

  // Changes applied so far, and when each tag was last dropped (an entry computed since is kept only
  // if none of its tags was dropped while it was computed).
  let applied = 0;
  const lastDrop = new Map<string, number>();
  let lastAll = 0;

  const remove = (key: string): void => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    entriesBytes -= entry.bytes;
    for (const tag of entry.tags) {
      const keys = tagged.get(tag);
      keys?.delete(key);
      if (keys && !keys.size) tagged.delete(tag);
    }
  };
  // The branches whose clock rows a change applied since the last clock read may have moved ('all': read every branch).
  let clockDirty: Set<string> | 'all' = 'all';
  const markClocks = (keys: readonly string[] | null): void => {
    if (clockDirty === 'all') return;
    if (!keys) {
      clockDirty = 'all';
      return;
    }
    for (const key of keys) {
      if (key.startsWith('b:') && BRANCH_ID.test(key.slice(2))) clockDirty.add(key.slice(2));
      else if (!GROUP_KEY.test(key) && key !== 'cities') {
        clockDirty = 'all';
        return;
      }
    }
  };
  const clearAll = (): void => {
    markClocks(null);
    onChange?.(null);
    applied += 1;
    lastAll = applied;
    entries.clear();
    tagged.clear();
    entriesBytes = 0;
  };
  /** Applies one change: its keys (or everything, null). */
  const applyChange = (keys: readonly string[] | null): void => {
    const tags = keys ? droppedTags(keys) : null;
    if (!tags) return clearAll();
    markClocks(keys);
    onChange?.(keys);
    applied += 1;
    for (const tag of tags) {
      lastDrop.set(tag, applied);
      for (const key of [...(tagged.get(tag) ?? [])]) remove(key);
    }
  };

  // On the embedded database the changes are heard here, at commit: `heard` counts them and no
  // version is read per request. Until the subscription stands, versions are read as on PostgreSQL.
  let heard: number | null = null;
  if (enabled && changes) {
    let pending = 0;
    void changes
      .subscribe((payload) => {
        const change = payload ? parseChange(payload) : null;
        applyChange(change ? change.keys : null);
        if (heard === null) pending += 1;
        else heard += 1;
      })
      .then(() => {
        heard = pending;
        // Entries made on versions read before it stood: a change between that read and the
        // subscription would go unheard.
        clearAll();
      });
  }

  // The version whose changes are applied here (PostgreSQL), and batched reads of the changes since:
  // `waiting` are the callers that arrived while a read was in flight.
  let known: string | null = null;
  let inFlight = false;
  let waiting: { resolve: (v: string) => void; reject: (e: unknown) => void }[] = [];
  const readChanges = async (): Promise<string> => {
    reads += 1;
    const since = known;
    const result = await db.execute<{ version: string; n: number; keys: unknown }>(
      sql`select c.version::text as version,
        (select count(*)::int from catalog_changes l where l.version > ${since}::bigint and l.version <= c.version) as n,
        (select coalesce(json_agg(k), '[]') from catalog_changes l cross join lateral unnest(l.keys) k
          where l.version > ${since}::bigint and l.version <= c.version) as keys
        from catalog_version c where c.id = 1`,
    );
    const row = result.rows[0];
    const version = row?.version ?? '0';
    if (since === null) {
      clearAll();
    } else if (version !== since) {
      const keys = (typeof row.keys === 'string' ? JSON.parse(row.keys) : row.keys) as string[];
      // Every version in between must be there; a pruned one may have touched anything.
      if (BigInt(version) - BigInt(since) !== BigInt(row.n)) clearAll();
      else applyChange(keys);
    }
    known = version;
    return version;
  };
  const pump = (): void => {
    if (inFlight || !waiting.length) return;
    inFlight = true;
    const batch = waiting;
    waiting = [];
    readChanges().then(
      (v) => {
        inFlight = false;
        for (const w of batch) w.resolve(v);
        pump();
      },
      (err: unknown) => {
        inFlight = false;
        for (const w of batch) w.reject(err);
        pump();
      },
    );
  };
  const currentVersion = (): Promise<string> =>
    new Promise((resolve, reject) => {
      waiting.push({ resolve, reject });
      pump();
    });

  // The newest clocks read, and a read in flight (shared by concurrent misses).
  let clock: BranchClocks | null = null;
  let clockLoad: Promise<BranchClocks> | null = null;
  const loadClock = async (): Promise<BranchClocks> => {
    // Every change applied so far is committed, so the read (issued after) sees it.
    const issuedAt = applied;
    const base = clock;
    const dirty = clockDirty;
    const whole = !base || dirty === 'all';
    clockDirty = new Set();
    // No branch named since the last read: the same rows hold, now for every change applied so far.
    if (!whole && !dirty.size) return groupClocks(issuedAt, base.rows);
    clockReadCount += 1;
    let list: BranchClockRow[];
    try {
      const row = (await db.execute<{ branches: unknown }>(clockSql(whole ? null : [...dirty]))).rows[0];
      list = (typeof row?.branches === 'string' ? JSON.parse(row.branches) : (row?.branches ?? [])) as BranchClockRow[];
    } catch (err) {
      // Read again next time: what this read was to bring is still unread.
      if (whole) clockDirty = 'all';
      else for (const id of dirty) markClocks([`b:${id}`]);
      throw err;
    }
    clockRowCount += list.length;
    const rows = whole ? new Map<string, BranchClockRow>() : new Map(base.rows);
    // A branch named but not found was removed.
    if (!whole) for (const id of dirty) rows.delete(id);
    for (const r of list) rows.set(r[0], r);
    return groupClocks(issuedAt, rows);
  };
  /** Whether no change applied after the clocks were read touched these tags. */
  const holds = (c: BranchClocks, tags: readonly string[]): boolean =>
    lastAll <= c.issuedAt && tags.every((tag) => (lastDrop.get(tag) ?? 0) <= c.issuedAt);
  const startClockLoad = (): Promise<BranchClocks> =>
    (clockLoad ??= loadClock()
      .then((c) => {
        if (!clock || c.issuedAt >= clock.issuedAt) clock = c;
        return c;
      })
      .finally(() => {
        clockLoad = null;
      }));
  /**
   * At a miss's start: the clock rows of the branches changes named since the last read are read now,
   * beside the answer's own reads, not after them (docs/decisions/0280-misses-off-the-request-thread.md).
   * Read after every change this request must see was applied, so it serves the answer as a read at
   * its end would; a change applied later marks its tags and clocksFor reads again, as before.
   */
  const prefetchClock = (): void => {
    if (clockLoad || (clock && clockDirty !== 'all' && !clockDirty.size)) return;
    // Its failure is the waiting miss's, if any: clocksFor reads again.
    startClockLoad().catch(() => undefined);
  };
  /** Clocks that hold for `tags`, read again when a change to them came since (null: changes kept coming). */
  const clocksFor = async (tags: readonly string[]): Promise<BranchClocks | null> => {
    for (let tries = 0; tries < 3; tries += 1) {
      if (clock && holds(clock, tags)) return clock;
      await startClockLoad();
    }
    return clock && holds(clock, tags) ? clock : null;
  };
  /** Until when an answer with `tags`, made at `t`, stays true on the clocks `c`. */
  const untilOf = (c: BranchClocks, tags: readonly string[], t: number): number => {
    let until = Infinity;
    for (const tag of tags) until = Math.min(until, nextAnswerChange(clockOfTag(c, tag), t));
    return until;
  };

  /** Drops least recently used entries until `extra` more bytes and one more entry (if `adding`) fit. */
  const evict = (extra: number, adding: boolean): void => {
    while (entries.size && ((adding && entries.size >= maxEntries) || entriesBytes + extra > maxBytes)) {
      remove(entries.keys().next().value as string);
    }
  };

  const keyOf = new WeakMap<CachedAnswer, string>();
  const answer = (body: string, tags: readonly string[] = [ANY_CHANGE], madeAt = 0, until = 0): Entry => {
    const twins: { br?: Buffer | null | Promise<Buffer | null>; gzip?: Buffer | null | Promise<Buffer | null> } = {};
    let small: boolean | undefined;
    /** Compresses on libuv's thread pool; a failure sends the body as it is. */
    const compress = (coding: 'br' | 'gzip'): Promise<Buffer | null> =>
      new Promise<Buffer | null>((resolve) => {
        const done = (err: Error | null, out: Buffer) => resolve(err ? null : out);
        if (coding === 'br')
          brotliCompress(
            body,
            {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 5,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            },
            done,
          );
        else gzip(body, { level: 6 }, done);
      }).then((twin) => {
        twins[coding] = twin;
        // A twin made for an entry the cache holds counts against its bound.
        const size = twin?.length ?? 0;
        if (entries.get(keyOf.get(entry) ?? '') === entry) {
          evict(size, false);
          if (entries.get(keyOf.get(entry)!) === entry) entriesBytes += size;
        }
        entry.bytes += size;
        return twin;
      });
    const entry: Entry = {
      bytes: body.length,
      body,
      tags,
      madeAt,
      until,
      etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
      encoded(coding) {
        // With the cache off every request would pay for compressing: answers then go as they are.
        if (!enabled || (small ??= Buffer.byteLength(body) < MIN_COMPRESS_BYTES)) return null;
        return (twins[coding] ??= compress(coding));
      },
    };
    return entry;
  };
  const bodyOf = (c: Computed) => (typeof c === 'string' ? { body: c, tags: [ANY_CHANGE] } : c);

  // Computations in flight by key: concurrent misses share one while no change was applied since it began.
  const flights = new Map<string, { applied: number; made: Promise<Entry> }>();

  return {
    async get(key, compute, now = new Date()) {
      // The answer is made for the very instant its key was judged at.
      if (!enabled) {
        computeCount += 1;
        return answer(bodyOf(await compute(now)).body);
      }
      // On PostgreSQL: the version, and the changes this process missed, read after the request arrived.
      if (heard === null) await currentVersion();
      // The changes applied when this request began: an answer made now is kept only if none applied
      // later touched its tags (its data may predate that change).
      const start = applied;
      const t = now.getTime();
      // A hit needs no clock: its end was judged when it was made, and no change to its tags came since.
      const hit = entries.get(key);
      if (hit && hit.madeAt <= t && t < hit.until) {
        // Most recently used now: last to go.
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      if (hit) remove(key);
      const flight = flights.get(key);
      if (flight && flight.applied === applied) {
        const shared = await flight.made;
        if (shared.madeAt <= t && t < shared.until) return shared;
      }
      computeCount += 1;
      prefetchClock();
      const made = (async () => {
        const out = bodyOf(await compute(now));
        const tags = out.tags.length ? out.tags : [ANY_CHANGE];
        const c = await clocksFor(tags);
        // No clocks to judge its end by: served, not kept (until −1).
        return answer(out.body, tags, t, c ? untilOf(c, tags, t) : -1);
      })();
      const mine = { applied: start, made };
      flights.set(key, mine);
      let entry: Entry;
      try {
        entry = await made;
      } finally {
        if (flights.get(key) === mine) flights.delete(key);
      }
      // Kept only if no change to its tags was applied while it was computed (its data may predate it).
      const fresh = lastAll <= start && entry.tags.every((tag) => (lastDrop.get(tag) ?? 0) <= start);
      if (fresh && entry.until > t && entries.get(key) !== entry && entry.bytes <= maxBytes) {
        remove(key);
        evict(entry.bytes, true);
        entries.set(key, entry);
        keyOf.set(entry, key);
        entriesBytes += entry.bytes;
        for (const tag of entry.tags) {
          let keys = tagged.get(tag);
          if (!keys) tagged.set(tag, (keys = new Set()));
          keys.add(key);
        }
      }
      return entry;
    },
    size: () => entries.size,
    bytes: () => entriesBytes,
    versionReads: () => reads,
    clockReads: () => clockReadCount,
    clockRowsRead: () => clockRowCount,
    computations: () => computeCount,
    has: (key) => entries.has(key),
  };
}
