import { describe, expect, it } from 'vitest';
import { USER_TYPES } from '../../domain/roles';
import { withArticle } from './with-article';

describe('withArticle', () => {
  it('says "an admin" and "a" before every other account kind', () => {
    expect(USER_TYPES.map(withArticle)).toEqual(['a customer', 'a partner', 'a driver', 'an admin']);
  });

  it('goes by the first letter whatever its case', () => {
    expect(withArticle('Order')).toBe('an Order');
    expect(withArticle('basket')).toBe('a basket');
  });
});
