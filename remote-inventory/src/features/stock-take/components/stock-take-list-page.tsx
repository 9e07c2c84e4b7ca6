import { STOCK_TYPES, type StockTake, type StockType } from '@loupe/contracts';
import {
  Alert,
  Button,
  Card,
  DataTable,
  errorMessage,
  FormNotices,
  Modal,
  PageHeader,
  SelectField,
  Spinner,
  Stack,
  TextField,
  useEntityForm,
  usePageTitle,
  type DataColumn,
} from '@loupe/platform';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useStartStockTake, useStockTakes } from '../api/stock-takes';
import { byAt, figuresText } from './stock-take-words';

const COLUMNS: DataColumn<StockTake>[] = [
  {
    key: 'count',
    header: 'Count',
    rowHeader: true,
    noWrap: true,
    cell: (take) => <Link to={`/inventory/stock-take/${take.id}`}>Count #{take.id}</Link>,
  },
  { key: 'scope', header: 'Scope', cell: (take) => take.scopeLabel },
  { key: 'status', header: 'Status', cell: (take) => (take.status === 'open' ? 'Open' : 'Closed') },
  { key: 'started', header: 'Started', cell: (take) => byAt(take.startedBy, take.startedAt) },
  { key: 'closed', header: 'Closed', cell: (take) => byAt(take.closedBy, take.closedAt) || '—' },
  { key: 'figures', header: 'Figures', cell: (take) => figuresText(take) },
];

/** "Start count": the whole shop, or one stock type and/or one location. */
function StartCountDialog({ onClose }: { onClose(): void }) {
  const start = useStartStockTake();
  const navigate = useNavigate();
  const controller = useEntityForm<{ stockType: StockType | ''; location: string }, StockTake>({
    values: { stockType: '', location: '' },
    failedText: 'The count could not be started.',
    // The count's own page opens: it says which count it is.
    savedMessage: null,
    guard: false,
    save: ({ stockType, location }) => {
      const place = location.trim();
      return start.mutateAsync({ scope: { stockType: stockType || null, location: place ? place : null } });
    },
    onSaved: (take) => navigate(`/inventory/stock-take/${take.id}`),
  });
  return (
    <Modal open title="Start count" onClose={onClose} closeLabel="Cancel">
      <form ref={controller.formRef} onSubmit={controller.onSubmit} noValidate>
        <Stack>
          <p>Count the whole shop, or narrow the count to one stock type, one location, or both.</p>
          <SelectField label="Stock type" {...controller.text('stockType')}>
            <option value="">Every stock type</option>
            {STOCK_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Location"
            hint="For example Safe 1. Leave blank to count every location."
            maxLength={60}
            {...controller.text('location')}
          />
          <FormNotices controller={controller} status={false} />
          <div>
            <Button type="submit" disabled={controller.busy}>
              {controller.busy ? 'Starting…' : 'Start count'}
            </Button>
          </div>
        </Stack>
      </form>
    </Modal>
  );
}

export function StockTakeListPage() {
  usePageTitle('Stock Take');
  const [page, setPage] = useState(1);
  const takes = useStockTakes(page);
  const [starting, setStarting] = useState(false);
  const pageCount = takes.data ? Math.max(1, Math.ceil(takes.data.count / 25)) : 1;
  return (
    <>
      <PageHeader
        title="Stock Take"
        actions={<Button onClick={() => setStarting(true)}>Start count</Button>}
      />
      <Card>
        {takes.error ? (
          <Alert>
            <Stack $row>
              <span>{errorMessage(takes.error, 'The counts could not be loaded.')}</span>
              <Button variant="secondary" onClick={() => void takes.refetch()}>
                Retry
              </Button>
            </Stack>
          </Alert>
        ) : !takes.data ? (
          <Spinner label="Loading counts..." />
        ) : takes.data.count === 0 ? (
          <p>No counts yet. Start one to count the stock by scanning serials.</p>
        ) : (
          <>
            <DataTable
              caption="Counts"
              columns={COLUMNS}
              rows={takes.data.results}
              rowKey={(take) => take.id}
            />
            {pageCount > 1 ? (
              <Stack $row>
                <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  Previous
                </Button>
                <span>
                  Page {page} of {pageCount}
                </span>
                <Button variant="secondary" disabled={page >= pageCount} onClick={() => setPage(page + 1)}>
                  Next
                </Button>
              </Stack>
            ) : null}
          </>
        )}
      </Card>
      {starting ? <StartCountDialog onClose={() => setStarting(false)} /> : null}
    </>
  );
}
