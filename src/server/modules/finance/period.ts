import { AppError } from '../../../domain/errors';
import { daysBetween, defaultReportRange, reportRangeProblem } from '../../../domain/reports';

/** A range of London days as the reports take it: the last 7 by default, at most 366, checked. */
export function periodOf(query: { from?: string; to?: string }, now: Date) {
  const fallback = defaultReportRange(now);
  const from = query.from || fallback.from;
  const to = query.to || fallback.to;
  const problem = reportRangeProblem(from, to);
  if (problem) throw new AppError('VALIDATION_ERROR', problem);
  return { from, to, days: daysBetween(from, to) };
}
