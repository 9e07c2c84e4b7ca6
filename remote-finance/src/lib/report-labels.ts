import { REPORT_RANGES, REPORT_TYPES, type ReportRange, type ReportType } from '@loupe/contracts';
import { formatDay } from '@loupe/platform';

export const reportTypeLabel = (type: ReportType): string =>
  REPORT_TYPES.find((t) => t.key === type)?.label ?? type;

export const reportRangeLabel = (range: ReportRange): string =>
  REPORT_RANGES.find((r) => r.key === range)?.label ?? range;

/** A report row's period in words: its `date` is the first day of the period (the contract's rule). */
export function periodLabel(day: string, range: ReportRange): string {
  if (range === 'monthly') {
    return formatDay(day, { style: { month: 'long', year: 'numeric' } });
  }
  if (range === 'weekly') return `Week of ${formatDay(day)}`;
  return formatDay(day);
}

/** The same, short enough for the chart's axis. */
export function shortPeriodLabel(day: string, range: ReportRange): string {
  if (range === 'monthly') return formatDay(day, { style: { month: 'short', year: '2-digit' } });
  return formatDay(day, { style: { day: 'numeric', month: 'short' } });
}

/** "1 Nov 2026 – 22 Nov 2026", or one day. */
export function spanLabel(from: string, to: string): string {
  return from === to ? formatDay(from) : `${formatDay(from)} – ${formatDay(to)}`;
}
