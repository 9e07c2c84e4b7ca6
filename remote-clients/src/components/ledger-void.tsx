import type { LedgerEntry, LedgerVoidResult } from '@loupe/contracts';
import {
  Alert,
  formatDay,
  formatMoney,
  useVoidPermission,
  VoidButton,
  VoidDialog,
  VoidNotAllowed,
  type VoidFact,
} from '@loupe/platform';
import { useState } from 'react';
import { useVoidLedgerEntry } from '../api/void-ledger-entry';
import { Balance } from './balance';
import { describeEntry, ENTRY_DIRECTION_LABELS, LedgerTable } from './ledger-table';

/** Postings from stock purchases belong to the item: the service refuses to void them here, so no Void. */
const voidable = (entry: LedgerEntry) => entry.source !== 'item_transaction';

function factsOf(entry: LedgerEntry, clientName: string): VoidFact[] {
  const facts: VoidFact[] = [
    { label: 'Client', value: clientName },
    { label: 'Direction', value: ENTRY_DIRECTION_LABELS[entry.direction] },
    { label: 'Amount', value: formatMoney(Math.abs(entry.amount), entry.currency) },
  ];
  if (entry.currency !== 'GBP') facts.push({ label: 'In GBP', value: formatMoney(entry.amountGbp) });
  facts.push({ label: 'Date', value: formatDay(entry.date) }, { label: 'Method', value: entry.method });
  if (entry.note) facts.push({ label: 'Note', value: entry.note });
  return facts;
}

export interface VoidableLedgerTableProps {
  clientId: number;
  clientName: string;
  entries: LedgerEntry[];
  caption: string;
}

/**
 * The client page's ledger (issue 12): each payment or charge has Void, which asks why and posts a reversal;
 * the refreshed ledger then shows the original marked voided and its reversal, and the balance moves back.
 */
export function VoidableLedgerTable({ clientId, clientName, entries, caption }: VoidableLedgerTableProps) {
  const { allowed, noteId } = useVoidPermission();
  const [target, setTarget] = useState<LedgerEntry | null>(null);
  const [done, setDone] = useState<{ entry: LedgerEntry; balance: number } | null>(null);
  const voidEntry = useVoidLedgerEntry();

  return (
    <>
      {allowed ? null : <VoidNotAllowed id={noteId} />}
      {done ? (
        <Alert tone="success">
          Voided {describeEntry(done.entry)}. Balance now <Balance value={done.balance} />.
        </Alert>
      ) : null}
      <LedgerTable
        entries={entries}
        caption={caption}
        action={(entry) =>
          voidable(entry) ? (
            <VoidButton
              label={`Void ${describeEntry(entry)}`}
              allowed={allowed}
              noteId={noteId}
              onClick={() => {
                setDone(null);
                setTarget(entry);
              }}
            />
          ) : null
        }
      />
      <VoidDialog<LedgerVoidResult>
        open={target !== null}
        title="Void ledger entry"
        facts={target ? factsOf(target, clientName) : []}
        send={(reason) => {
          if (!target) return Promise.reject(new Error('No entry to void.'));
          return voidEntry.mutateAsync({ clientId, entryId: target.id, reason });
        }}
        onVoided={(result) => {
          setTarget(null);
          setDone({ entry: result.entry, balance: result.balance });
        }}
        onClose={() => setTarget(null)}
      />
    </>
  );
}
