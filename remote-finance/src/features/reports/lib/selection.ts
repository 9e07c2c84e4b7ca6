import {
  FILTER_RANGE_REVERSED,
  isRangeReversed,
  REPORT_MAX_CUSTOM_DAYS,
  REPORT_RANGE_KEYS,
  REPORT_TYPE_KEYS,
  type ReportQuery,
  type ReportRange,
  type ReportType,
} from '@loupe/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isDay } from '@loupe/platform';

export const DEFAULT_REPORT_TYPE: ReportType = 'sales';
export const DEFAULT_REPORT_RANGE: ReportRange = 'monthly';

export interface ReportSelection {
  type: ReportType;
  range: ReportRange;
  from: string;
  to: string;
}

export interface SelectionErrors {
  from?: string;
  to?: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const dayNumber = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) / DAY_MS;
};

/** Why a custom range cannot be asked for yet (the service's own rules), or nothing. */
export function selectionErrors(selection: ReportSelection): SelectionErrors {
  if (selection.range !== 'custom') return {};
  const errors: SelectionErrors = {};
  if (!isDay(selection.from)) errors.from = 'Choose the first day.';
  if (!isDay(selection.to)) errors.to = 'Choose the last day.';
  if (errors.from || errors.to) return errors;
  const days = dayNumber(selection.to) - dayNumber(selection.from) + 1;
  if (isRangeReversed(selection.from, selection.to)) errors.to = FILTER_RANGE_REVERSED;
  else if (days > REPORT_MAX_CUSTOM_DAYS) {
    errors.to = `A custom range covers at most ${REPORT_MAX_CUSTOM_DAYS} days.`;
  }
  return errors;
}

/** The selection as a report query, or null while it is not complete. */
export function toQuery(selection: ReportSelection): ReportQuery | null {
  if (Object.keys(selectionErrors(selection)).length > 0) return null;
  return selection.range === 'custom'
    ? { type: selection.type, range: 'custom', from: selection.from, to: selection.to }
    : { type: selection.type, range: selection.range };
}

/**
 * The chosen report lives in the URL (`/reports?type=profit_loss&range=custom&from=…&to=…`), so a reload or a
 * shared link shows the same report. Unknown values fall back to the defaults.
 */
export function useReportSelection(): [ReportSelection, (change: Partial<ReportSelection>) => void] {
  const [params, setParams] = useSearchParams();
  const selection = useMemo<ReportSelection>(() => {
    const type = params.get('type') as ReportType | null;
    const range = params.get('range') as ReportRange | null;
    return {
      type: type && REPORT_TYPE_KEYS.includes(type) ? type : DEFAULT_REPORT_TYPE,
      range: range && REPORT_RANGE_KEYS.includes(range) ? range : DEFAULT_REPORT_RANGE,
      from: params.get('from') ?? '',
      to: params.get('to') ?? '',
    };
  }, [params]);

  const change = useCallback(
    (next: Partial<ReportSelection>) =>
      setParams(
        (current) => {
          const out = new URLSearchParams(current);
          for (const [key, value] of Object.entries(next)) {
            if (value) out.set(key, value);
            else out.delete(key);
          }
          return out;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );

  return [selection, change];
}
