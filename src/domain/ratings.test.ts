import { describe, expect, it } from 'vitest';
import { averageRating, normaliseReviewComment, reviewerName } from './ratings';

describe('averageRating', () => {
  it('gives no average when there are no ratings', () => {
    expect(averageRating(0, 0)).toBeNull();
  });

  it('rounds the average to one decimal', () => {
    expect(averageRating(14, 3)).toBe(4.7);
    expect(averageRating(13, 3)).toBe(4.3);
  });

  it('rounds a half up', () => {
    expect(averageRating(17, 4)).toBe(4.3);
    expect(averageRating(87, 20)).toBe(4.4);
  });
});

describe('normaliseReviewComment', () => {
  it('trims the comment', () => {
    expect(normaliseReviewComment('  Lovely karahi  ')).toBe('Lovely karahi');
  });

  it('stores an empty or blank comment as null', () => {
    expect(normaliseReviewComment('   ')).toBeNull();
    expect(normaliseReviewComment('')).toBeNull();
    expect(normaliseReviewComment(undefined)).toBeNull();
  });
});

describe('reviewerName', () => {
  it('shows the display name, or Anonymous without one', () => {
    expect(reviewerName('Aisha')).toBe('Aisha');
    expect(reviewerName('  ')).toBe('Anonymous');
    expect(reviewerName(null)).toBe('Anonymous');
  });
});
