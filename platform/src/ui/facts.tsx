import styled from 'styled-components';

/**
 * A record's facts as a description list: the label (`dt`, bold) beside its value (`dd`), two columns that keep
 * the labels as narrow as their longest and let a long value (an address, a reference) wrap anywhere; a value's
 * own line breaks are kept (an address given as lines). `$stack`: on a phone, each label above its value.
 * Every record page of the remotes (item, deal, purchase, client risk, compliance registers) draws its facts
 * with this one list.
 */
export const Facts = styled.dl<{ $stack?: boolean }>`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: ${({ theme }) => `${theme.space(1)} ${theme.space(4)}`};
  margin: 0 0 ${({ theme }) => theme.space(4)};
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
    white-space: pre-line;
  }
  @media (max-width: 480px) {
    grid-template-columns: ${({ $stack }) => ($stack ? 'minmax(0, 1fr)' : 'max-content minmax(0, 1fr)')};
  }
`;
