import { ESTIMATE_MAX_LINES, readDecimal, type EstimateLineKind } from '@loupe/contracts';
import { parseDecimal, rowFieldName, type Decimal, type FormProblems } from '@loupe/platform';
import type { EstimateBody, Job } from '../api/jobs';

/** One estimate line as typed: its amount is the client's price, VAT included. */
export interface EstimateLineValues {
  key: string;
  kind: EstimateLineKind;
  description: string;
  amount: string;
}

export interface EstimateValues {
  lines: EstimateLineValues[];
  depositRequested: string;
}

export const DESCRIPTION_MAX = 200;

let nextKey = 0;
/** A new line with a key of its own (its fields' names and messages follow it when another is removed). */
export const estimateLine = (kind: EstimateLineKind = 'labour'): EstimateLineValues => ({
  key: `line${(nextKey += 1)}`,
  kind,
  description: '',
  amount: '',
});

/** The job's estimate as the form opens it: its saved lines, or one empty labour line. */
export function estimateValues(job: Job): EstimateValues {
  const lines = job.estimate.lines.map((line) => ({
    ...estimateLine(line.kind),
    description: line.description,
    amount: line.amountGbp.toFixed(2),
  }));
  return {
    lines: lines.length > 0 ? lines : [estimateLine()],
    depositRequested: job.depositRequestedGbp === null ? '' : job.depositRequestedGbp.toFixed(2),
  };
}

/** A line's field's name in the form (its control's `name` and its message's key). */
export const lineField = (key: string, field: string) => rowFieldName('lines', key, field);

const POUNDS = { maxDecimals: 2, maxWholeDigits: 12, currency: 'GBP' } as const;

/** The form's own check: each line described and priced above zero by the one amount rule. */
export function checkEstimate(values: EstimateValues): FormProblems<EstimateValues> {
  const problems: Record<string, string> = {};
  if (values.lines.length > ESTIMATE_MAX_LINES)
    problems.lines = `An estimate has at most ${ESTIMATE_MAX_LINES} lines.`;
  for (const line of values.lines) {
    if (!line.description.trim())
      problems[lineField(line.key, 'description')] = 'Describe the work or the part.';
    else if (line.description.length > DESCRIPTION_MAX)
      problems[lineField(line.key, 'description')] =
        `Ensure this field has no more than ${DESCRIPTION_MAX} characters.`;
    if (!line.amount.trim()) problems[lineField(line.key, 'amount')] = 'Give the price, VAT included.';
    else {
      const read = readDecimal(line.amount, POUNDS);
      if ('error' in read) problems[lineField(line.key, 'amount')] = read.error;
    }
  }
  if (values.depositRequested.trim()) {
    const read = readDecimal(values.depositRequested, { ...POUNDS, allowZero: true });
    if ('error' in read) problems.depositRequested = read.error;
  }
  return problems as FormProblems<EstimateValues>;
}

/** The estimate as the service takes it (EstimateSetInput). */
export const estimateBody = (values: EstimateValues): EstimateBody => ({
  lines: values.lines.map((line) => ({
    kind: line.kind,
    description: line.description.trim(),
    amount: line.amount.trim(),
  })),
  depositRequested: values.depositRequested.trim() || null,
});

/**
 * The total as typed (VAT included), exactly, or null while a line's amount is not yet a number. The VAT in it is
 * the service's to work out (1/6 of each line, to the penny): shown from the saved estimate.
 */
export function typedTotal(values: EstimateValues): Decimal | null {
  let total: Decimal | null = parseDecimal('0');
  for (const line of values.lines) {
    const amount = parseDecimal(line.amount, { currency: 'GBP' });
    if (amount === null || total === null) return null;
    total = total.plus(amount);
  }
  return total;
}

/** The service's field name for a line (`lines[2].amount`) → the form's (`lines:line7:amount`). */
export function serverLineFields(
  fields: Readonly<Record<string, string>>,
  values: EstimateValues,
): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [name, message] of Object.entries(fields)) {
    const match = /^lines\[(\d+)\]\.(\w+)$/.exec(name) ?? /^lines\.(\d+)\.(\w+)$/.exec(name);
    const line = match ? values.lines[Number(match[1])] : undefined;
    shown[line && match ? lineField(line.key, match[2] ?? '') : name] = message;
  }
  return shown;
}
