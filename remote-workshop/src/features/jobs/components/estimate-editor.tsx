import {
  ESTIMATE_LINE_KIND_LABELS,
  ESTIMATE_LINE_KINDS,
  ESTIMATE_MAX_LINES,
  estimateEditProblem,
} from '@loupe/contracts';
import {
  Button,
  ChoiceField,
  DataTable,
  DecimalField,
  errorDetail,
  fieldErrors,
  FormActions,
  FormFailure,
  FormNotices,
  formatMoney,
  HttpError,
  TextField,
  useEntityForm,
  VisuallyHidden,
  type DataColumn,
} from '@loupe/platform';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { useSetEstimate, type Job } from '../api/jobs';
import {
  checkEstimate,
  DESCRIPTION_MAX,
  estimateBody,
  estimateLine,
  estimateValues,
  lineField,
  serverLineFields,
  typedTotal,
  type EstimateLineValues,
  type EstimateValues,
} from '../lib/estimate';
import { Figures, Note } from './figures';

const Lines = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0 0 ${({ theme }) => theme.space(3)};
  padding: 0;
  list-style: none;
`;

/** A line's fields side by side on a laptop, stacked on a phone. */
const Line = styled.li`
  display: grid;
  grid-template-columns: minmax(110px, 140px) minmax(160px, 1fr) minmax(110px, 150px) auto;
  align-items: end;
  gap: ${({ theme }) => theme.space(2)};
  padding-bottom: ${({ theme }) => theme.space(2)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.divider};
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: 1fr 1fr;
    > :nth-child(2) {
      grid-column: 1 / -1;
    }
  }
`;

type SavedLine = Job['estimate']['lines'][number];

const SAVED_COLUMNS: readonly DataColumn<SavedLine>[] = [
  { key: 'kind', header: 'Kind', cell: (line) => ESTIMATE_LINE_KIND_LABELS[line.kind] },
  {
    key: 'description',
    header: 'Description',
    rowHeader: true,
    wrap: { minCh: 16, maxCh: 40 },
    cell: (line) => line.description,
  },
  { key: 'net', header: 'Net', numeric: true, cell: (line) => formatMoney(line.netGbp) },
  { key: 'vat', header: 'VAT', numeric: true, cell: (line) => formatMoney(line.vatGbp) },
  { key: 'amount', header: 'Price', numeric: true, cell: (line) => formatMoney(line.amountGbp) },
];

/** The service's figures for the estimate as saved: labour, parts, net, the VAT within (20%) and the total. */
function SavedTotals({ job }: { job: Job }) {
  const { estimate } = job;
  return (
    <div role="group" aria-label="Estimate totals">
      <Figures>
        <div>
          <dt>Labour</dt>
          <dd>{formatMoney(estimate.labourGbp)}</dd>
        </div>
        <div>
          <dt>Parts</dt>
          <dd>{formatMoney(estimate.partsGbp)}</dd>
        </div>
        <div>
          <dt>Net</dt>
          <dd>{formatMoney(estimate.netGbp)}</dd>
        </div>
        <div>
          <dt>VAT at 20%</dt>
          <dd>{formatMoney(estimate.vatGbp)}</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{formatMoney(estimate.totalGbp)}</dd>
        </div>
      </Figures>
    </div>
  );
}

/**
 * The job's estimate (issue 23 item 1): lines of labour and parts, each the client's price with VAT included at
 * the standard rate (repairs and the parts fitted are a standard-rated supply, HMRC VAT Notice 700), and the
 * deposit asked. Editable while the contracts' rule allows (estimateEditProblem: received or assessing when an
 * estimate is required); otherwise shown as saved, with the reason.
 */
export function EstimateEditor({ job, onSaved }: { job: Job; onSaved(job: Job): void }) {
  const locked = estimateEditProblem(job);
  if (locked) {
    return (
      <>
        <Note>{locked}</Note>
        {job.estimate.lines.length > 0 ? (
          <>
            <DataTable
              caption="Estimate lines"
              compact
              columns={SAVED_COLUMNS}
              rows={job.estimate.lines}
              rowKey={(line) => line.id}
            />
            <SavedTotals job={job} />
          </>
        ) : (
          <Note>No estimate lines.</Note>
        )}
      </>
    );
  }
  return <EstimateForm key={job.id} job={job} onSaved={onSaved} />;
}

function EstimateForm({ job, onSaved }: { job: Job; onSaved(job: Job): void }) {
  const setEstimate = useSetEstimate();
  const [initial] = useState(() => estimateValues(job));
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const controller = useEntityForm<EstimateValues, Job>({
    values: initial,
    check: checkEstimate,
    async save(values) {
      try {
        return await setEstimate.mutateAsync({ id: job.id, body: estimateBody(values) });
      } catch (error) {
        if (error instanceof HttpError && error.status === 400)
          throw new FormFailure({
            fields: serverLineFields(fieldErrors(error), values),
            form: errorDetail(error),
          });
        throw error;
      }
    },
    failedText: 'The estimate could not be saved. Please try again.',
    savedMessage: 'Estimate saved.',
    onSaved: (saved) => onSaved(saved),
  });
  const { form, busy, errorOf } = controller;
  const values = form.watch();
  const total = typedTotal(values);

  useEffect(() => {
    if (!focusKey) return;
    document.querySelector<HTMLElement>(`[name="${lineField(focusKey, 'description')}"]`)?.focus();
    setFocusKey(null);
  }, [focusKey]);

  const setLines = (next: (lines: EstimateLineValues[]) => EstimateLineValues[]) =>
    form.setValue('lines', next(form.getValues('lines')), { shouldDirty: true });
  const change = (key: string, patch: Partial<EstimateLineValues>) => {
    setLines((lines) => lines.map((line) => (line.key === key ? { ...line, ...patch } : line)));
    controller.clear(Object.keys(patch).map((field) => lineField(key, field)));
  };

  return (
    <form
      ref={controller.formRef}
      onSubmit={(event) => void controller.onSubmit(event)}
      noValidate
      aria-label="Estimate"
    >
      <FormNotices controller={controller} />
      {errorOf('lines') ? <Note role="alert">{errorOf('lines')}</Note> : null}
      <Lines aria-label="Estimate lines">
        {values.lines.map((line, index) => (
          <Line key={line.key} aria-label={`Line ${index + 1}`}>
            <ChoiceField
              label="Kind"
              name={lineField(line.key, 'kind')}
              options={ESTIMATE_LINE_KINDS}
              labels={ESTIMATE_LINE_KIND_LABELS}
              value={line.kind}
              onChange={(kind) => change(line.key, { kind })}
            />
            <TextField
              label="Description"
              name={lineField(line.key, 'description')}
              maxLength={DESCRIPTION_MAX}
              autoComplete="off"
              value={line.description}
              error={errorOf(lineField(line.key, 'description'))}
              onChange={(event) => change(line.key, { description: event.target.value })}
            />
            <DecimalField
              label="Price (£, VAT incl.)"
              name={lineField(line.key, 'amount')}
              places={2}
              autoComplete="off"
              value={line.amount}
              error={errorOf(lineField(line.key, 'amount'))}
              onChange={(event) => change(line.key, { amount: event.target.value })}
            />
            <Button
              variant="ghost"
              disabled={busy}
              onClick={() => setLines((lines) => lines.filter((other) => other.key !== line.key))}
            >
              Remove<VisuallyHidden> line {index + 1}</VisuallyHidden>
            </Button>
          </Line>
        ))}
      </Lines>
      {values.lines.length < ESTIMATE_MAX_LINES ? (
        <Note>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => {
              const line = estimateLine(values.lines.length > 0 ? 'parts' : 'labour');
              setLines((lines) => [...lines, line]);
              setFocusKey(line.key);
            }}
          >
            Add line
          </Button>
        </Note>
      ) : null}
      <DecimalField
        label="Deposit requested (£)"
        places={2}
        autoComplete="off"
        {...controller.text('depositRequested')}
      />
      <div role="group" aria-label="Estimate as typed">
        <Figures>
          <div>
            <dt>Total, VAT included</dt>
            <dd>{total === null ? '—' : formatMoney(total)}</dd>
          </div>
        </Figures>
      </div>
      {job.estimate.lines.length > 0 ? <SavedTotals job={job} /> : null}
      <FormActions submitLabel="Save estimate" busy={busy} busyLabel="Saving..." />
    </form>
  );
}
