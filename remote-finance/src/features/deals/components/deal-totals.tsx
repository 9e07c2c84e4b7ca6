import { formatMoney, type Decimal } from '@loupe/platform';
import styled from 'styled-components';

const List = styled.dl`
  display: grid;
  grid-template-columns: max-content auto;
  justify-content: start;
  gap: ${({ theme }) => `${theme.space(1)} ${theme.space(5)}`};
  margin: 0 0 ${({ theme }) => theme.space(4)};
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
  .balance {
    font-size: 1.15rem;
    font-weight: 700;
  }
`;

const Note = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.9rem;
`;

type Figure = number | Decimal;

export interface TotalsFigures {
  goods: Figure;
  partExchange: Figure;
  due: Figure;
  paid: Figure;
  balance: Figure;
}

const sign = (value: Figure) => (typeof value === 'number' ? Math.sign(value) : value.cmp(0));
const negate = (value: Figure) => (typeof value === 'number' ? -value : value.neg());

/**
 * The deal's figures in pounds (contracts/src/deals.ts, MONEY): goods, the part-exchange allowances taken off,
 * what is due, what has been paid (in less out) and the balance left. The balance is announced as it changes,
 * so whoever types a payment hears what is left.
 */
export function DealTotals({ figures, label = 'Totals' }: { figures: TotalsFigures; label?: string }) {
  const { goods, partExchange, due, paid, balance } = figures;
  return (
    <div role="group" aria-label={label}>
      <List>
        <dt>Goods</dt>
        <dd>{formatMoney(goods)}</dd>
        <dt>Part-exchange</dt>
        <dd>{sign(partExchange) === 0 ? formatMoney(0) : formatMoney(negate(partExchange))}</dd>
        <dt>Due</dt>
        <dd>{formatMoney(due)}</dd>
        <dt>Paid</dt>
        <dd>{formatMoney(paid)}</dd>
        <dt className="balance">Balance left</dt>
        <dd className="balance" aria-live="polite" aria-atomic="true">
          {formatMoney(balance)}
        </dd>
      </List>
      {sign(due) < 0 ? (
        <Note>The part-exchange is worth more than the goods: the shop owes the client.</Note>
      ) : null}
      {sign(balance) < 0 ? (
        <Note>The payments exceed what is due by {formatMoney(negate(balance))}.</Note>
      ) : null}
    </div>
  );
}
