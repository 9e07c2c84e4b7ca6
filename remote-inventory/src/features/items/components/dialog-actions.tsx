import styled from 'styled-components';

/** The submit row of a dialog's form, spaced from the Modal's own Close button below it. */
export const DialogActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(3)};
`;
