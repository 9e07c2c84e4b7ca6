import type { AmountCount, ClientReportLine, ReportDetails as Details } from '@loupe/contracts';
import { formatMoney, plural, Table, TableScroll } from '@loupe/platform';
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

const Num = styled.td`
  text-align: right !important;
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

const NumHead = styled.th`
  text-align: right !important;
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
    <Figures role="group" aria-label={label}>
      {items.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </Figures>
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
      <TableScroll>
        <Table aria-label={caption}>
          <thead>
            <tr>
              <th scope="col">Client</th>
              <th scope="col">Email</th>
              <th scope="col">Status</th>
              <NumHead scope="col">Balance</NumHead>
              {activity ? (
                <>
                  <NumHead scope="col">Sales</NumHead>
                  <NumHead scope="col">Ledger Net</NumHead>
                  <NumHead scope="col">Checked Out</NumHead>
                </>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {clients.map((client) => (
              <tr key={client.clientId}>
                <th scope="row">{client.name}</th>
                <td>{client.email}</td>
                <td>{client.status === 'active' ? 'Active' : 'Not Active'}</td>
                <Num>
                  <SignedMoney value={client.balance} />
                </Num>
                {activity ? (
                  <>
                    <Num>{client.sales ? amountCount(client.sales, 'sale', 'sales') : '—'}</Num>
                    <Num>
                      <SignedMoney value={client.ledgerNet ?? 0} />
                    </Num>
                    <Num>{client.checkedOut ?? 0}</Num>
                  </>
                ) : null}
              </tr>
            ))}
          </tbody>
        </Table>
      </TableScroll>
      {clientCount > clients.length ? (
        <Note>
          Showing {clients.length.toLocaleString('en-GB')} of {clientCount.toLocaleString('en-GB')} clients;
          the CSV has all of them.
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
            ['Cost of stock sold', formatMoney(details.costOfGoods)],
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
          <Heading>Stock now by type</Heading>
          <TableScroll>
            <Table aria-label="Stock now by type">
              <thead>
                <tr>
                  <th scope="col">Stock Type</th>
                  <NumHead scope="col">Items</NumHead>
                  <NumHead scope="col">Value at cost</NumHead>
                </tr>
              </thead>
              <tbody>
                {Object.entries(details.byStockType).map(([type, value]) => (
                  <tr key={type}>
                    <th scope="row">{type}</th>
                    <Num>{value.count.toLocaleString('en-GB')}</Num>
                    <Num>{formatMoney(value.amount)}</Num>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableScroll>
        </>
      );
    case 'sales_by_method':
      return (
        <>
          <Heading>Sales by payment method</Heading>
          <TableScroll>
            <Table aria-label="Sales by payment method">
              <thead>
                <tr>
                  <th scope="col">Payment Method</th>
                  <NumHead scope="col">Count</NumHead>
                  <NumHead scope="col">Sales</NumHead>
                </tr>
              </thead>
              <tbody>
                {details.byMethod.map((line) => (
                  <tr key={line.method}>
                    <th scope="row">{line.method}</th>
                    <Num>{line.count.toLocaleString('en-GB')}</Num>
                    <Num>{formatMoney(line.amount)}</Num>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableScroll>
        </>
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
