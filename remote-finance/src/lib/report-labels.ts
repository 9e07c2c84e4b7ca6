import { REPORT_RANGES, REPORT_TYPES, type ReportRange, type ReportType } from '@loupe/contracts';
import { formatDay } from '@loupe/platform';

/** The words for each report type and range, as the selects and the titles show them. */
export const REPORT_TYPE_LABELS = Object.fromEntries(REPORT_TYPES.map((t) => [t.key, t.label])) as Record<
  ReportType,
  string
>;
export const REPORT_RANGE_LABELS = Object.fromEntries(REPORT_RANGES.map((r) => [r.key, r.label])) as Record<
  ReportRange,
  string
>;

export const reportTypeLabel = (type: ReportType): string => REPORT_TYPE_LABELS[type] ?? type;
export const reportRangeLabel = (range: ReportRange): string => REPORT_RANGE_LABELS[range] ?? range;

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
