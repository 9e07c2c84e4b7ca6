import type { Invoice, InvoiceStatus } from '@loupe/contracts';
import {
  Card,
  DataTable,
  DEFAULT_PAGE_SIZE,
  formatDay,
  formatMoney,
  LoadStateView,
  Pagination,
  type DataColumn,
  type PageSize,
} from '@loupe/platform';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { invoicePdfUrl, useClientInvoices } from '../api/get-client-documents';

const SectionTitle = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  font-size: 1.2rem;
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.muted};
`;

const STATUS_TEXT: Record<InvoiceStatus, string> = { issued: 'Issued', credited: 'Credited' };

const COLUMNS: readonly DataColumn<Invoice>[] = [
  { key: 'reference', header: 'Reference', rowHeader: true, noWrap: true, cell: (inv) => inv.reference },
  { key: 'date', header: 'Date', noWrap: true, cell: (inv) => formatDay(inv.issueDate) },
  { key: 'total', header: 'Total', numeric: true, cell: (inv) => formatMoney(inv.total, inv.currency) },
  {
    key: 'status',
    header: 'Status',
    cell: (inv) =>
      inv.kind === 'credit_note'
        ? `Credit note${inv.creditsInvoice ? ` for ${inv.creditsInvoice.reference}` : ''}`
        : STATUS_TEXT[inv.status],
  },
  {
    key: 'pdf',
    header: 'PDF',
    hideHeader: true,
    cell: (inv) => (
      <a href={invoicePdfUrl(inv.id)} download="" aria-label={`Download PDF of ${inv.reference}`}>
        Download PDF
      </a>
    ),
  },
];

/** The client's page: the invoices (and credit notes) issued to the client, newest first, each as a PDF. */
export function ClientInvoices({ clientId }: { clientId: number }) {
  const titleId = useId();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  const invoices = useClientInvoices(clientId, page, pageSize);
  return (
    <Card aria-labelledby={titleId}>
      <SectionTitle id={titleId}>Invoices</SectionTitle>
      <LoadStateView
        state={invoices}
        onRetry={() => void invoices.refetch()}
        loadingLabel="Loading invoices..."
        errorText="Failed to load the invoices."
      >
        {({ results, count }) =>
          count === 0 ? (
            <Muted>No invoices for this client yet.</Muted>
          ) : (
            <div aria-busy={invoices.isFetching}>
              <DataTable caption="Invoices" columns={COLUMNS} rows={results} rowKey={(inv) => inv.id} />
              {count > pageSize ? (
                <Pagination
                  label="Invoices pages"
                  page={page}
                  pageCount={Math.ceil(count / pageSize)}
                  pageSize={pageSize}
                  onPageChange={setPage}
                  onPageSizeChange={(size) => {
                    setPageSize(size);
                    setPage(1);
                  }}
                />
              ) : null}
            </div>
          )
        }
      </LoadStateView>
    </Card>
  );
}
