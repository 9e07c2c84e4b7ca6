import {
  CLIENT_ORDERINGS,
  DEFAULT_CLIENT_ORDERING,
  type Client,
  type ClientOrdering,
  type LedgerPaymentResult,
} from '@loupe/contracts';
import {
  Alert,
  Button,
  Card,
  errorMessage,
  formatMoney,
  PageHeader,
  Pagination,
  rangeText,
  Spinner,
  useListController,
  usePageTitle,
} from '@loupe/platform';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { balanceMeaning } from '../../../components/balance';
import { CLIENT_FILTERS, clientsQueryOptions } from '../../../api/get-clients';
import { BALANCE_OPTIONS, ORDERING_OPTIONS, STATUS_OPTIONS } from '../lib/list-options';
import { ClientTable, type ClientAction } from './client-table';
import { PaymentDialog } from './payment-dialog';

const ButtonLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: 36px;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.primaryText};
  font-weight: 600;
  text-decoration: none;
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  label {
    display: block;
    font-weight: 600;
    font-size: 0.9rem;
    margin-bottom: ${({ theme }) => theme.space(1)};
  }
  input,
  select {
    font: inherit;
    min-height: 36px;
    padding: ${({ theme }) => `${theme.space(1)} ${theme.space(2)}`};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius};
    background: ${({ theme }) => theme.colors.surfaceAlt};
    color: inherit;
  }
`;

const SearchRow = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  input {
    flex: 1;
    min-width: 0;
    width: 240px;
  }
`;

const SearchBox = styled.form`
  max-width: 100%;
`;

const Summary = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.colors.muted};
`;

const Notice = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
`;

/** The search box: typed text goes to the URL (and the server) when submitted, not on every key. */
function SearchForm({ initial, onSearch }: { initial: string; onSearch(text: string): void }) {
  const id = useId();
  const [text, setText] = useState(initial);
  // The URL can change under the box (Clear Filters, Back): show what the list is searched by then.
  const [shown, setShown] = useState(initial);
  if (shown !== initial) {
    setShown(initial);
    setText(initial);
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <SearchBox role="search" aria-label="Clients" onSubmit={submit}>
      <label htmlFor={id}>Search clients</label>
      <SearchRow>
        <input
          id={id}
          type="search"
          placeholder="Name, email or phone"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </SearchRow>
    </SearchBox>
  );
}

function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange(value: string): void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

type Message = { tone: 'success' | 'error'; text: string } | null;

const isOrdering = (value: string): value is ClientOrdering =>
  (CLIENT_ORDERINGS as readonly string[]).includes(value);

/**
 * /clients (SPEC §2): the shop's clients, paged, searched and filtered on the server, with the list state in
 * the URL. Check Out and Return hand over to the inventory screens through their URLs.
 */
export function ClientListPage() {
  usePageTitle('Clients');
  const list = useListController({
    filters: CLIENT_FILTERS,
    sort: { options: CLIENT_ORDERINGS, default: DEFAULT_CLIENT_ORDERING },
    query: clientsQueryOptions,
  });
  const navigate = useNavigate();
  const [paying, setPaying] = useState<Client | null>(null);
  const [message, setMessage] = useState<Message>(null);

  function onAction(action: ClientAction, client: Client) {
    setMessage(null);
    if (action === 'edit') navigate(`/clients/edit/${client.id}`);
    else if (action === 'payment') setPaying(client);
    else if (action === 'checkout') navigate(`/inventory/available?checkout_client=${client.id}`);
    else if (client.hasItemCheckedOut) navigate(`/inventory/checked-out?client=${client.id}`);
  }

  // The payment's mutation has already refreshed every list of clients; this only says what happened.
  function onRecorded(client: Client, result: LedgerPaymentResult) {
    setPaying(null);
    const { entry } = result;
    const worth = formatMoney(Math.abs(entry.amountGbp));
    setMessage({
      tone: 'success',
      text: `${entry.direction === 'received' ? 'Received' : 'Paid'} ${worth} ${
        entry.direction === 'received' ? 'from' : 'to'
      } ${client.name}. Balance now ${formatMoney(result.balance)} (${balanceMeaning(result.balance)}).`,
    });
  }

  const filtered = Boolean(list.filters.search || list.filters.status || list.filters.balance);

  return (
    <>
      <PageHeader title="Clients" actions={<ButtonLink to="/clients/add">+ Add Client</ButtonLink>} />
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <Card>
        <Toolbar>
          <SearchForm initial={list.filters.search} onSearch={(search) => list.setFilters({ search })} />
          <FilterSelect
            label="Status"
            value={list.filters.status}
            options={STATUS_OPTIONS}
            onChange={(status) => list.setFilters({ status })}
          />
          <FilterSelect
            label="Balance"
            value={list.filters.balance}
            options={BALANCE_OPTIONS}
            onChange={(balance) => list.setFilters({ balance })}
          />
          <FilterSelect
            label="Sort by"
            value={list.sort}
            options={ORDERING_OPTIONS}
            onChange={(ordering) => (isOrdering(ordering) ? list.setSort(ordering) : undefined)}
          />
          {filtered ? (
            <Button variant="ghost" onClick={list.clearFilters}>
              Clear Filters
            </Button>
          ) : null}
        </Toolbar>

        {list.error ? (
          <Alert>
            <Notice>
              <span>{errorMessage(list.error, 'Failed to load clients.')}</span>
              <Button variant="secondary" onClick={list.retry}>
                Retry
              </Button>
            </Notice>
          </Alert>
        ) : null}

        {list.data === undefined || list.total === undefined ? (
          list.isLoading ? (
            <Spinner label="Loading clients..." />
          ) : null
        ) : (
          <div aria-busy={list.isFetching}>
            <Summary aria-live="polite">
              {list.total === 0
                ? filtered
                  ? 'No clients match these filters.'
                  : 'No clients yet.'
                : rangeText(list.range, list.total)}
            </Summary>
            {list.data.length > 0 ? (
              <ClientTable
                clients={list.data}
                onAction={onAction}
                ordering={list.sort}
                onSort={list.setSort}
              />
            ) : null}
            <Pagination
              label="Clients pages"
              page={list.page}
              pageCount={list.pageCount}
              pageSize={list.pageSize}
              onPageChange={list.setPage}
              onPageSizeChange={list.setPageSize}
            />
          </div>
        )}
      </Card>

      {paying ? (
        <PaymentDialog
          client={paying}
          onClose={() => setPaying(null)}
          onRecorded={(result) => onRecorded(paying, result)}
        />
      ) : null}
    </>
  );
}
