import type { ItemMargins } from '@loupe/contracts';
import { Card, Facts, formatDay, formatMoney, HttpError, RetryAlert } from '@loupe/platform';
import { Fragment, useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useItemMargins } from '../api/get-item-margins';

const Title = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  font-size: 1.2rem;
`;

const Subtitle = styled.h3`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  font-size: 1rem;
`;

const Figure = styled.span`
  font-variant-numeric: tabular-nums;
`;

const Repairs = styled.ul`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding-left: ${({ theme }) => theme.space(5)};
  li {
    overflow-wrap: anywhere;
  }
`;

const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.9rem;
`;

function FactRows({ label, rows }: { label: string; rows: [string, ReactNode][] }) {
  return (
    <Facts $stack aria-label={label}>
      {rows.map(([name, value]) => (
        <Fragment key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </Facts>
  );
}

const money = (amount: number) => <Figure>{formatMoney(amount)}</Figure>;

function MarginsView({ margins, titleId }: { margins: ItemMargins; titleId: string }) {
  const { sale } = margins;
  const scheme = margins.vatScheme === 'margin';
  const costs: [string, ReactNode][] = [
    ['Purchase price', money(margins.purchasePriceGbp)],
    ['Workshop repairs', money(margins.repairCostGbp)],
    ['Cost with repairs', money(margins.shopCostGbp)],
  ];
  const margin: [string, ReactNode][] = sale
    ? [
        [
          'Sold for',
          <Fragment key="sold">
            {money(sale.amountGbp)} on {formatDay(sale.date)}
          </Fragment>,
        ],
        ['Shop’s margin (after repairs)', money(sale.shopMarginGbp)],
        ...(sale.schemeMarginGbp !== null
          ? [
              ['Margin scheme margin (purchase price only)', money(sale.schemeMarginGbp)] as [
                string,
                ReactNode,
              ],
            ]
          : []),
        ...(sale.marginVatGbp !== null
          ? [['VAT on the margin', money(sale.marginVatGbp)] as [string, ReactNode]]
          : []),
      ]
    : [];
  return (
    <Card aria-labelledby={titleId}>
      <Title id={titleId}>Repairs and margins</Title>
      <FactRows label="Costs" rows={costs} />
      <Subtitle>Workshop jobs</Subtitle>
      <Repairs aria-label="Workshop jobs">
        {margins.repairs.map((repair) => (
          <li key={repair.jobId}>
            <Link to={`/workshop/jobs/${repair.jobId}`}>{repair.reference}</Link>: {money(repair.costGbp)},
            recorded {formatDay(repair.recordedOn)}
          </li>
        ))}
      </Repairs>
      {sale ? <FactRows label="Margins" rows={margin} /> : null}
      <Note>
        {scheme
          ? // HMRC VAT Notice 718 (the margin scheme): the purchase price is what was paid for the goods;
            // restoration and repair costs are not part of it, so the scheme's margin and its VAT ignore them.
            'The shop’s margin counts the repairs. The margin scheme does not: its margin and VAT are worked on the purchase price alone (HMRC VAT Notice 718).'
          : 'The shop’s margin counts the repairs as part of the item’s cost.'}
      </Note>
    </Card>
  );
}

/**
 * Issue 23 item 5 on the item page: a stock item serviced in the workshop has two costs and, once sold, two
 * margins — the shop's own, which counts the repair costs, and the margin scheme's, on the purchase price alone.
 * Only for members who may see costs (the service refuses the others with 403), and only for an item with
 * workshop costs: the others have nothing to add to the purchase price already in Details.
 */
export function ItemWorkshopMargins({ itemId, costs }: { itemId: number; costs: boolean }) {
  const titleId = useId();
  const margins = useItemMargins(itemId, costs);
  if (!costs || margins.isPending) return null;
  // 404: the item is not there (its page says so) or the service has no workshop: nothing to add.
  if (margins.error instanceof HttpError && margins.error.status === 404) return null;
  if (margins.error)
    return (
      <Card aria-labelledby={titleId}>
        <Title id={titleId}>Repairs and margins</Title>
        <RetryAlert
          error={margins.error}
          what="Failed to load the workshop repair costs."
          onRetry={() => void margins.refetch()}
        />
      </Card>
    );
  if (margins.data.repairs.length === 0) return null;
  return <MarginsView margins={margins.data} titleId={titleId} />;
}
