import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_FILTERS } from '../../../domain/search-filters';
import { sites, user } from '../../db/schema/index';
import { seedDemo } from '../../db/seed/seed-demo';
import { type TestApp, createTestApp } from '../../test/test-app';
import { siteReviewsQuery } from '../reviews/list-reviews';
import { myReviewQuery } from '../reviews/get-my-review';
import { completedOrderQuery, siteRatingTotalsQuery } from '../reviews/save-review';
import { londonDate } from '../../../domain/halal-facts';
import { cardRowsByIds } from './card-rows';
import { cityBranchesQuery, cityPageQuery, cityRankQuery, nearbyBranchesQuery, nearbyRankQuery } from './find-branches';
import { branchBySlugQuery } from './get-restaurant';
import { branchMenuQuery } from './load-menu';

/**
 * The restaurant page, the search and the reviews block must be answered from indexes. Tiny demo
 * tables make any planner prefer a sequential scan, so each plan is taken with sequential scans
 * switched off: a Seq Scan, or a walk of a whole index, that still appears means no index can
 * narrow that read.
 */
let t: TestApp;
let site: typeof sites.$inferSelect;
let menuId: string;
let userId: string;

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Recheck Cond'?: string;
  Filter?: string;
  Plans?: PlanNode[];
};

/**
 * Every table read in a plan, as "<how> on <table>". A read counts as indexed only when an index
 * narrows it by a condition: an index scan with an Index Cond or a bitmap scan with a Recheck
 * Cond. A full walk of some index ("Index Scan" without a condition) is reported as "Full Scan",
 * since it reads the whole table as surely as a Seq Scan does.
 */
function scans(node: PlanNode, out: string[] = [], parent?: PlanNode): string[] {
  const table = node['Relation Name'];
  if (table) {
    // An index read straight under a Limit, with no filter, stops at the limit: min() and max()
    // read one end of an index (the postcode box's largest radius).
    const endOfIndex = parent?.['Node Type'] === 'Limit' && !!node['Index Name'] && !node.Filter;
    const narrowed = !!(node['Index Cond'] || node['Recheck Cond']) || endOfIndex;
    const how = node['Node Type'] === 'Seq Scan' ? 'Seq Scan' : narrowed ? 'Indexed' : 'Full Scan';
    out.push(`${how} on ${table}`);
  }
  for (const child of node.Plans ?? []) scans(child, out, node);
  return out;
}

/** The scans of a query's plan, taken inside a transaction that forbids sequential scans. */
async function planScans(query: { getSQL(): SQL }): Promise<string[]> {
  return t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = await tx.execute(sql`explain (format json) ${query.getSQL()}`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];
    const cell = rows[0]['QUERY PLAN'];
    const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode }[];
    return scans(plan[0].Plan);
  });
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database.db);
  [site] = await t.database.db.select().from(sites).where(eq(sites.slug, 'kervan-ocakbasi-dalston'));
  const [row] = await branchBySlugQuery(t.database.db, site.slug, TODAY);
  menuId = row.menuId!;
  [{ id: userId }] = await t.database.db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, 'customer@halalnosh.test'));
});
afterAll(async () => t.close());

const TODAY = londonDate(new Date());
const unindexed = (list: string[]) => list.filter((s) => !s.startsWith('Indexed'));

describe('query plans', () => {
  it('finds a restaurant page branch through unique indexes', async () => {
    const found = await planScans(branchBySlugQuery(t.database.db, site.slug, TODAY));
    expect(found.length).toBeGreaterThanOrEqual(3);
    expect(unindexed(found)).toEqual([]);
  });

  it('reads a branch menu with its overrides without a sequential scan', async () => {
    const found = await planScans(branchMenuQuery(t.database.db, menuId, site.id));
    expect(found.some((s) => s.endsWith('menu_items'))).toBe(true);
    expect(found.some((s) => s.endsWith('site_item_overrides'))).toBe(true);
    expect(unindexed(found)).toEqual([]);
  });

  it('searches a city and a postcode box through the sites indexes', async () => {
    const city = await planScans(cityBranchesQuery(t.database.db, 'london', TODAY));
    const box = await planScans(nearbyBranchesQuery(t.database.db, { lat: 51.515, lng: -0.0587 }, TODAY));
    expect(unindexed([...city, ...box])).toEqual([]);
    expect(city.some((s) => s.endsWith('sites'))).toBe(true);
    expect(box.some((s) => s.endsWith('sites'))).toBe(true);
    // The search's own reads: rank columns of the city or box, then the page's cards by key.
    const [site] = await t.database.db.select().from(sites).where(eq(sites.citySlug, 'london')).limit(1);
    // With and without every chip (judged in SQL) and the cuisines column.
    const all = { at: new Date(), filters: SEARCH_FILTERS, cuisines: true };
    const none = { at: new Date(), filters: [], cuisines: false };
    const rank = [
      ...(await planScans(cityRankQuery(t.database.db, 'london', all))),
      ...(await planScans(cityRankQuery(t.database.db, 'london', none))),
      ...(await planScans(nearbyRankQuery(t.database.db, { lat: 51.515, lng: -0.0587 }, all))),
      ...(await planScans(nearbyRankQuery(t.database.db, { lat: 51.515, lng: -0.0587 }, none))),
      ...(await planScans(cityPageQuery(t.database.db, 'london', { at: new Date(), filters: ['open', 'top'] }, 0, 50))),
      // Verified Halal is judged in the city page statement too (the derived status, docs/decisions/0100-halal-status-derived.md).
      ...(await planScans(cityPageQuery(t.database.db, 'london', { at: new Date(), filters: ['verified'] }, 0, 24))),
      ...(await planScans(cardRowsByIds(t.database.db, [site.id], TODAY))),
    ];
    expect(unindexed(rank)).toEqual([]);
  });

  it('reads, totals and verifies reviews without scanning reviews or orders', async () => {
    const found = [
      ...(await planScans(siteReviewsQuery(t.database.db, site.id, 50, 0))),
      ...(await planScans(siteRatingTotalsQuery(t.database.db, site.id))),
      ...(await planScans(completedOrderQuery(t.database.db, userId, site.id))),
      ...(await planScans(myReviewQuery(t.database.db, site.id, userId))),
    ];
    expect(found.some((s) => s.endsWith('orders'))).toBe(true);
    expect(found.some((s) => s.endsWith('reviews'))).toBe(true);
    expect(unindexed(found)).toEqual([]);
  });
});
