import type { TransactionType } from '@loupe/contracts';
import { formatFixed, parseDecimal, roundHalfAway, toDecimal, type Decimal } from '@loupe/platform';

/** One row of the transactions editor, as typed. */
export interface TransactionDraft {
  type: TransactionType;
  amount: string;
  exchangeRate: string;
  feePercent: string;
}

// What a dealer types: "1,250.00" reads as the lists show it (the one amount rule); a minus is read so that
// validation can say why.
const TYPED = { signed: true } as const;

/**
 * One line's contribution in pounds, by the rule in contracts/src/inventory.ts:
 * cash = round2(amount × exchangeRate × (1 − feePercent / 100)); credit and debt = the amount as is (GBP).
 * null while the line cannot be computed yet (an empty or malformed number).
 */
export function lineValue(line: TransactionDraft): Decimal | null {
  const amount = parseDecimal(line.amount, TYPED);
  if (!amount) return null;
  if (line.type !== 'cash') return roundHalfAway(amount);
  const rate = line.exchangeRate === '' ? toDecimal(1) : parseDecimal(line.exchangeRate, TYPED);
  const fee = line.feePercent === '' ? toDecimal(0) : parseDecimal(line.feePercent, TYPED);
  if (!rate || !fee) return null;
  // Multiplications only (× 0.01, not ÷ 100), so nothing is rounded before the final round2.
  return roundHalfAway(amount.times(rate).times(toDecimal(100).minus(fee)).times('0.01'));
}

/** The read-only Purchase Price: every computable line rounded, then summed; "0.00" without lines. */
export function purchasePriceTotal(lines: readonly TransactionDraft[]): string {
  return formatFixed(lines.reduce((total, line) => total.plus(lineValue(line) ?? 0), toDecimal(0)));
}

/** A line's value as "1234.50", or '' while it cannot be computed. */
export function lineTotal(line: TransactionDraft): string {
  const value = lineValue(line);
  return value === null ? '' : formatFixed(value);
}
