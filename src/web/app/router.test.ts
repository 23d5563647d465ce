import { describe, expect, it } from 'vitest';
import { type RouteDef, matchRoutes } from '../lib/router';
import { routes } from './router';

/** The paths of the routes a pathname matches in the app's table, outermost first (a pathless route as ''). */
function matched(pathname: string): { paths: string[]; params: Record<string, string | undefined> } | null {
  const match = matchRoutes(routes, pathname);
  return (
    match && { paths: match.routes.map((r: RouteDef) => (r.index ? '(index)' : (r.path ?? ''))), params: match.params }
  );
}

describe('matchRoutes on the app table', () => {
  it('finds the customer pages inside the customer layout', () => {
    expect(matched('/')).toEqual({ paths: ['', '', '(index)'], params: {} });
    expect(matched('/restaurant/kervan-ocakbasi-dalston')).toEqual({
      paths: ['', '', 'restaurant/:slug'],
      params: { slug: 'kervan-ocakbasi-dalston' },
    });
    expect(matched('/account')?.paths).toEqual(['', '', '', 'account']);
    // The address people type for help is a page, not a 404 (docs/product/customer.md#help).
    expect(matched('/help')?.paths).toEqual(['', '', 'help']);
  });

  it('prefers the London list over a city of that name, as the table lists it first', () => {
    expect(matched('/restaurants/london')?.params).toEqual({});
    expect(matched('/restaurants/leeds')?.params).toEqual({ citySlug: 'leeds' });
  });

  it('ignores case and a trailing slash, and decodes parameters', () => {
    expect(matched('/Restaurant/a%20b/')?.params).toEqual({ slug: 'a b' });
    expect(matched('/partner/')?.paths).toEqual(['', 'partner', '', '(index)']);
  });

  it('reaches the staff pages past the groups that do not hold them', () => {
    expect(matched('/partner/login')?.paths).toEqual(['', 'partner/login']);
    expect(matched('/driver/earnings')?.paths).toEqual(['', '', '', 'driver/earnings']);
    expect(matched('/admin/orders/HN-1')).toEqual({
      paths: ['', '', '', 'admin/orders/:orderNumber', '(index)'],
      params: { orderNumber: 'HN-1' },
    });
  });

  it('sends anything else to the not-found route', () => {
    expect(matched('/driver')?.paths).toEqual(['', '*']);
    expect(matched('/nowhere/at/all')).toEqual({ paths: ['', '*'], params: { '*': 'nowhere/at/all' } });
  });
});
