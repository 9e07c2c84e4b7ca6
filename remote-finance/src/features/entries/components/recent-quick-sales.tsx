import type { QuickSale } from '@loupe/contracts';
import { Card, DataTable, formatDay, formatMoney, LoadStateView, type DataColumn } from '@loupe/platform';
import { useId } from 'react';
import styled from 'styled-components';
import { invoicePdfUrl } from '../../../api/invoice-files';
import { useRecentQuickSales } from '../api/get-quick-sales';
import { useEntryVoids } from './entry-voids';

const Title = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  font-size: 1.2rem;
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.muted};
`;

const COLUMNS: readonly DataColumn<QuickSale>[] = [
  { key: 'name', header: 'Name', cell: (sale) => sale.name },
  {
    key: 'date',
    header: 'Date',
    noWrap: true,
    cell: (sale) => <time dateTime={sale.sale_date}>{formatDay(sale.sale_date)}</time>,
  },
  { key: 'notes', header: 'Notes', wrap: { maxCh: 28 }, cell: (sale) => sale.notes },
  { key: 'amount', header: 'Amount', numeric: true, cell: (sale) => formatMoney(sale.amount, sale.currency) },
  { key: 'method', header: 'Payment Method', cell: (sale) => sale.payment_method },
  {
    key: 'buyer',
    header: 'Buyer',
    wrap: { maxCh: 24 },
    cell: (sale) => sale.clientName ?? (sale.buyerName || '—'),
  },
  {
    key: 'invoice',
    header: 'Invoice',
    noWrap: true,
    // A reversal's document is its credit note; a sale made before invoices existed has none.
    cell: (sale) =>
      sale.invoice ? (
        <a
          href={invoicePdfUrl(sale.invoice.id)}
          download=""
          aria-label={`Download ${sale.invoice.reference} (PDF)`}
        >
          {sale.invoice.reference}
        </a>
      ) : (
        '—'
      ),
  },
];

/**
 * The latest quick sales under the form (issue 12): nowhere else lists them, and a sale typed wrongly must be
 * found to be voided. Voided sales stay, marked; their reversals show beside them.
 */
export function RecentQuickSales() {
  const titleId = useId();
  const sales = useRecentQuickSales();
  const voids = useEntryVoids('quickSale', sales.data?.results ?? []);
  return (
    <Card aria-labelledby={titleId}>
      <Title id={titleId}>Recent Quick Sales</Title>
      <LoadStateView
        state={sales}
        onRetry={() => void sales.refetch()}
        loadingLabel="Loading quick sales..."
        errorText="Failed to load quick sales."
      >
        {({ results, count }) =>
          results.length === 0 ? (
            <Muted>No quick sales yet.</Muted>
          ) : (
            <>
              {voids.notice}
              <DataTable
                caption="Recent quick sales"
                columns={[...COLUMNS, voids.column]}
                rows={results}
                rowKey={(sale) => sale.id}
              />
              {count > results.length ? (
                <Muted>
                  The latest {results.length} of {count} quick sales.
                </Muted>
              ) : null}
            </>
          )
        }
      </LoadStateView>
      {voids.dialog}
    </Card>
  );
}
