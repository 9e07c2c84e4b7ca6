import styled from 'styled-components';
import { Card, SIGN_IN_TITLE, SignInForm, usePageTitle } from '@loupe/platform';

// A div, not <main>: the layout owns the page landmarks.
const Screen = styled.div`
  min-height: 80vh;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space(4)};
`;

const Panel = styled(Card)`
  width: min(400px, 100%);
  margin: 0;
  h1 {
    margin: 0 0 ${({ theme }) => theme.space(5)};
    font-size: 1.5rem;
  }
`;

const Note = styled.p`
  margin: ${({ theme }) => theme.space(4)} 0 0;
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.85rem;
`;

/**
 * /login when remote-auth's code cannot be loaded: one remote's outage must not lock every member of staff
 * out. It is the platform's sign-in form, the one remote-auth's page renders, in a plain frame; the note is
 * deliberately quiet (no alert), as the visitor can sign in all the same.
 */
export function SignInFallback() {
  usePageTitle('Sign in');
  return (
    <Screen>
      <Panel aria-labelledby="sign-in-fallback-title">
        <h1 id="sign-in-fallback-title">{SIGN_IN_TITLE}</h1>
        <SignInForm />
        <Note>The full sign-in page could not be loaded; this simpler form signs you in all the same.</Note>
      </Panel>
    </Screen>
  );
}
