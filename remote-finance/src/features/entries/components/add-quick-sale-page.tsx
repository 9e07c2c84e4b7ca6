import { Alert, errorDetail, HttpError } from '@loupe/platform';
import styled from 'styled-components';
import { invoicePdfUrl } from '../../../api/invoice-files';
import { useCreateQuickSale, type QuickSale } from '../api/create-quick-sale';
import { EntryForm, type EntryTexts } from './entry-form';
import { RecentQuickSales } from './recent-quick-sales';

const TEXTS: EntryTexts = {
  title: 'Add Quick Sale',
  submitLabel: 'Save Quick Sale',
  noun: 'Quick sale',
  failedText: 'The quick sale could not be saved. Please try again.',
};

const InvoiceLink = styled.a`
  display: inline-block;
  margin-left: ${({ theme }) => theme.space(2)};
  font-weight: 600;
`;

/** The new sale's invoice, offered at once: the buyer usually leaves with it. */
function savedInvoice(sale: QuickSale) {
  return sale.invoice ? (
    <InvoiceLink href={invoicePdfUrl(sale.invoice.id)} download="">
      Download invoice {sale.invoice.reference}
    </InvoiceLink>
  ) : null;
}

/**
 * The AML cash guard's refusal (issue 13: a 409 whose rule is 'aml_cash_threshold'): the service's detail
 * names the rule and what due diligence lacks, shown above the form with what was typed kept. Any other
 * failure goes to the form's usual alert.
 */
function amlRefusal(error: unknown) {
  if (!(error instanceof HttpError) || error.status !== 409) return null;
  const body = error.data as { rule?: unknown } | null;
  if (!body || body.rule !== 'aml_cash_threshold') return null;
  // Worded as the stock screens' Sell words it, so staff read one rule the same way everywhere.
  return (
    <Alert>
      <strong>Cash sale refused (anti-money-laundering rule).</strong>{' '}
      {errorDetail(error) ?? 'This cash sale needs customer due diligence first.'}
    </Alert>
  );
}

/**
 * /quicksales (SPEC §2, §3): a sale without a stock item, with an optional buyer for its invoice (issue 13);
 * below the form, the latest ones, to void (issue 12) or to print their invoices.
 */
export function AddQuickSalePage() {
  return (
    <>
      <EntryForm
        {...TEXTS}
        save={useCreateQuickSale().mutateAsync}
        withBuyer
        savedExtra={savedInvoice}
        refusal={amlRefusal}
      />
      <RecentQuickSales />
    </>
  );
}
