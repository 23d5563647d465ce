import { count, desc, max, sql } from 'drizzle-orm';
import type { CitySuggestionsResponse } from '../../../domain/contracts/admin/overview';
import type { Db } from '../../db/client';
import { citySuggestions } from '../../db/schema/index';

/** "Suggest a City" answers, one row per city (case and spacing ignored), most asked first. */
export async function listCitySuggestions(db: Db): Promise<CitySuggestionsResponse> {
  const key = sql`lower(trim(${citySuggestions.city}))`;
  const rows = await db
    .select({
      // The first capitalised spelling stands for the group ("Leicester" over "leicester ").
      city: sql<string>`(array_agg(trim(${citySuggestions.city}) order by (trim(${citySuggestions.city}) ~ '^[A-Z]') desc, ${citySuggestions.createdAt}))[1]`,
      count: count(),
      emails: sql<string[] | string | null>`array_remove(array_agg(distinct lower(${citySuggestions.email})), null)`,
      last: max(citySuggestions.createdAt),
      // Opened only while every suggestion of the city has been answered (a later one waits again).
      opened: sql<
        Date | string | null
      >`case when bool_and(${citySuggestions.openedAt} is not null) then max(${citySuggestions.openedAt}) end`,
    })
    .from(citySuggestions)
    .groupBy(key)
    .orderBy(desc(count()), desc(max(citySuggestions.createdAt)))
    .limit(100);
  const emailsOf = (v: string[] | string | null): string[] =>
    Array.isArray(v) ? v : !v || v === '{}' ? [] : v.replace(/^\{|\}$/g, '').split(',');
  return {
    cities: rows.map((r) => ({
      city: r.city,
      count: r.count,
      emails: emailsOf(r.emails),
      lastSuggestedAt: new Date(r.last ?? Date.now()).toISOString(),
      openedAt: r.opened ? new Date(r.opened).toISOString() : null,
    })),
    total: rows.reduce((n, r) => n + r.count, 0),
  };
}
