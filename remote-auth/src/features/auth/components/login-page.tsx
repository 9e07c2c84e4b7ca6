import { Card, SIGN_IN_TITLE, SignInForm, usePageTitle } from '@loupe/platform';
import styled from 'styled-components';

// A div, not <main>: the shell's layout owns the page landmarks.
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
    margin: 0 0 ${({ theme }) => theme.space(1)};
    font-size: 1.5rem;
  }
`;

const Tagline = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(5)};
  color: ${({ theme }) => theme.colors.muted};
`;

/**
 * The primary /login screen. The form itself lives in the platform, where the shell's fallback for an
 * unreachable remote-auth renders the very same one.
 */
export function LoginPage() {
  usePageTitle('Sign in');
  return (
    <Screen>
      <Panel aria-labelledby="login-title">
        <h1 id="login-title">{SIGN_IN_TITLE}</h1>
        <Tagline>Your watch-intelligence dashboard</Tagline>
        <SignInForm />
      </Panel>
    </Screen>
  );
}
