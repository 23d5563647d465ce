import { describe, expect, it } from 'vitest';
import {
  csvCell,
  daysBetween,
  defaultReportRange,
  emptyRow,
  fillDays,
  lateShareOf,
  londonDate,
  reportRangeProblem,
  reportToCsv,
} from './reports';

describe('reports', () => {
  it('checks the range: real dates, start before end, at most 366 days', () => {
    expect(reportRangeProblem('2025-01-01', '2025-01-31')).toBeNull();
    expect(reportRangeProblem('2025-02-30', '2025-03-01')).toBe('Enter dates as YYYY-MM-DD');
    expect(reportRangeProblem('2025-03-02', '2025-03-01')).toBe('The start date must be on or before the end date');
    expect(reportRangeProblem('2024-01-01', '2025-12-31')).toBe('Choose a range of at most 366 days');
  });

  it('lists every day of a range, both ends included, across the clock change', () => {
    expect(daysBetween('2025-03-29', '2025-03-31')).toEqual(['2025-03-29', '2025-03-30', '2025-03-31']);
  });

  it('takes London dates: 23:30 UTC in summer is already the next day', () => {
    expect(londonDate(new Date('2025-07-01T23:30:00Z'))).toBe('2025-07-02');
    expect(londonDate(new Date('2025-01-01T23:30:00Z'))).toBe('2025-01-01');
    expect(defaultReportRange(new Date('2025-07-01T23:30:00Z'))).toEqual({ from: '2025-06-26', to: '2025-07-02' });
  });

  it('gives no late share without any ETA', () => {
    expect(lateShareOf(0, 0)).toBeNull();
    expect(lateShareOf(1, 4)).toBe(0.25);
  });

  it('fills days without orders with zeros', () => {
    const rows = fillDays('2025-01-01', '2025-01-03', [{ ...emptyRow('2025-01-02'), orders: 3 }]);
    expect(rows.map((r) => [r.key, r.orders])).toEqual([
      ['2025-01-01', 0],
      ['2025-01-02', 3],
      ['2025-01-03', 0],
    ]);
  });

  it('quotes CSV cells and defuses formulas', () => {
    expect(csvCell('Kervan, Whitechapel')).toBe('"Kervan, Whitechapel"');
    expect(csvCell('Say "hi"')).toBe('"Say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
  });

  it('writes pounds with two decimals and the late share as a percentage', () => {
    const row = {
      ...emptyRow('2025-01-01'),
      orders: 2,
      completedOrders: 1,
      revenueMinor: 1748,
      avgDeliveryMinutes: 31.25,
      lateOrders: 1,
      ordersWithEta: 2,
      lateShare: 0.5,
    };
    const csv = reportToCsv({
      from: '2025-01-01',
      to: '2025-01-01',
      totals: { ...row, key: 'all', label: 'All' },
      byDay: [row],
      predictions: [],
      predictionsByDay: [],
      bySite: [],
      byCity: [],
    });
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe(
      'breakdown,key,label,orders,completed_orders,revenue_gbp,avg_delivery_minutes,late_orders,orders_with_eta,late_share_percent,prediction_count,prediction_median_abs_error_minutes,prediction_p90_abs_error_minutes,prediction_bias_minutes',
    );
    expect(lines[1]).toBe('day,2025-01-01,2025-01-01,2,1,17.48,31.3,1,2,50.0,,,,');
    expect(lines[2]).toBe('total,all,All,2,1,17.48,31.3,1,2,50.0,,,,');
  });

  it('adds the prediction errors per day and for the range, the order columns left empty', () => {
    const travel = {
      key: 'travel' as const,
      label: 'Travel time, pickup to door',
      count: 3,
      medianAbsoluteErrorMinutes: 2,
      p90AbsoluteErrorMinutes: 5.25,
      biasMinutes: -1,
    };
    const csv = reportToCsv({
      from: '2025-01-01',
      to: '2025-01-01',
      totals: emptyRow('all', 'All'),
      byDay: [],
      predictions: [travel],
      predictionsByDay: [{ ...travel, day: '2025-01-01' }],
      bySite: [],
      byCity: [],
    });
    const lines = csv.trim().split('\r\n');
    expect(lines.slice(2)).toEqual([
      'prediction_day,2025-01-01,"Travel time, pickup to door",,,,,,,,3,2,5.3,-1',
      'prediction_total,travel,"Travel time, pickup to door",,,,,,,,3,2,5.3,-1',
    ]);
  });
});
