import { describe, expect, it } from 'vitest';
import { nextAnswerChange } from './answer-clock';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();
// 11:00 and 23:00 London, and 02:00 for a branch open past midnight.
const clock = { minutes: [120, 660, 1380], pauseEnds: [] as number[] };

describe('nextAnswerChange (docs/decisions/0178-fast-uncached-search.md)', () => {
  it('ends at the next opening or closing minute on the London clock, in winter (GMT) and summer (BST)', () => {
    expect(iso(nextAnswerChange(clock, at('2026-01-15T10:59:30.500Z')))).toBe('2026-01-15T11:00:00.000Z');
    // 10:30 BST is 09:30 UTC; the 11:00 opening is 10:00 UTC.
    expect(iso(nextAnswerChange(clock, at('2026-07-15T09:30:00.000Z')))).toBe('2026-07-15T10:00:00.000Z');
    expect(iso(nextAnswerChange(clock, at('2026-07-15T09:59:59.999Z')))).toBe('2026-07-15T10:00:00.000Z');
  });

  it('ends at the next whole UTC hour at the latest (the London date and its clock changes fall on one)', () => {
    expect(iso(nextAnswerChange(clock, at('2026-01-15T14:10:00.000Z')))).toBe('2026-01-15T15:00:00.000Z');
    expect(iso(nextAnswerChange({ minutes: [], pauseEnds: [] }, at('2026-01-15T23:59:00.000Z')))).toBe(
      '2026-01-16T00:00:00.000Z',
    );
    // London midnight in summer is 23:00 UTC.
    expect(iso(nextAnswerChange({ minutes: [], pauseEnds: [] }, at('2026-07-15T22:30:00.000Z')))).toBe(
      '2026-07-15T23:00:00.000Z',
    );
    // The spring change: 00:59 GMT, then 02:00 BST; 02:00 London is no earlier than 01:00 UTC.
    expect(iso(nextAnswerChange(clock, at('2026-03-29T00:30:00.000Z')))).toBe('2026-03-29T01:00:00.000Z');
    expect(iso(nextAnswerChange(clock, at('2026-03-29T01:00:00.000Z')))).toBe('2026-03-29T02:00:00.000Z');
  });

  it('is the boundary itself at the boundary: an instant on it belongs to the next interval', () => {
    expect(iso(nextAnswerChange(clock, at('2026-01-15T11:00:00.000Z')))).toBe('2026-01-15T12:00:00.000Z');
    expect(iso(nextAnswerChange(clock, at('2026-01-15T22:59:59.999Z')))).toBe('2026-01-15T23:00:00.000Z');
  });

  it('ends when a pause ends, at the millisecond', () => {
    const end = at('2026-01-15T14:12:34.567Z');
    const paused = { ...clock, pauseEnds: [at('2026-01-15T09:00:00.000Z'), end] };
    expect(nextAnswerChange(paused, at('2026-01-15T14:00:00.000Z'))).toBe(end);
    expect(nextAnswerChange(paused, end - 1)).toBe(end);
    expect(iso(nextAnswerChange(paused, end))).toBe('2026-01-15T15:00:00.000Z');
  });

  it('gives every instant between two boundaries the same value, and a different one across a boundary', () => {
    const values = new Set<number>();
    for (let t = at('2026-01-15T11:00:00.000Z'); t < at('2026-01-15T12:00:00.000Z'); t += 7_000)
      values.add(nextAnswerChange(clock, t));
    expect([...values].map(iso)).toEqual(['2026-01-15T12:00:00.000Z']);
    expect(nextAnswerChange(clock, at('2026-01-15T10:59:59.999Z'))).not.toBe(
      nextAnswerChange(clock, at('2026-01-15T11:00:00.000Z')),
    );
  });
});
