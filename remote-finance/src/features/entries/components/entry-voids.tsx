import type { Expense, QuickSale } from '@loupe/contracts';
import {
  Alert,
  formatDay,
  formatMoney,
  useVoidPermission,
  VoidButton,
  VoidDialog,
  VoidedNote,
  VoidNotAllowed,
  type DataColumn,
  type VoidFact,
} from '@loupe/platform';
import { useState, type ReactNode } from 'react';
import { useVoidExpense, useVoidQuickSale } from '../api/void-entry';

type Entry = Expense | QuickSale;
export type EntryKind = 'expense' | 'quickSale';

const TITLES: Record<EntryKind, string> = { expense: 'Void expense', quickSale: 'Void quick sale' };

const dayOf = (entry: Entry): string => ('expense_date' in entry ? entry.expense_date : entry.sale_date);

/** An entry in words, for a Void button's name and a reversal's "Void of …": "Rent, £1,200.00 on 1 Mar 2026". */
export const describeEntry = (entry: Entry): string =>
  `${entry.name}, ${formatMoney(Math.abs(entry.amount), entry.currency)} on ${formatDay(dayOf(entry))}`;

function factsOf(entry: Entry): VoidFact[] {
  const facts: VoidFact[] = [
    { label: 'Name', value: entry.name },
    { label: 'Amount', value: formatMoney(entry.amount, entry.currency) },
  ];
  if (entry.currency !== 'GBP') facts.push({ label: 'In GBP', value: formatMoney(entry.amountGbp) });
  facts.push(
    { label: 'Date', value: formatDay(dayOf(entry)) },
    { label: 'Payment Method', value: entry.payment_method },
  );
  if (entry.notes) facts.push({ label: 'Notes', value: entry.notes });
  return facts;
}

export interface EntryVoids<E extends Entry> {
  /** The Status column: Void, or the entry marked voided, or what a reversal voids. */
  column: DataColumn<E>;
  /** Above the table: why Void is disabled (silver), or what was just voided. */
  notice: ReactNode;
  /** The confirmation, rendered once beside the table. */
  dialog: ReactNode;
}

/**
 * Void for a list of expenses or quick sales (issue 12): the column, its notice and its dialog. A voided entry
 * stays in the list, marked with the reason, who and when; its reversal (negative, dated the day of the void)
 * has no Void of its own.
 */
export function useEntryVoids<E extends Entry>(kind: EntryKind, rows: readonly E[]): EntryVoids<E> {
  const { allowed, noteId } = useVoidPermission();
  const [target, setTarget] = useState<E | null>(null);
  const [done, setDone] = useState<E | null>(null);
  const voidExpense = useVoidExpense();
  const voidQuickSale = useVoidQuickSale();
  const mutation = kind === 'expense' ? voidExpense : voidQuickSale;

  const column: DataColumn<E> = {
    key: 'status',
    header: 'Status',
    wrap: { maxCh: 32 },
    cell: (entry) => {
      if (entry.voided) return <VoidedNote voided={entry.voided} />;
      if (entry.reversalOf !== null) {
        const original = rows.find((row) => row.id === entry.reversalOf);
        return `Void of ${original ? describeEntry(original) : `#${entry.reversalOf}`}`;
      }
      return (
        <VoidButton
          label={`Void ${describeEntry(entry)}`}
          allowed={allowed}
          noteId={noteId}
          onClick={() => {
            setDone(null);
            setTarget(entry);
          }}
        />
      );
    },
  };

  const notice = (
    <>
      {allowed ? null : <VoidNotAllowed id={noteId} />}
      {done ? <Alert tone="success">Voided {describeEntry(done)}.</Alert> : null}
    </>
  );

  const dialog = (
    <VoidDialog<Entry>
      open={target !== null}
      title={TITLES[kind]}
      facts={target ? factsOf(target) : []}
      send={(reason) => {
        if (!target) return Promise.reject(new Error('No entry to void.'));
        return mutation.mutateAsync({ id: target.id, reason });
      }}
      onVoided={() => {
        setDone(target);
        setTarget(null);
      }}
      onClose={() => setTarget(null)}
    />
  );

  return { column, notice, dialog };
}
