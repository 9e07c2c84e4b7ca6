import type { AmountCount, ClientReportLine, ReportDetails as Details } from '@loupe/contracts';
import { DataTable, formatCount, formatMoney, plural, type DataColumn } from '@loupe/platform';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { SignedMoney } from '../../../components/signed-money';

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(180px, 1fr));
  gap: ${({ theme }) => theme.space(3)};
  margin: 0 0 ${({ theme }) => theme.space(4)};
  div {
    padding: ${({ theme }) => theme.space(3)};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius};
  }
  dt {
    color: ${({ theme }) => theme.colors.muted};
    font-size: 0.85rem;
  }
  dd {
    margin: ${({ theme }) => theme.space(1)} 0 0;
    font-size: 1.15rem;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
`;

const Note = styled.p`
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.9rem;
`;

const Heading = styled.h3`
  font-size: 1rem;
  margin: ${({ theme }) => theme.space(4)} 0 ${({ theme }) => theme.space(2)};
`;

const amountCount = (value: AmountCount, one: string, many: string) =>
  `${formatMoney(value.amount)} (${plural(value.count, one, many)})`;

function FigureList({ label, items }: { label: string; items: [string, ReactNode][] }) {
  return (
    // A <dl> with role="group" loses its list semantics (axe: dlitem); the group wraps it instead.
    <div role="group" aria-label={label}>
      <Figures>
        {items.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </Figures>
    </div>
  );
}

const CLIENT_COLUMNS: readonly DataColumn<ClientReportLine>[] = [
  { key: 'client', header: 'Client', rowHeader: true, cell: (client) => client.name },
  { key: 'email', header: 'Email', cell: (client) => client.email },
  {
    key: 'status',
    header: 'Status',
    cell: (client) => (client.status === 'active' ? 'Active' : 'Not Active'),
  },
  {
    key: 'balance',
    header: 'Balance',
    numeric: true,
    cell: (client) => <SignedMoney value={client.balance} />,
  },
];

/** What the Client Report adds: the period's activity of each client. */
const ACTIVITY_COLUMNS: readonly DataColumn<ClientReportLine>[] = [
  ...CLIENT_COLUMNS,
  {
    key: 'sales',
    header: 'Sales',
    numeric: true,
    cell: (client) => (client.sales ? amountCount(client.sales, 'sale', 'sales') : '—'),
  },
  {
    key: 'ledger',
    header: 'Ledger Net',
    numeric: true,
    cell: (client) => <SignedMoney value={client.ledgerNet ?? 0} />,
  },
  { key: 'checked-out', header: 'Checked Out', numeric: true, cell: (client) => client.checkedOut ?? 0 },
];

/** A figure per line (a stock type, a payment method): what it is, how many, how much. */
interface CountLine {
  name: string;
  count: number;
  amount: number;
}

const countColumns = (name: string, counted: string, amount: string): DataColumn<CountLine>[] => [
  { key: 'name', header: name, rowHeader: true, cell: (line) => line.name },
  { key: 'count', header: counted, numeric: true, cell: (line) => formatCount(line.count) },
  { key: 'amount', header: amount, numeric: true, cell: (line) => formatMoney(line.amount) },
];

function CountTable({
  caption,
  columns,
  lines,
}: {
  caption: string;
  columns: DataColumn<CountLine>[];
  lines: CountLine[];
}) {
  return (
    <>
      <Heading>{caption}</Heading>
      <DataTable caption={caption} columns={columns} rows={lines} rowKey={(line) => line.name} />
    </>
  );
}

function ClientTable({
  clients,
  clientCount,
  activity,
  caption,
}: {
  clients: ClientReportLine[];
  clientCount: number;
  activity: boolean;
  caption: string;
}) {
  if (clients.length === 0) return <Note>No clients to show for this period.</Note>;
  return (
    <>
      <Heading>{caption}</Heading>
      <DataTable
        caption={caption}
        columns={activity ? ACTIVITY_COLUMNS : CLIENT_COLUMNS}
        rows={clients}
        rowKey={(client) => client.clientId}
      />
      {clientCount > clients.length ? (
        <Note>
          Showing {formatCount(clients.length)} of {formatCount(clientCount)} clients; the CSV has all of
          them.
        </Note>
      ) : null}
    </>
  );
}

/** The figures particular to each report type, beside the common Date / Sales / Expenses / Profit rows. */
export function ReportDetails({ details }: { details: Details }) {
  switch (details.kind) {
    case 'sales':
      return (
        <FigureList
          label="Sales details"
          items={[
            ['Stock items sold', amountCount(details.itemSales, 'sale', 'sales')],
            ['Quick sales', amountCount(details.quickSales, 'sale', 'sales')],
            // Left out by the API for a member who may not see costs (issue 21).
            ...(details.costOfGoods === undefined
              ? []
              : [['Cost of stock sold', formatMoney(details.costOfGoods)] as [string, ReactNode]]),
          ]}
        />
      );
    case 'profit_loss':
      return (
        <FigureList
          label="Profit & Loss details"
          items={[
            ['Revenue', formatMoney(details.revenue)],
            ['Cost of stock sold', formatMoney(details.costOfGoods)],
            ['Gross profit', <SignedMoney key="g" value={details.grossProfit} />],
            ['Expenses', formatMoney(details.expenses)],
            ['Net profit', <SignedMoney key="n" value={details.netProfit} />],
          ]}
        />
      );
    case 'purchases':
      return (
        <FigureList
          label="Purchases details"
          items={[
            ['Stock bought', amountCount(details.itemsBought, 'item', 'items')],
            ['Expenses', amountCount(details.expenses, 'expense', 'expenses')],
          ]}
        />
      );
    case 'stock_summary':
      return (
        <>
          <FigureList
            label="Stock Summary details"
            items={[
              ['Sold in this period', amountCount(details.sold, 'item', 'items')],
              ['In stock now (at cost)', amountCount(details.inStock, 'item', 'items')],
            ]}
          />
          <CountTable
            caption="Stock now by type"
            columns={countColumns('Stock Type', 'Items', 'Value at cost')}
            lines={Object.entries(details.byStockType).map(([name, value]) => ({ name, ...value }))}
          />
        </>
      );
    case 'sales_by_method':
      return (
        <CountTable
          caption="Sales by payment method"
          columns={countColumns('Payment Method', 'Count', 'Sales')}
          lines={details.byMethod.map((line) => ({ ...line, name: line.method }))}
        />
      );
    case 'client_balances':
      return (
        <>
          <FigureList
            label="Client Balances details"
            items={[
              ['Debtors (owe the shop)', amountCount(details.debtors, 'client', 'clients')],
              ['Creditors (the shop owes)', amountCount(details.creditors, 'client', 'clients')],
            ]}
          />
          <ClientTable
            caption="Client balances"
            clients={details.clients}
            clientCount={details.clientCount}
            activity={false}
          />
        </>
      );
    case 'client_report':
      return (
        <ClientTable
          caption="Client activity"
          clients={details.clients}
          clientCount={details.clientCount}
          activity
        />
      );
    default:
      return null;
  }
}
