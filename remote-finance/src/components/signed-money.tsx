import { VisuallyHidden, formatMoney } from '@loupe/platform';
import styled from 'styled-components';

const Negative = styled.span`
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
  white-space: nowrap;
`;

/**
 * A GBP figure that may be a loss. A negative one is red (SPEC §9) and also carries its minus sign and a ▼,
 * with "(loss)" for screen readers, so it never relies on colour alone.
 */
export function SignedMoney({ value }: { value: number }) {
  if (value >= 0) return <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(value)}</span>;
  return (
    <Negative data-negative="true">
      <span aria-hidden="true">▼ </span>
      {formatMoney(value)}
      <VisuallyHidden> (loss)</VisuallyHidden>
    </Negative>
  );
}
