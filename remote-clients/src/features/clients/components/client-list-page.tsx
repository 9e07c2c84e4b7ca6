import type { Client, LedgerPaymentResult } from '@loupe/contracts';
import {
  Alert,
  Button,
  Card,
  errorMessage,
  formatMoney,
  HttpError,
  pageCount,
  PageHeader,
  Pagination,
  Spinner,
  useListParams,
} from '@loupe/platform';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { balanceMeaning } from '../../../components/balance';
import { useClients } from '../api/get-clients';
import {
  BALANCE_OPTIONS,
  DEFAULT_ORDERING,
  LIST_FILTERS,
  ORDERING_OPTIONS,
  STATUS_OPTIONS,
} from '../lib/list-options';
import { ClientTable, type ClientAction } from './client-table';
import { PaymentDialog } from './payment-dialog';

export const ButtonLink = styled(Link)`
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

/**
 * /clients (SPEC §2): the shop's clients, paged, searched and filtered on the server, with the list state in
 * the URL. Check Out and Return hand over to the inventory screens through their URLs.
 */
export function ClientListPage() {
  const list = useListParams(LIST_FILTERS);
  const navigate = useNavigate();
  const [paying, setPaying] = useState<Client | null>(null);
  const [message, setMessage] = useState<Message>(null);

  const clients = useClients(list.query);

  // A page past the end (a shared link, clients filtered away) answers 404 "Invalid page.": start again.
  const pastTheEnd =
    clients.status === 'error' && clients.error instanceof HttpError && clients.error.status === 404;
  const { page, setPage } = list;
  useEffect(() => {
    if (pastTheEnd && page > 1) setPage(1);
  }, [pastTheEnd, page, setPage]);

  function onAction(action: ClientAction, client: Client) {
    setMessage(null);
    if (action === 'edit') navigate(`/clients/edit/${client.id}`);
    else if (action === 'payment') setPaying(client);
    else if (action === 'checkout') navigate(`/inventory/available?checkout_client=${client.id}`);
    else if (client.hasItemCheckedOut) navigate(`/inventory/checked-out?client=${client.id}`);
  }

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
    clients.reload();
  }

  const data = clients.data;
  const pages = data ? pageCount(data.count, list.pageSize) : 1;
  const first = data && data.count > 0 ? (list.page - 1) * list.pageSize + 1 : 0;
  const last = data ? Math.min(data.count, first + data.results.length - 1) : 0;
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
            value={list.filters.ordering || DEFAULT_ORDERING}
            options={ORDERING_OPTIONS}
            onChange={(ordering) =>
              list.setFilters({ ordering: ordering === DEFAULT_ORDERING ? '' : ordering })
            }
          />
          {filtered ? (
            <Button variant="ghost" onClick={() => list.setFilters({ search: '', status: '', balance: '' })}>
              Clear Filters
            </Button>
          ) : null}
        </Toolbar>

        {clients.status === 'error' && !pastTheEnd ? (
          <Alert>
            <Notice>
              <span>{errorMessage(clients.error, 'Failed to load clients.')}</span>
              <Button variant="secondary" onClick={clients.reload}>
                Retry
              </Button>
            </Notice>
          </Alert>
        ) : null}

        {!data ? (
          clients.status === 'loading' || pastTheEnd ? (
            <Spinner label="Loading clients..." />
          ) : null
        ) : (
          <div aria-busy={clients.status === 'loading'}>
            <Summary aria-live="polite">
              {data.count === 0
                ? filtered
                  ? 'No clients match these filters.'
                  : 'No clients yet.'
                : `Showing ${first}–${last} of ${data.count}`}
            </Summary>
            {data.results.length > 0 ? <ClientTable clients={data.results} onAction={onAction} /> : null}
            <Pagination
              label="Clients pages"
              page={list.page}
              pageCount={pages}
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
