import { AmlRefusalAlert, amlRefusalOf } from '@loupe/platform';
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
 * The AML cash guard's refusal (issue 13: a 409 whose rule is 'aml_cash_threshold'), shown by the platform's
 * alert as the Sell dialog shows it: the rule, what due diligence lacks as steps, the euro figures. What was
 * typed stays. Any other failure goes to the form's usual alert.
 */
function amlRefusal(error: unknown) {
  const refusal = amlRefusalOf(error);
  return refusal ? (
    <AmlRefusalAlert refusal={refusal} title="Cash sale refused (anti-money-laundering rule)." />
  ) : null;
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
