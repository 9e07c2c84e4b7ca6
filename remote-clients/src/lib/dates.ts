const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Today as YYYY-MM-DD on the user's own calendar (the Payment dialog's default date). `toISOString()` would
 * give the UTC day, which is yesterday for a payment entered after midnight anywhere east of Greenwich.
 */
export function today(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** "2026-03-09" (or an ISO timestamp) → "9 Mar 2026"; anything else as it is. */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!match) return day;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

/** An ISO timestamp as the user's local date and time, e.g. "9 Mar 2026, 14:05". */
export function formatMoment(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}
