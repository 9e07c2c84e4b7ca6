import { CLIENT_STATUS_LABELS, type ClientBalanceRow, type ClientSummary } from '@loupe/contracts';
import {
  DataTable,
  formatCount,
  formatMoney,
  LoadStateView,
  plural,
  QueryCard,
  StatFigure,
  StatList,
  StatNote,
  type DataColumn,
} from '@loupe/platform';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Balance } from '../../../components/balance';
import { useClientsSummary } from '../api/get-clients-summary';
import { useRecentlyActiveClients } from '../api/get-recent-clients';
import { ClientDetailsModal } from './client-details-modal';

const NameButton = styled.button`
  font: inherit;
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.primary};
  text-decoration: underline;
  text-align: left;
  cursor: pointer;
`;

const More = styled.p`
  margin: ${({ theme }) => theme.space(3)} 0 0;
`;

/** A widget's card: its title, then its content once the summary is in, or its own spinner or error. */
function SummaryCard({ title, children }: { title: string; children(summary: ClientSummary): ReactNode }) {
  const summary = useClientsSummary();
  return (
    <QueryCard
      title={title}
      state={summary}
      onRetry={() => void summary.refetch()}
      errorText="Failed to load client figures."
    >
      {children}
    </QueryCard>
  );
}

/** Above the tabs: how many clients, how many active, with KYC on file. */
export function ClientsWidget() {
  return (
    <SummaryCard title="Clients">
      {(summary) => (
        <>
          <StatFigure>{formatCount(summary.total)}</StatFigure>
          <StatNote>
            {formatCount(summary.active)} active · {formatCount(summary.inactive)} not active ·{' '}
            {formatCount(summary.withKyc)} with KYC
          </StatNote>
          <More>
            <Link to="/clients">View clients</Link>
          </More>
        </>
      )}
    </SummaryCard>
  );
}

/** A list of clients with their balance and status; a name opens the Client Details modal. */
function BalanceTable({
  rows,
  caption,
  onOpen,
}: {
  rows: ClientBalanceRow[];
  caption: string;
  onOpen(id: number): void;
}) {
  const columns: DataColumn<ClientBalanceRow>[] = [
    {
      key: 'client',
      header: 'Client',
      rowHeader: true,
      cell: (row) => (
        <NameButton type="button" aria-haspopup="dialog" onClick={() => onOpen(row.id)}>
          {row.name}
        </NameButton>
      ),
    },
    { key: 'balance', header: 'Balance', numeric: true, cell: (row) => <Balance value={row.balance} /> },
    { key: 'status', header: 'Status', cell: (row) => CLIENT_STATUS_LABELS[row.status] },
  ];
  return <DataTable caption={caption} dense columns={columns} rows={rows} rowKey={(row) => row.id} />;
}

/** Opens the Client Details modal for one id at a time. */
function useDetails() {
  const [open, setOpen] = useState<number | null>(null);
  const modal = open === null ? null : <ClientDetailsModal clientId={open} onClose={() => setOpen(null)} />;
  return { openDetails: setOpen, modal };
}

const Subtitle = styled.h3`
  margin: ${({ theme }) => theme.space(4)} 0 ${({ theme }) => theme.space(1)};
  font-size: 0.9rem;
  color: ${({ theme }) => theme.colors.muted};
`;

const RECENT = 5;

/** The clients whose balance or record changed last, with their own loading and error states. */
function RecentlyActive({ onOpen }: { onOpen(id: number): void }) {
  const recent = useRecentlyActiveClients();
  return (
    <LoadStateView
      state={recent}
      onRetry={() => void recent.refetch()}
      loadingLabel="Loading recently active clients..."
      errorText="Failed to load the latest clients."
    >
      {(data) => {
        const rows = data.results.slice(0, RECENT);
        if (rows.length === 0) return <StatNote>No clients yet.</StatNote>;
        return <BalanceTable rows={rows} caption="Recently active clients" onOpen={onOpen} />;
      }}
    </LoadStateView>
  );
}

/**
 * Clients tab: what clients owe the shop and what it owes them, and the clients whose balances moved last
 * (the largest ones are in Debtors and Creditors beside it).
 */
export function ClientBalancesWidget() {
  const { openDetails, modal } = useDetails();
  return (
    <SummaryCard title="Client Balances">
      {(summary) => (
        <>
          <StatList>
            <dt>Owed to the shop ({plural(summary.debtorCount, 'client', 'clients')})</dt>
            <dd>
              <Balance value={-summary.totalOwedToShop} />
            </dd>
            <dt>Owed by the shop ({plural(summary.creditorCount, 'client', 'clients')})</dt>
            <dd>
              <Balance value={summary.totalOwedByShop} />
            </dd>
            <dt>Net balance</dt>
            <dd>
              <Balance value={summary.netBalance} />
            </dd>
          </StatList>
          <Subtitle>Recently active</Subtitle>
          <RecentlyActive onOpen={openDetails} />
          {modal}
        </>
      )}
    </SummaryCard>
  );
}

function BalanceList({
  title,
  pick,
  empty,
  allLink,
  allText,
}: {
  title: string;
  pick(summary: ClientSummary): { rows: ClientBalanceRow[]; total: number; count: number };
  empty: string;
  allLink: string;
  allText: string;
}) {
  const { openDetails, modal } = useDetails();
  return (
    <SummaryCard title={title}>
      {(summary) => {
        const { rows, total, count: how } = pick(summary);
        return (
          <>
            {rows.length === 0 ? (
              <StatNote>{empty}</StatNote>
            ) : (
              <>
                <StatNote>
                  {plural(how, 'client', 'clients')}, {formatMoney(total)} in all
                </StatNote>
                <BalanceTable rows={rows} caption={title} onOpen={openDetails} />
              </>
            )}
            {how > rows.length ? (
              <More>
                <Link to={allLink}>{allText}</Link>
              </More>
            ) : null}
            {modal}
          </>
        );
      }}
    </SummaryCard>
  );
}

/** Clients tab: the clients who owe the shop the most. */
export function DebtorsWidget() {
  return (
    <BalanceList
      title="Debtors"
      pick={(s) => ({ rows: s.debtors, total: s.totalOwedToShop, count: s.debtorCount })}
      empty="No client owes the shop."
      allLink="/clients?balance=negative&ordering=balance"
      allText="All debtors"
    />
  );
}

/** Clients tab: the clients the shop owes the most. */
export function CreditorsWidget() {
  return (
    <BalanceList
      title="Creditors"
      pick={(s) => ({ rows: s.creditors, total: s.totalOwedByShop, count: s.creditorCount })}
      empty="The shop owes no client."
      allLink="/clients?balance=positive&ordering=-balance"
      allText="All creditors"
    />
  );
}
