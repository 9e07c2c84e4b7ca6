import { today } from '@loupe/platform';

/**
 * The day something was done or received (a verification, an erasure request): given, and not after today.
 * The words are these dialogs' own; written once for both (client-due-diligence.tsx, client-privacy.tsx).
 */
export function pastDayProblem(day: string): string | null {
  if (!day) return 'Date is required.';
  if (day > today()) return 'The date cannot be in the future.';
  return null;
}
