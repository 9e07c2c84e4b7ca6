import {
  duplicateScanNotice,
  STOCK_TAKE_NOT_ALLOWED,
  STOCK_TAKE_OUTCOMES,
  type StockTake,
  type StockTakeOutcome,
  type StockTakeScanResult,
} from '@loupe/contracts';
import {
  Alert,
  Button,
  Card,
  errorMessage,
  fieldErrors,
  Modal,
  Stack,
  TextField,
  useAuth,
  type AlertTone,
} from '@loupe/platform';
import { lazy, Suspense, useEffect, useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useCloseStockTake, useScan } from '../api/stock-takes';
import { CountFigures } from './count-figures';
import { LinesTable, OUTCOME_NAMES } from './lines-table';
import { byAt } from './stock-take-words';

// The platform's camera scanner, loaded when the camera button is pressed (its zxing fallback later still).
const ScannerDialog = lazy(() => import('@loupe/platform/src/ui/scanner-dialog'));

const ScanForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  align-items: flex-end;
  > :first-child {
    flex: 1 1 240px;
  }
`;

const Tabs = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(3)};
  button[aria-selected='true'] {
    border-color: ${({ theme }) => theme.colors.primary};
  }
`;

type ScanMessage = { tone: AlertTone; text: string };

/** What the last scan was, in words. */
export function scanMessage(serial: string, result: StockTakeScanResult): ScanMessage {
  const { line } = result;
  if (result.duplicate) return { tone: 'info', text: `Already counted: ${duplicateScanNotice(line.serial)}` };
  if (result.outcome === 'found') {
    const what = [line.brand, line.model].filter(Boolean).join(' ');
    return { tone: 'success', text: `Found: ${line.serial}${what ? ` — ${what}` : ''}` };
  }
  return { tone: 'error', text: `Unexpected: ${line.serial || serial} — ${line.reasonText}` };
}

/** An open count: scan or type serials, see the figures live, close it. */
export function CountScreen({ take }: { take: StockTake }) {
  const allowed = useAuth().can('closeStockTake');
  const scan = useScan(take.id);
  const close = useCloseStockTake(take.id);
  const inputId = useId();
  const focusSerial = () => document.getElementById(inputId)?.focus();
  // The serial field has the focus from the start: a keyboard-wedge scanner types into whatever has it.
  useEffect(() => {
    document.getElementById(inputId)?.focus();
  }, [inputId]);
  const [serial, setSerial] = useState('');
  const [last, setLast] = useState<ScanMessage | null>(null);
  const [tab, setTab] = useState<StockTakeOutcome>('found');
  const [camera, setCamera] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const send = (text: string) => {
    const value = text.trim();
    if (!value) return;
    scan.mutate(value, {
      onSuccess: (result) => setLast(scanMessage(value, result)),
      onError: (error) =>
        setLast({
          tone: 'error',
          text: `${value}: ${fieldErrors(error).serial ?? errorMessage(error, 'The scan was not saved. Try again.')}`,
        }),
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(serial);
    // Ready for the next serial at once: a keyboard-wedge scanner types it and presses Enter.
    setSerial('');
    focusSerial();
  };

  return (
    <>
      <Card>
        <p>
          {take.scopeLabel} · started {byAt(take.startedBy, take.startedAt)}
          {take.countedBy.length > 0 ? ` · counted by ${take.countedBy.join(', ')}` : ''}
        </p>
        <ScanForm onSubmit={submit}>
          <TextField
            id={inputId}
            label="Serial"
            hint="Scan a label or type a serial, then press Enter."
            value={serial}
            onChange={(event) => setSerial(event.target.value)}
            autoComplete="off"
            maxLength={100}
          />
          <Button type="submit" disabled={!serial.trim()}>
            Add scan
          </Button>
          <Button variant="secondary" onClick={() => setCamera(true)}>
            Scan with camera
          </Button>
        </ScanForm>
        {/* The Alert is its own status (or alert) region: a screen reader hears each scan's answer. */}
        <div>{last ? <Alert tone={last.tone}>{last.text}</Alert> : null}</div>
      </Card>

      <Card>
        <CountFigures counts={take.counts} label="Count figures" />
        <Stack $row $spread>
          <Tabs role="tablist" aria-label="Lines">
            {STOCK_TAKE_OUTCOMES.map((outcome) => (
              <Button
                key={outcome}
                role="tab"
                variant="secondary"
                aria-selected={tab === outcome}
                onClick={() => setTab(outcome)}
              >
                {OUTCOME_NAMES[outcome]} ({take.counts[outcome]})
              </Button>
            ))}
          </Tabs>
          <div>
            <Button variant="danger" disabled={!allowed} onClick={() => setConfirming(true)}>
              Close count
            </Button>
            {!allowed ? <p>{STOCK_TAKE_NOT_ALLOWED}</p> : null}
          </div>
        </Stack>
        <div role="tabpanel" aria-label={OUTCOME_NAMES[tab]}>
          <LinesTable takeId={take.id} outcome={tab} live />
        </div>
      </Card>

      {camera ? (
        <Suspense fallback={null}>
          <ScannerDialog
            open
            title="Scan serials"
            onClose={() => {
              setCamera(false);
              focusSerial();
            }}
            onScan={send}
            message={last ? <Alert tone={last.tone}>{last.text}</Alert> : undefined}
          />
        </Suspense>
      ) : null}

      <Modal
        open={confirming}
        title="Close this count?"
        onClose={() => setConfirming(false)}
        closeLabel="Cancel"
      >
        <p>
          No more scans can be added once it is closed. The {take.counts.missing} expected items not scanned
          are recorded as missing and the figures are final. Nothing about the stock changes by itself: each
          difference is followed up from the variance report.
        </p>
        {close.error ? <Alert>{errorMessage(close.error, 'The count could not be closed.')}</Alert> : null}
        <Stack $row>
          <Button
            variant="danger"
            disabled={close.isPending}
            onClick={() => close.mutate(undefined, { onSuccess: () => setConfirming(false) })}
          >
            {close.isPending ? 'Closing…' : 'Close count'}
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
