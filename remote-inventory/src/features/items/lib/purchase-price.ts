import type { TransactionType } from '@loupe/contracts';
import { divideRounded, formatPence, parseDecimal, toPence } from './decimal';

/** One row of the transactions editor, as typed. */
export interface TransactionDraft {
  type: TransactionType;
  amount: string;
  exchangeRate: string;
  feePercent: string;
}

/**
 * One line's contribution in pence, by the rule in contracts/src/inventory.ts:
 * cash = round2(amount × exchangeRate × (1 − feePercent / 100)); credit and debt = the amount as is (GBP).
 * null while the line cannot be computed yet (an empty or malformed number).
 */
export function linePence(line: TransactionDraft): bigint | null {
  const amount = parseDecimal(line.amount);
  if (!amount) return null;
  if (line.type !== 'cash') return toPence(amount);
  const rate = parseDecimal(line.exchangeRate === '' ? '1' : line.exchangeRate);
  const fee = parseDecimal(line.feePercent === '' ? '0' : line.feePercent);
  if (!rate || !fee) return null;
  // amount × rate × (100 − fee) / 100, kept as one fraction so that only the final result is rounded.
  const keep = 100n * 10n ** BigInt(fee.scale) - fee.units;
  const numerator = amount.units * rate.units * keep * 100n;
  const denominator = 10n ** BigInt(amount.scale + rate.scale + fee.scale) * 100n;
  return divideRounded(numerator, denominator);
}

/** The read-only Purchase Price: every computable line rounded, then summed; "0.00" without lines. */
export function purchasePriceTotal(lines: readonly TransactionDraft[]): string {
  let total = 0n;
  for (const line of lines) total += linePence(line) ?? 0n;
  return formatPence(total);
}

/** A line's value as "1234.50", or '' while it cannot be computed. */
export function lineTotal(line: TransactionDraft): string {
  const pence = linePence(line);
  return pence === null ? '' : formatPence(pence);
}
