import type { InventorySummary, StockType } from '@loupe/contracts';
import {
  Alert,
  Button,
  Card,
  formatMoney,
  plural,
  Spinner,
  Table,
  TableScroll,
  VisuallyHidden,
} from '@loupe/platform';
import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { useInventorySummary } from '../../items/api/get-inventory-summary';

const Figure = styled.p`
  margin: 0;
  font-size: 2rem;
  font-weight: 700;
  font-variant-numeric: tabular-nums;
`;

const Sub = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  color: ${({ theme }) => theme.colors.muted};
`;

const Title = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  font-size: 1rem;
  color: ${({ theme }) => theme.colors.muted};
`;

const Bar = styled.div`
  height: 12px;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border: 1px solid ${({ theme }) => theme.colors.border};
  overflow: hidden;
  margin: ${({ theme }) => theme.space(2)} 0;
  span {
    display: block;
    height: 100%;
    background: ${({ theme }) => theme.colors.primary};
  }
`;

const Counts = styled.dl`
  display: grid;
  grid-template-columns: auto auto;
  justify-content: start;
  column-gap: ${({ theme }) => theme.space(4)};
  row-gap: ${({ theme }) => theme.space(1)};
  margin: ${({ theme }) => theme.space(3)} 0 0;
  dt {
    color: ${({ theme }) => theme.colors.muted};
  }
  dd {
    margin: 0;
    font-variant-numeric: tabular-nums;
  }
`;

const Compact = styled(Table)`
  font-size: 0.9rem;
  th,
  td {
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(1)}`};
  }
`;

const Markup = styled.td<{ $negative: boolean }>`
  color: ${({ theme, $negative }) => ($negative ? theme.colors.danger : theme.colors.success)};
  white-space: nowrap;
`;

/** A widget's card: its title, then the summary's figures once they are in. */
function SummaryCard({ title, children }: { title: string; children(summary: InventorySummary): ReactNode }) {
  const titleId = useId();
  const summary = useInventorySummary();
  return (
    <Card aria-labelledby={titleId}>
      <Title id={titleId}>{title}</Title>
      {summary.status === 'error' ? (
        <Alert>
          Failed to load stock figures.{' '}
          <Button variant="secondary" onClick={summary.reload}>
            Retry
          </Button>
        </Alert>
      ) : summary.data ? (
        children(summary.data)
      ) : (
        <Spinner label={`Loading ${title}...`} />
      )}
    </Card>
  );
}

function StockTypeCard({ title, type, noun }: { title: string; type: StockType; noun: [string, string] }) {
  return (
    <SummaryCard title={title}>
      {(summary) => {
        const { count, value } = summary.byStockType[type];
        return (
          <>
            <Figure>{count.toLocaleString('en-GB')}</Figure>
            <Sub>
              {plural(count, ...noun)} in stock · {formatMoney(value)} at cost
            </Sub>
          </>
        );
      }}
    </SummaryCard>
  );
}

export function TotalWatchesWidget() {
  return <StockTypeCard title="Total Watches" type="Watches" noun={['watch', 'watches']} />;
}

export function JewelleryWidget() {
  return <StockTypeCard title="Jewellery" type="Jewellery" noun={['piece', 'pieces']} />;
}

export function StockSummaryWidget() {
  return (
    <SummaryCard title="Stock Summary">
      {(summary) => {
        const available = summary.byStatus.available;
        const total = summary.inStockCount;
        const percent = total > 0 ? Math.round((available / total) * 100) : 0;
        return (
          <>
            <Sub>
              {plural(available, 'item', 'items')} available of {plural(total, 'item', 'items')} in stock (
              {percent}%)
            </Sub>
            <Bar
              role="progressbar"
              aria-label="Available items in stock"
              aria-valuemin={0}
              aria-valuemax={total}
              aria-valuenow={available}
              aria-valuetext={`${available} of ${total} available`}
            >
              <span style={{ width: `${percent}%` }} />
            </Bar>
            <Counts>
              <dt>Checked out</dt>
              <dd>{summary.byStatus.checked_out.toLocaleString('en-GB')}</dd>
              <dt>Unavailable</dt>
              <dd>{summary.byStatus.unavailable.toLocaleString('en-GB')}</dd>
              <dt>Sold</dt>
              <dd>{summary.byStatus.sold.toLocaleString('en-GB')}</dd>
              <dt>Stock value</dt>
              <dd>{formatMoney(summary.inStockValue)}</dd>
            </Counts>
          </>
        );
      }}
    </SummaryCard>
  );
}

export function RecentPurchasesWidget() {
  return (
    <SummaryCard title="Recent Purchases">
      {(summary) =>
        summary.recentPurchases.length === 0 ? (
          <Sub>No watches bought yet.</Sub>
        ) : (
          <TableScroll>
            <Compact>
              <caption>
                <VisuallyHidden>Recent Purchases</VisuallyHidden>
              </caption>
              <thead>
                <tr>
                  <th scope="col">Watch</th>
                  <th scope="col">Purchase Price</th>
                  <th scope="col">Expected Markup</th>
                </tr>
              </thead>
              <tbody>
                {summary.recentPurchases.map((row) => (
                  <tr key={row.id}>
                    <td>{row.name}</td>
                    <td>{formatMoney(row.purchasePrice)}</td>
                    {row.expectedMarkupPercent === null ? (
                      <td>—</td>
                    ) : (
                      <Markup $negative={row.expectedMarkupPercent < 0}>
                        {row.expectedMarkupPercent > 0 ? '+' : ''}
                        {row.expectedMarkupPercent.toFixed(1)}%
                      </Markup>
                    )}
                  </tr>
                ))}
              </tbody>
            </Compact>
          </TableScroll>
        )
      }
    </SummaryCard>
  );
}
