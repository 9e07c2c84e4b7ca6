import { useCreateQuickSale } from '../api/create-quick-sale';
import { EntryForm, type EntryTexts } from './entry-form';

const TEXTS: EntryTexts = {
  title: 'Add Quick Sale',
  submitLabel: 'Save Quick Sale',
  noun: 'Quick sale',
  failedText: 'The quick sale could not be saved. Please try again.',
};

/** /quicksales (SPEC §2, §3): a sale without a stock item. */
export function AddQuickSalePage() {
  return <EntryForm {...TEXTS} save={useCreateQuickSale().mutateAsync} />;
}
