import { formatMoney, VisuallyHidden } from '@loupe/platform';
import styled from 'styled-components';

const Figure = styled.span<{ $negative: boolean }>`
  color: ${({ theme, $negative }) => ($negative ? theme.colors.danger : theme.colors.success)};
  font-weight: 600;
  white-space: nowrap;
  font-variant-numeric: tabular-nums;
`;

/** What a balance means for the shop (the sign convention of contracts/src/clients.ts), for assistive tech. */
export function balanceMeaning(value: number): string {
  if (value < 0) return 'owes the shop';
  if (value > 0) return 'the shop owes';
  return 'settled';
}

/**
 * A client's balance in GBP to two decimals (SPEC §9): red when negative, green otherwise. Colour is never
 * the only cue: a negative balance carries its minus sign and a ▼, a positive one a ▲, and screen readers
 * hear who owes whom.
 */
export function Balance({ value }: { value: number }) {
  const negative = value < 0;
  const arrow = negative ? '▼' : value > 0 ? '▲' : null;
  return (
    <Figure $negative={negative}>
      {arrow ? <span aria-hidden="true">{arrow} </span> : null}
      {formatMoney(value)}
      <VisuallyHidden> ({balanceMeaning(value)})</VisuallyHidden>
    </Figure>
  );
}
