import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cardOffersSql, catalogVersionSql } from './card-rows';

/**
 * Every branch's offers text (card-rows.ts cardOffersSql) for one London date, as the database had them at one
 * catalog version, kept in this process (docs/decisions/0285-offers-off-the-uncached-path.md). Every write to
 * offers, menu items (an offer names its one dish), sites and brands moves `catalog_version` in its own
 * transaction (migrations 0005, 0038, 0041), so a statement that reads the same version in its own snapshot sees
 * the very offers these texts were read from: the search statements read the version and the offers subquery
 * runs only when it differs (then its texts are used, and a new read of all texts follows, one at a time). Any
 * process's write is therefore in the next answer of every process; nothing is told in memory.
 */
export type HeldOffers = { version: string; date: string; texts: ReadonlyMap<string, string> };

type Holder = { held: HeldOffers | null; loading: Promise<void> | null; reads: number };
const holders = new WeakMap<Db, Holder>();

const holderOf = (db: Db): Holder => {
  let holder = holders.get(db);
  if (!holder) holders.set(db, (holder = { held: null, loading: null, reads: 0 }));
  return holder;
};

/** The texts held for `date`, or null (the statement then reads each branch's offers). */
export function heldOffers(db: Db, date: string): HeldOffers | null {
  const held = holderOf(db).held;
  return held && held.date === date ? held : null;
}

/** Reads of every branch's offers so far (for tests). */
export function heldOffersReads(db: Db): number {
  return holderOf(db).reads;
}

/** The catalog's version and every branch's offers text at `date` (a JSON object by branch id), in one snapshot. */
export function everyBranchOffersSql(date: string) {
  return sql`select ${catalogVersionSql} as version, (select coalesce(json_object_agg(x.id, x.offers), '{}')::text
    from (select sites.id, ${cardOffersSql(date)} as offers from sites) x where x.offers is not null) as texts`;
}

/**
 * A statement read the catalog at `version` for `date`: when the texts held are not of them, every branch's texts
 * are read again (one read at a time; a read that fails is tried by a later statement).
 */
export function catalogSeen(db: Db, version: string, date: string): void {
  const holder = holderOf(db);
  if (holder.loading || (holder.held && holder.held.version === version && holder.held.date === date)) return;
  holder.loading = (async () => {
    try {
      const [row] = (await db.execute<{ version: string; texts: string }>(everyBranchOffersSql(date))).rows;
      holder.reads += 1;
      holder.held = {
        version: String(row.version),
        date,
        texts: new Map(Object.entries(JSON.parse(row.texts) as Record<string, string>)),
      };
    } catch {
      // Left as it was: the statements keep reading the offers until a later read succeeds.
    } finally {
      holder.loading = null;
    }
  })();
}

/**
 * The offers text of a branch for a row read with offersUnlessHeldSql: the held one when the row's statement read
 * the held version, else the row's own.
 */
export function offersOfRow(held: HeldOffers | null, version: string, id: string, own: string | null): string | null {
  return held !== null && held.version === version ? (held.texts.get(id) ?? null) : own;
}
