import {
  DEAL_ITEM_RESERVED,
  DEAL_ITEM_SOLD,
  DEAL_ITEM_UNAVAILABLE,
  noItemWithSerial,
  type ItemRow,
} from '@loupe/contracts';
import { Alert, Button, errorMessage, formatMoney, TextField, VisuallyHidden } from '@loupe/platform';
import { lazy, Suspense, useId, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { itemBySerial, searchItems } from '../api/find-items';
import { dealItem, itemName } from '../lib/deal-values';

// The platform's camera scanner, loaded only when the camera button is pressed (as the top bar's is).
const ScannerDialog = lazy(() => import('@loupe/platform/src/ui/scanner-dialog'));

/**
 * A search landmark, not a form of its own: it sits inside the deal's form (forms do not nest), so Enter in its
 * field adds the item here instead of submitting the deal.
 */
const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(2)};
  > :first-child {
    flex: 1 1 220px;
    min-width: 0;
  }
  > button {
    margin-bottom: ${({ theme }) => theme.space(4)};
  }
`;

const Results = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  button {
    width: 100%;
    text-align: left;
    justify-content: flex-start;
    white-space: normal;
  }
`;

/** Why an item cannot go on a deal, or null when it can (available, or out on approval to the buyer). */
export function unsellable(item: Pick<ItemRow, 'status'>): string | null {
  switch (item.status) {
    case 'sold':
      return DEAL_ITEM_SOLD;
    case 'unavailable':
      return DEAL_ITEM_UNAVAILABLE;
    case 'reserved':
      return DEAL_ITEM_RESERVED;
    default:
      return null;
  }
}

type Note = { tone: 'error' | 'success' | 'info'; text: string };

interface ItemFinderProps {
  /** Puts the item on the deal; answers why not (already on it), or null when it was added. */
  onAdd(item: ItemRow): string | null;
}

/**
 * "Add item": a serial typed, or sent by a keyboard-wedge scanner with Enter, or read from a label's QR code by
 * the camera, adds that item at once (the top bar's lookup, `GET /api/items/by-serial/`); anything else is
 * looked up as the start of a serial among the items that can be sold, to pick from. The field keeps the focus
 * and empties, ready for the next scan.
 */
export function ItemFinder({ onAdd }: ItemFinderProps) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note | null>(null);
  const [found, setFound] = useState<ItemRow[] | null>(null);
  const [camera, setCamera] = useState(false);
  const [scanNote, setScanNote] = useState('');
  const ids = useId().replace(/:/g, '');
  const inputId = `serial-${ids}`;
  const resultsId = `found-${ids}`;
  const focusInput = () => document.getElementById(inputId)?.focus();

  /** Puts the item on the deal; answers why not, or null once it is on. */
  const add = (item: ItemRow): string | null => {
    const refused = unsellable(item) ?? onAdd(item);
    // Either way the field empties for the next scan: the message names the serial.
    setText('');
    if (refused) {
      setNote({ tone: 'error', text: `${item.serial}: ${refused}` });
      return refused;
    }
    setNote({ tone: 'success', text: `Added ${item.serial} — ${itemName(dealItem(item))}.` });
    setFound(null);
    return null;
  };

  async function submit() {
    const term = text.trim();
    if (!term || busy) return;
    setBusy(true);
    setNote(null);
    setFound(null);
    try {
      const exact = await itemBySerial(term);
      if (exact) {
        add(exact);
        return;
      }
      const items = await searchItems(term);
      if (items.length === 0) setNote({ tone: 'error', text: noItemWithSerial(term) });
      else setFound(items);
    } catch (error) {
      setNote({ tone: 'error', text: errorMessage(error, `${term} could not be looked up. Try again.`) });
    } finally {
      setBusy(false);
      focusInput();
    }
  }

  const onScan = (serial: string) => {
    setScanNote('');
    itemBySerial(serial).then(
      (item) => {
        if (!item) {
          setScanNote(noItemWithSerial(serial));
          return;
        }
        const refused = add(item);
        if (refused) setScanNote(`${item.serial}: ${refused}`);
        else setCamera(false);
      },
      () => setScanNote(`${serial} could not be looked up. Try again.`),
    );
  };

  return (
    <>
      <Row role="search" aria-label="Add item">
        <TextField
          id={inputId}
          label="Serial or search"
          hint="Type or scan a serial and press Enter; part of a serial lists the items it starts."
          autoComplete="off"
          maxLength={100}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
            // A keyboard-wedge scanner ends a serial with Enter: add it, never the deal.
            if (event.key !== 'Enter') return;
            event.preventDefault();
            void submit();
          }}
          aria-controls={found ? resultsId : undefined}
        />
        <Button disabled={busy} aria-busy={busy || undefined} onClick={() => void submit()}>
          Add item
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            setScanNote('');
            setCamera(true);
          }}
        >
          Scan a label
        </Button>
      </Row>
      {note ? <Alert tone={note.tone}>{note.text}</Alert> : null}
      {found ? (
        <Results id={resultsId} aria-label="Items found">
          {found.map((item) => (
            <li key={item.id}>
              <Button
                variant="secondary"
                onClick={() => {
                  add(item);
                  focusInput();
                }}
              >
                Add {item.serial} — {itemName(dealItem(item))}
                {item.listingPrice !== null ? `, ${formatMoney(item.listingPrice)}` : ''}
                <VisuallyHidden> to the deal</VisuallyHidden>
              </Button>
            </li>
          ))}
        </Results>
      ) : null}
      {camera ? (
        <Suspense fallback={null}>
          <ScannerDialog
            open
            title="Scan an item"
            onClose={() => {
              setCamera(false);
              focusInput();
            }}
            onScan={onScan}
            message={scanNote || undefined}
          />
        </Suspense>
      ) : null}
    </>
  );
}
