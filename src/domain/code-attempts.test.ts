import { describe, expect, it } from 'vitest';
import { codeTryVerdict } from './code-attempts';

const now = new Date('2026-11-28T20:00:00Z');
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);

describe('codeTryVerdict', () => {
  it('allows the first 5 tries at once', () => {
    for (let f = 0; f < 5; f++) expect(codeTryVerdict(f, now, now)).toBe('allowed');
  });
  it('then one try per 15 minutes', () => {
    expect(codeTryVerdict(5, minutesAgo(14), now)).toBe('wait');
    expect(codeTryVerdict(5, minutesAgo(15), now)).toBe('allowed');
    expect(codeTryVerdict(9, minutesAgo(60), now)).toBe('allowed');
  });
  it('and none after 10 wrong tries in a row, however long ago', () => {
    expect(codeTryVerdict(10, minutesAgo(24 * 60), now)).toBe('locked');
  });
});
