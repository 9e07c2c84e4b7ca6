import styled from 'styled-components';

/**
 * A job's money in a line of labelled figures (the estimate's net, VAT and total; what the job owes and what was
 * paid): each `<div>` a muted label beside its amount, wrapping on a phone. One look for both cards of the job
 * page.
 */
export const Figures = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space(1)} ${theme.space(4)}`};
  margin: 0 0 ${({ theme }) => theme.space(3)};
  div {
    display: flex;
    gap: ${({ theme }) => theme.space(1)};
  }
  dt {
    color: ${({ theme }) => theme.colors.muted};
  }
  dd {
    margin: 0;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
`;

/** A muted line under a job card's figures (why the estimate is locked, what is left to pay). */
export const Note = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.muted};
`;
