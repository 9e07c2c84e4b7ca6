import type { FinanceEntryCreate } from '@loupe/contracts';
import type { EntryValues } from '../lib/entry-values';

/**
 * The form's values as the service takes them. Amounts go as the typed decimal strings, so the server parses
 * them exactly; a GBP entry sends no rate (the service fixes it at 1).
 */
export function entryBody(values: EntryValues): FinanceEntryCreate {
  return {
    name: values.name.trim(),
    amount: values.amount.trim(),
    currency: values.currency,
    ...(values.currency === 'GBP' ? {} : { exchangeRate: values.exchangeRate.trim() }),
    payment_method: values.payment_method,
    notes: values.notes,
    date: values.date,
  };
}
