import type { StockTake } from '@loupe/contracts';
import { formatMoment } from '@loupe/platform';

/** "Expected 12 · Found 10 · Missing 2 · Unexpected 1". */
export const figuresText = ({ counts }: Pick<StockTake, 'counts'>) =>
  `Expected ${counts.expected} · Found ${counts.found} · Missing ${counts.missing} · Unexpected ${counts.unexpected}`;

/** "Ann Smith, 3 Mar 2026, 10:04" (or just the time when no one is named). */
export const byAt = (by: string | null, at: string | null) =>
  [by, at ? formatMoment(at) : null].filter(Boolean).join(', ');
