import { STOCK_TAKE_NOT_ALLOWED, type StockTake, type StockTakeLine } from '@loupe/contracts';
import {
  Button,
  Card,
  Facts,
  FormNotices,
  Modal,
  Stack,
  TextAreaField,
  useAuth,
  useEntityForm,
} from '@loupe/platform';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useMarkUnavailable, varianceCsvUrl, variancePdfUrl } from '../api/stock-takes';
import { CountFigures } from './count-figures';
import { LinesTable } from './lines-table';
import { byAt } from './stock-take-words';

/** Asks why the missing item is being marked unavailable, then does it (the item's status changes). */
function MarkUnavailableDialog({
  takeId,
  line,
  onClose,
}: {
  takeId: number;
  line: StockTakeLine;
  onClose(): void;
}) {
  const mark = useMarkUnavailable(takeId);
  const controller = useEntityForm<{ reason: string }, object>({
    values: { reason: '' },
    check: ({ reason }) => (reason.trim() ? {} : { reason: 'Say why the item is unavailable.' }),
    failedText: 'The item could not be marked unavailable.',
    // The line's follow-up says it once the dialog closes.
    savedMessage: null,
    guard: false,
    save: ({ reason }) => mark.mutateAsync({ itemId: line.itemId ?? 0, reason: reason.trim() }),
    onSaved: onClose,
  });
  return (
    <Modal open title={`Mark ${line.serial} unavailable`} onClose={onClose} closeLabel="Cancel">
      <form ref={controller.formRef} onSubmit={controller.onSubmit} noValidate>
        <Stack>
          <p>
            {line.serial} was not found in this count. Marking it unavailable takes it out of the stock lists
            until someone changes its status again.
          </p>
          <TextAreaField
            label="Reason"
            hint="For example: not in the safe at the count; reported to the insurer."
            maxLength={500}
            {...controller.text('reason')}
          />
          <FormNotices controller={controller} status={false} />
          <div>
            <Button type="submit" variant="danger" disabled={controller.busy}>
              {controller.busy ? 'Saving…' : 'Mark unavailable'}
            </Button>
          </div>
        </Stack>
      </form>
    </Modal>
  );
}

/** A closed count: who counted it and when, the figures, the lines and each difference's follow-up. */
export function VarianceReport({ take }: { take: StockTake }) {
  const allowed = useAuth().can('closeStockTake');
  const [marking, setMarking] = useState<StockTakeLine | null>(null);

  const missingFollowUp = (line: StockTakeLine) =>
    line.followUp ? (
      `Marked unavailable: ${line.followUp.reason} (${byAt(line.followUp.by, line.followUp.at)})`
    ) : line.itemId === null ? (
      '—'
    ) : (
      <Button variant="secondary" disabled={!allowed} onClick={() => setMarking(line)}>
        Mark unavailable
      </Button>
    );
  const unexpectedFollowUp = (line: StockTakeLine) =>
    line.itemId !== null ? (
      <Link to={`/inventory/edit/${line.itemId}`} aria-label={`Open item ${line.serial}`}>
        Open item
      </Link>
    ) : (
      <Link
        to={`/inventory/add?${new URLSearchParams({ serial: line.serial }).toString()}`}
        aria-label={`Add item ${line.serial}`}
      >
        Add item
      </Link>
    );

  return (
    <>
      <Card>
        <h2>Variance report</h2>
        <Facts>
          <dt>Scope</dt>
          <dd>{take.scopeLabel}</dd>
          <dt>Started</dt>
          <dd>{byAt(take.startedBy, take.startedAt)}</dd>
          <dt>Closed</dt>
          <dd>{byAt(take.closedBy, take.closedAt)}</dd>
          <dt>Counted by</dt>
          <dd>{take.countedBy.length > 0 ? take.countedBy.join(', ') : 'No one scanned'}</dd>
        </Facts>
        <CountFigures counts={take.counts} label="Variance figures" />
        <Stack $row>
          <a href={varianceCsvUrl(take.id)} download>
            Download CSV
          </a>
          <a href={variancePdfUrl(take.id)} target="_blank" rel="noreferrer">
            Download PDF
          </a>
        </Stack>
        {!allowed ? <p>{STOCK_TAKE_NOT_ALLOWED}</p> : null}
      </Card>
      <Card>
        <LinesTable takeId={take.id} outcome="missing" live={false} followUp={missingFollowUp} />
      </Card>
      <Card>
        <LinesTable takeId={take.id} outcome="unexpected" live={false} followUp={unexpectedFollowUp} />
      </Card>
      <Card>
        <LinesTable takeId={take.id} outcome="found" live={false} />
      </Card>
      {marking ? (
        <MarkUnavailableDialog takeId={take.id} line={marking} onClose={() => setMarking(null)} />
      ) : null}
    </>
  );
}
