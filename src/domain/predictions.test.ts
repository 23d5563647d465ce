import { describe, expect, it } from 'vitest';
import { median, predictPrepMinutes, predictionErrors, promiseMinutes } from './predictions';

const rows = (hour: number, chosen: number, actuals: number[]) =>
  actuals.map((actualMinutes) => ({ hour, chosenMinutes: chosen, actualMinutes }));

describe('prep time learned from the branch', () => {
  it.each([
    // history, hour, chosen, predicted, source
    ['no history: the kitchen’s choice', [], 19, 15, { minutes: 15, source: 'kitchen', basis: 0 }],
    [
      'five at 19:00, three minutes over: 18',
      rows(19, 15, [17, 18, 18, 19, 25]),
      19,
      15,
      { minutes: 18, source: 'hour', basis: 5 },
    ],
    [
      'the overrun, not the time: a 25-minute choice at 19:00 predicts 28',
      rows(19, 15, [17, 18, 18, 19, 25]),
      19,
      25,
      { minutes: 28, source: 'hour', basis: 5 },
    ],
    [
      'four at 19:00 is too few; ten across the day are enough',
      [...rows(19, 15, [25, 25, 25, 25]), ...rows(12, 20, [19, 19, 19, 19, 19, 19])],
      19,
      15,
      { minutes: 14, source: 'branch', basis: 10 },
    ],
    [
      'nine across the day are too few',
      [...rows(19, 15, [25, 25, 25, 25]), ...rows(12, 20, [19, 19, 19, 19, 19])],
      19,
      15,
      { minutes: 15, source: 'kitchen', basis: 0 },
    ],
    [
      'a kitchen much faster than its choice: never under 5',
      rows(19, 20, [8, 8, 8, 8, 8]),
      19,
      10,
      { minutes: 5, source: 'hour', basis: 5 },
    ],
  ] as const)('%s', (_name, history, hour, chosen, expected) => {
    expect(predictPrepMinutes(history, hour, chosen)).toEqual(expected);
  });
});

describe('the promise on accepting', () => {
  it.each([
    ['today’s rule without history: prep, busy extra, travel', 'kitchen', 15, 5, 8, 28],
    ['with history: the learned prep, busy extra, travel and 3 minutes of handovers', 'hour', 18, 5, 8, 34],
    ['a pickup order has no travel and no handovers', 'hour', 18, 0, null, 18],
  ] as const)('%s', (_name, source, prep, busy, travel, minutes) => {
    expect(
      promiseMinutes({ prep: { minutes: prep, source, basis: 5 }, busyExtraMinutes: busy, travelMinutes: travel }),
    ).toBe(minutes);
  });
});

describe('prediction errors', () => {
  it('are the median absolute error and the median bias, to a tenth of a minute', () => {
    const pairs = [
      { predicted: 15, actual: 18 },
      { predicted: 15, actual: 14 },
      { predicted: 20, actual: 26.5 },
      { predicted: 10, actual: 12 },
    ];
    // errors +3, −1, +6.5, +2: |e| median (2 + 3) / 2, bias median (2 + 3) / 2
    expect(predictionErrors(pairs)).toEqual({ count: 4, medianAbsoluteErrorMinutes: 2.5, biasMinutes: 2.5 });
    expect(predictionErrors([{ predicted: 20, actual: 12 }])).toEqual({
      count: 1,
      medianAbsoluteErrorMinutes: 8,
      biasMinutes: -8,
    });
    expect(predictionErrors([])).toEqual({ count: 0, medianAbsoluteErrorMinutes: null, biasMinutes: null });
  });

  it('median of an odd and an even count', () => {
    expect([median([3, 1, 2]), median([4, 1, 3, 2]), median([])]).toEqual([2, 2.5, null]);
  });
});
