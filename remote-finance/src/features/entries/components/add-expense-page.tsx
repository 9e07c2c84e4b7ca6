import { useCreateExpense } from '../api/create-expense';
import { EntryForm, type EntryTexts } from './entry-form';

const TEXTS: EntryTexts = {
  title: 'Add Expense',
  submitLabel: 'Save Expense',
  noun: 'Expense',
  failedText: 'The expense could not be saved. Please try again.',
};

/** /expenses (SPEC §2, §3). */
export function AddExpensePage() {
  return <EntryForm {...TEXTS} save={useCreateExpense().mutateAsync} />;
}
