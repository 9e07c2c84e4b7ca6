import { STOCK_TYPES, type StockTake, type StockType } from '@loupe/contracts';
import {
  Alert,
  Button,
  Card,
  DataTable,
  errorMessage,
  fieldErrors,
  Modal,
  PageHeader,
  SelectField,
  Spinner,
  Stack,
  TextField,
  usePageTitle,
  type DataColumn,
} from '@loupe/platform';
import { useState, type FormEvent } from 'react';
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
  const [stockType, setStockType] = useState<StockType | ''>('');
  const [location, setLocation] = useState('');
  const errors = start.error ? fieldErrors(start.error) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const place = location.trim();
    start.mutate(
      { scope: { stockType: stockType || null, location: place ? place : null } },
      { onSuccess: (take) => navigate(`/inventory/stock-take/${take.id}`) },
    );
  };
  return (
    <Modal open title="Start count" onClose={onClose} closeLabel="Cancel">
      <form onSubmit={submit}>
        <Stack>
          <p>Count the whole shop, or narrow the count to one stock type, one location, or both.</p>
          <SelectField
            label="Stock type"
            value={stockType}
            onChange={(event) => setStockType(event.target.value as StockType | '')}
            error={errors['scope.stockType'] ?? errors.stockType}
          >
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
            value={location}
            maxLength={60}
            onChange={(event) => setLocation(event.target.value)}
            error={errors['scope.location'] ?? errors.location}
          />
          {start.error && Object.keys(errors).length === 0 ? (
            <Alert>{errorMessage(start.error, 'The count could not be started.')}</Alert>
          ) : null}
          <div>
            <Button type="submit" disabled={start.isPending}>
              {start.isPending ? 'Starting…' : 'Start count'}
            </Button>
          </div>
        </Stack>
      </form>
    </Modal>
  );
}

/** /inventory/stock-take: the shop's counts, newest first, open and closed. */
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
