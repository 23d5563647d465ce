import { describe, expect, it } from 'vitest';
import { fitProof } from './to-jpeg';

describe('the proof photo size', () => {
  it('fits a portrait phone photo within 1200 x 1600', () => {
    expect(fitProof(3024, 4032)).toEqual({ width: 1200, height: 1600 });
  });

  it('fits a landscape photo within 1600 x 1200', () => {
    expect(fitProof(4032, 3024)).toEqual({ width: 1600, height: 1200 });
  });

  it('never enlarges a small photo', () => {
    expect(fitProof(640, 480)).toEqual({ width: 640, height: 480 });
  });
});
