import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type AnswerClock, nextAnswerChange } from './answer-clock';

/**
 * The cache of the public catalog answers (search, restaurant page) as serialised JSON (decision
 * 0091). An entry is keyed by the request, the catalog version and the next instant at which the
 * clock alone could change an answer (answer-clock.ts, docs/decisions/0178-fast-uncached-search.md):
 *
 * - catalog_version moves, in the writing transaction, with every statement on a table these
 *   answers read (statement triggers, migration 0005). Each request reads the version once,
 *   after it arrived, before any cached answer is used: a committed change is therefore seen by
 *   the next read on every server process sharing the database. Data read after the version may
 *   be newer than it, never older, so an entry is never staler than its key.
 * - "open now", pauses and certificate expiry depend on the clock: an entry lives until the next
 *   opening or closing minute of any branch, the next end of any pause or the next whole hour,
 *   whichever comes first. Those instants are read once per catalog version, in the same
 *   statement as that version (one snapshot), so they always belong to the data of the entries.
 *
 * A cached answer is also kept compressed (brotli or gzip, whichever the browser takes), made once
 * on first request: a search answer of 24 cards is about 20 kB of JSON and 3 kB compressed, which
 * is what a phone on a slow connection waits for (Lighthouse: docs/product/README.md#performance).
 *
 * The answers do not depend on who asks (they are public and read no session), so one entry
 * serves every viewer. Concurrent requests share version reads: a request joins the next read to
 * start after it arrived, never one already in flight (which may predate a commit it must see).
 */
export type CachedAnswer = {
  body: string;
  etag: string;
  /** The body compressed for a coding, made on first request and kept with the entry (null when too small to gain). */
  encoded(coding: 'br' | 'gzip'): Buffer | null;
};

/** A cached answer with the memory it holds (body and compressed twins made so far). */
type Entry = CachedAnswer & { bytes: number };

export type ResponseCache = {
  /** The answer for `key`, from the cache when the catalog and the minute are unchanged. */
  get(key: string, compute: (now: Date) => Promise<string>, now?: Date): Promise<CachedAnswer>;
  /** Entries held (for tests). */
  size(): number;
  /** Memory the entries hold, in bytes: bodies and the compressed twins made so far (for tests). */
  bytes(): number;
  /** Version reads sent to the database so far (for tests). */
  versionReads(): number;
  /** Reads of the answer clock (with its version) sent so far (for tests). */
  clockReads(): number;
};

/**
 * Every change to the catalog, heard at its commit: `subscribe` calls `onChange` for each and
 * resolves once listening. Only for a database no other process writes to (the embedded one),
 * whose notifications reach this process before the writer's commit returns.
 */
/** The NOTIFY channel of catalog changes (the version trigger, migration 0024). */
export const CATALOG_CHANNEL = 'halalnosh_catalog';

export type CatalogChanges = { subscribe(onChange: () => void): Promise<unknown> };

const MAX_ENTRIES = 2000;
/**
 * Memory the entries may hold: each body's characters (a byte each for this JSON, which V8 keeps
 * one byte per character while it is Latin-1) plus its compressed twins once made. A bound on the
 * cache whatever the mix of requests; past it (or past MAX_ENTRIES) the least recently used entries
 * go first (docs/decisions/0182-server-memory-on-pglite.md).
 */
const MAX_BYTES = 24 * 1024 * 1024;

/**
 * The catalog version with the clock of its answers (answer-clock.ts), read in one statement and so
 * from one snapshot: every opening and closing minute (as the search SQL reads them, `::time`), every
 * minute a restaurant offer's daily window starts or ends (docs/decisions/0250-restaurant-offers-pricing.md) and
 * every pause's end at the millisecond (as JS reads the timestamp).
 */
const CLOCK_SQL = sql`select c.version::text as version,
  coalesce((select array_agg(distinct (extract(hour from x.t) * 60 + extract(minute from x.t))::float8)
    from sites s cross join lateral jsonb_each(s.opening_hours) d(day, v)
    cross join lateral (values ((d.v ->> 'open')::time), ((d.v ->> 'close')::time)) x(t)
    where jsonb_typeof(d.v) = 'object' and x.t is not null), '{}')
    -- The daily windows of restaurant offers not ended: the offer badge changes at them too.
    || coalesce((select array_agg(distinct (extract(hour from x.t) * 60 + extract(minute from x.t))::float8)
    from offers o cross join lateral (values (o.from_time::time), (o.until_time::time)) x(t)
    where o.ended_at is null and x.t is not null), '{}') as minutes,
  coalesce((select array_agg(distinct (extract(epoch from date_trunc('milliseconds', s.paused_until)) * 1000)::float8)
    from sites s where s.paused_until is not null), '{}') as pause_ends
  from catalog_version c where c.id = 1`;

type VersionedClock = AnswerClock & { version: string };

const numbers = (v: unknown): number[] =>
  (Array.isArray(v) ? v : typeof v === 'string' ? v.replace(/[{}]/g, '').split(',').filter(Boolean) : [])
    .map(Number)
    .sort((x, y) => x - y);
/** Answers smaller than this go uncompressed: the saving would not pay for the work. */
const MIN_COMPRESS_BYTES = 1024;

export function createResponseCache(
  db: Db,
  {
    enabled = true,
    changes,
    maxEntries = MAX_ENTRIES,
    maxBytes = MAX_BYTES,
  }: { enabled?: boolean; changes?: CatalogChanges; maxEntries?: number; maxBytes?: number } = {},
): ResponseCache {
  // In use order: the least recently used first (a hit moves its entry to the end).
  let entries = new Map<string, Entry>();
  let entriesVersion: string | null = null;
  let entriesUntil = -1;
  let entriesBytes = 0;
  let reads = 0;
  let clockReadCount = 0;

  // With the changes heard in this process, the version is a counter here: no read per request.
  // Until the subscription stands, versions are read as on a shared server.
  let heard: number | null = null;
  if (enabled && changes) {
    let pending = 0;
    void changes
      .subscribe(() => {
        if (heard === null) pending += 1;
        else heard += 1;
      })
      .then(() => {
        heard = pending;
      });
  }

  // Batched version reads: `waiting` are the callers that arrived while a read was in flight.
  let inFlight = false;
  let waiting: { resolve: (v: string) => void; reject: (e: unknown) => void }[] = [];
  const readVersion = async (): Promise<string> => {
    reads += 1;
    const result = await db.execute<{ version: string }>(
      sql`select version::text as version from catalog_version where id = 1`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: { version: string }[] }).rows) as {
      version: string;
    }[];
    return rows[0]?.version ?? '0';
  };
  const pump = (): void => {
    if (inFlight || !waiting.length) return;
    inFlight = true;
    const batch = waiting;
    waiting = [];
    readVersion().then(
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

  // The clock of the newest version read, and a load in flight (shared by concurrent requests).
  let clock: VersionedClock | null = null;
  let clockLoad: Promise<VersionedClock | null> | null = null;
  const loadClock = async (): Promise<VersionedClock | null> => {
    clockReadCount += 1;
    const at = heard;
    const result = await db.execute<{ version: string; minutes: unknown; pause_ends: unknown }>(CLOCK_SQL);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      version: string;
      minutes: unknown;
      pause_ends: unknown;
    }[];
    // With changes heard here, a change heard while the clock was read may or may not be in it.
    if (at !== heard) return null;
    const row = rows[0];
    return {
      version: at === null ? (row?.version ?? '0') : `local-${at}`,
      minutes: numbers(row?.minutes),
      pauseEnds: numbers(row?.pause_ends),
    };
  };
  /** The clock of the data of `version`, or null when it cannot be had (a change moved meanwhile). */
  const clockOf = async (version: string): Promise<VersionedClock | null> => {
    if (clock?.version === version) return clock;
    if (!clockLoad) {
      clockLoad = loadClock().finally(() => {
        clockLoad = null;
      });
    }
    const loaded = await clockLoad;
    if (loaded) clock = loaded;
    return loaded?.version === version ? loaded : null;
  };
  // nextAnswerChange for the last instant asked, reused while the clock stays inside its interval.
  let lastClock: VersionedClock | null = null;
  let lastAt = 0;
  let lastUntil = 0;
  const validUntil = (c: VersionedClock, t: number): number => {
    if (c !== lastClock || t < lastAt || t >= lastUntil) {
      lastClock = c;
      lastAt = t;
      lastUntil = nextAnswerChange(c, t);
    }
    return lastUntil;
  };

  /** Drops least recently used entries until `extra` more bytes and one more entry (if `adding`) fit. */
  const evict = (extra: number, adding: boolean): void => {
    while (entries.size && ((adding && entries.size >= maxEntries) || entriesBytes + extra > maxBytes)) {
      const [oldest, entry] = entries.entries().next().value as [string, Entry];
      entriesBytes -= entry.bytes;
      entries.delete(oldest);
    }
  };

  const answer = (body: string): Entry => {
    const twins: { br?: Buffer | null; gzip?: Buffer | null } = {};
    const entry: Entry = {
      bytes: body.length,
      body,
      etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
      encoded(coding) {
        // With the cache off every request would pay for compressing: answers then go as they are.
        if (!enabled || Buffer.byteLength(body) < MIN_COMPRESS_BYTES) return null;
        if (twins[coding] === undefined) {
          twins[coding] =
            coding === 'br'
              ? brotliCompressSync(body, {
                  params: {
                    [constants.BROTLI_PARAM_QUALITY]: 5,
                    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                  },
                })
              : gzipSync(body, { level: 6 });
          // A twin made for an entry the cache holds counts against its bound.
          const size = twins[coding]?.length ?? 0;
          if (entries.get(keyOf.get(entry) ?? '') === entry) {
            evict(size, false);
            if (entries.get(keyOf.get(entry)!) === entry) entriesBytes += size;
          }
          entry.bytes += size;
        }
        return twins[coding]!;
      },
    };
    return entry;
  };
  const keyOf = new WeakMap<Entry, string>();

  return {
    async get(key, compute, now = new Date()) {
      // The answer is made for the very instant its key was judged at.
      if (!enabled) return answer(await compute(now));
      const version = heard === null ? await currentVersion() : `local-${heard}`;
      const c = await clockOf(version);
      // A change committed while the clock was read: answer afresh, keep nothing.
      if (!c) return answer(await compute(now));
      const until = validUntil(c, now.getTime());
      if (version !== entriesVersion || until !== entriesUntil) {
        entries = new Map();
        entriesBytes = 0;
        entriesVersion = version;
        entriesUntil = until;
      }
      const hit = entries.get(key);
      if (hit) {
        // Most recently used now: last to go.
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      const made = answer(await compute(now));
      // Only keep it if nothing moved while it was computed (another request may have reset the map).
      if (entriesVersion === version && entriesUntil === until && !entries.has(key) && made.bytes <= maxBytes) {
        evict(made.bytes, true);
        entries.set(key, made);
        keyOf.set(made, key);
        entriesBytes += made.bytes;
      }
      return made;
    },
    size: () => entries.size,
    bytes: () => entriesBytes,
    versionReads: () => reads,
    clockReads: () => clockReadCount,
  };
}
