import { createExpense } from '../api/create-expense';
import { EntryForm } from './entry-form';

/** /expenses (SPEC §2, §3). */
export function AddExpensePage() {
  return (
    <EntryForm
      title="Add Expense"
      submitLabel="Save Expense"
      noun="Expense"
      failedText="The expense could not be saved. Please try again."
      save={createExpense}
    />
  );
}
