import { describe, expect, it } from 'vitest';
import { matchPath } from './router';

describe('matchPath', () => {
  it('matches a whole path only', () => {
    expect(matchPath('/restaurant/:slug', '/restaurant/x')).toEqual({ params: { slug: 'x' } });
    expect(matchPath('/restaurant/:slug', '/restaurant/x/menu')).toBeNull();
    expect(matchPath('/restaurants/london', '/restaurants')).toBeNull();
  });
});
