import { Alert, Card, Spinner, rememberedPath, useAuth, usePageTitle } from '@loupe/platform';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { useLoginCsrf } from '../api/init-login-csrf';
import { LoginForm } from './login-form';

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

export function LoginPage() {
  const { user, loading } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const csrfError = useLoginCsrf();
  const [signingIn, setSigningIn] = useState(false);
  usePageTitle('Sign in');
  const target = rememberedPath(location.state);

  // Someone already signed in has nothing to do here. While this form is signing in, it navigates itself
  // once login() has finished, so the two never race.
  if (user && !signingIn) return <Navigate to={target} replace />;

  return (
    <Screen>
      <Panel aria-labelledby="login-title">
        <h1 id="login-title">Sign in to Loupe</h1>
        <Tagline>Your watch-intelligence dashboard</Tagline>
        {csrfError ? <Alert>{csrfError}</Alert> : null}
        {loading ? (
          <Spinner />
        ) : (
          <LoginForm onBusyChange={setSigningIn} onSuccess={() => navigate(target, { replace: true })} />
        )}
      </Panel>
    </Screen>
  );
}
