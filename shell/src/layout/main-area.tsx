import styled from 'styled-components';

/** The page's main landmark, around the screen alone (signed out) or beside the sidebar (signed in). */
export const Main = styled.main`
  flex: 1;
  min-width: 0;
  padding: ${({ theme }) => theme.space(6)};
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    padding: ${({ theme }) => theme.space(4)};
  }
`;

/** Where an account whose password was set by someone else changes it; every other screen waits for that. */
export const PASSWORD_CHANGE_PATH = '/account/settings';
