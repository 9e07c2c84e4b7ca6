import { createQuickSale } from '../api/create-quick-sale';
import { EntryForm } from './entry-form';

/** /quicksales (SPEC §2, §3): a sale without a stock item. */
export function AddQuickSalePage() {
  return (
    <EntryForm
      title="Add Quick Sale"
      submitLabel="Save Quick Sale"
      noun="Quick sale"
      failedText="The quick sale could not be saved. Please try again."
      save={createQuickSale}
    />
  );
}
