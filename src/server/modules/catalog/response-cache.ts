import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * The cache of the public catalog answers (search, restaurant page) as serialised JSON (decision
 * 0091). An entry is keyed by the request, the catalog version and the London minute:
 *
 * - catalog_version moves, in the writing transaction, with every statement on a table these
 *   answers read (statement triggers, migration 0005). Each request reads the version once,
 *   after it arrived, before any cached answer is used: a committed change is therefore seen by
 *   the next read on every server process sharing the database. Data read after the version may
 *   be newer than it, never older, so an entry is never staler than its key.
 * - "open now", pauses and certificate expiry depend on the clock: an entry lives for the minute
 *   it was made in (by the wall clock), never longer.
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

export type ResponseCache = {
  /** The answer for `key`, from the cache when the catalog and the minute are unchanged. */
  get(key: string, compute: () => Promise<string>, now?: Date): Promise<CachedAnswer>;
  /** Entries held (for tests). */
  size(): number;
  /** Version reads sent to the database so far (for tests). */
  versionReads(): number;
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
/** Answers smaller than this go uncompressed: the saving would not pay for the work. */
const MIN_COMPRESS_BYTES = 1024;

export function createResponseCache(
  db: Db,
  { enabled = true, changes }: { enabled?: boolean; changes?: CatalogChanges } = {},
): ResponseCache {
  let entries = new Map<string, CachedAnswer>();
  let entriesVersion: string | null = null;
  let entriesMinute = -1;
  let reads = 0;

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

  const answer = (body: string): CachedAnswer => {
    const twins: { br?: Buffer | null; gzip?: Buffer | null } = {};
    return {
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
        }
        return twins[coding]!;
      },
    };
  };

  return {
    async get(key, compute, now = new Date()) {
      if (!enabled) return answer(await compute());
      const version = heard === null ? await currentVersion() : `local-${heard}`;
      const minute = Math.floor(now.getTime() / 60_000);
      if (version !== entriesVersion || minute !== entriesMinute) {
        entries = new Map();
        entriesVersion = version;
        entriesMinute = minute;
      }
      const hit = entries.get(key);
      if (hit) return hit;
      const made = answer(await compute());
      // Only keep it if nothing moved while it was computed (another request may have reset the map).
      if (entriesVersion === version && entriesMinute === minute) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
        entries.set(key, made);
      }
      return made;
    },
    size: () => entries.size,
    versionReads: () => reads,
  };
}
