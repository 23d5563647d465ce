/** What the result order looks at. */
export type OrderableBranch = { isOpen: boolean; rating: number | null; brandName: string; branchName: string };

const byName = new Intl.Collator('en-GB', { sensitivity: 'base', numeric: true });

/**
 * The order of a city's results: open branches first, then the best rated (unrated last), then
 * by brand and branch name. Postcode results are ordered by distance instead.
 */
export function compareCityResults(a: OrderableBranch, b: OrderableBranch): number {
  if (a.isOpen !== b.isOpen) return a.isOpen ? -1 : 1;
  const ra = a.rating ?? -1;
  const rb = b.rating ?? -1;
  if (ra !== rb) return rb - ra;
  return byName.compare(`${a.brandName} ${a.branchName}`, `${b.brandName} ${b.branchName}`);
}
