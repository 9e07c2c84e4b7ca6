import {
  CLIENT_ORDERINGS,
  DEFAULT_CLIENT_ORDERING,
  type Client,
  type LedgerPaymentResult,
} from '@loupe/contracts';
import {
  Alert,
  Card,
  formatMoney,
  ListResults,
  PageHeader,
  RetryAlert,
  useListController,
  usePageTitle,
} from '@loupe/platform';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { balanceMeaning } from '../../../components/balance';
import { CLIENT_FILTERS, clientsQueryOptions } from '../../../api/get-clients';
import { ClientTable, type ClientAction } from './client-table';
import { ClientToolbar } from './client-toolbar';
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

type Message = { tone: 'success' | 'error'; text: string } | null;

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
        <ClientToolbar
          filters={list.filters}
          setFilters={list.setFilters}
          clearFilters={list.clearFilters}
          ordering={list.sort}
          setOrdering={list.setSort}
        />

        {list.error ? (
          <RetryAlert error={list.error} what="Failed to load clients." onRetry={list.retry} />
        ) : null}

        <ListResults
          list={list}
          loadingLabel="Loading clients..."
          emptyText={filtered ? 'No clients match these filters.' : 'No clients yet.'}
          paginationLabel="Clients pages"
        >
          {(rows) => (
            <ClientTable clients={rows} onAction={onAction} ordering={list.sort} onSort={list.setSort} />
          )}
        </ListResults>
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
