import { useCreateQuickSale } from '../api/create-quick-sale';
import { EntryForm, type EntryTexts } from './entry-form';
import { RecentQuickSales } from './recent-quick-sales';

const TEXTS: EntryTexts = {
  title: 'Add Quick Sale',
  submitLabel: 'Save Quick Sale',
  noun: 'Quick sale',
  failedText: 'The quick sale could not be saved. Please try again.',
};

/** /quicksales (SPEC §2, §3): a sale without a stock item; below the form, the latest ones, to void (issue 12). */
export function AddQuickSalePage() {
  return (
    <>
      <EntryForm {...TEXTS} save={useCreateQuickSale().mutateAsync} />
      <RecentQuickSales />
    </>
  );
}
