import { useState, type FormEvent, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { errorDetail } from '../http';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Card } from '../ui/layout';
import { TextField } from '../ui/fields';
import { Spinner } from '../ui/spinner';
import { rememberedPath, useAuth } from './auth-context';
import { useLoginCsrf } from './login-csrf';

export const LOGIN_FAILED = 'Login failed. Please try again.';

const SubmitButton = styled(Button)`
  width: 100%;
`;

interface FieldErrors {
  username?: string;
  password?: string;
}

/**
 * Everything /login does (SPEC §2, §7, §8) but its frame: the CSRF cookie primed on mount, the Username and
 * Password fields, "Signing in..." while busy, the server's detail or the generic failure, and afterwards the
 * remembered location or /dashboard; a visitor already signed in is sent there at once. remote-auth's page
 * and the shell's fallback (for when remote-auth cannot be loaded) both render this one form, so the two
 * sign-ins cannot drift apart.
 */
export function SignInForm() {
  const { user, loading, login } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const csrfError = useLoginCsrf();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const target = rememberedPath(location.state);

  // While this form is signing in it navigates itself once login() has finished, so the two never race.
  if (user && !busy) return <Navigate to={target} replace />;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const errors: FieldErrors = {};
    if (!username.trim()) errors.username = 'Username is required.';
    if (!password) errors.password = 'Password is required.';
    setFieldErrors(errors);
    setError(null);
    if (errors.username || errors.password) return;

    setBusy(true);
    try {
      const session = await login(username.trim(), password);
      // The token was accepted but the session did not stick (e.g. cookies blocked): that is still a failure.
      if (!session.user) throw new Error('No session after sign-in');
      navigate(target, { replace: true });
    } catch (reason) {
      setError(errorDetail(reason) ?? LOGIN_FAILED);
      setBusy(false);
    }
  }

  return (
    <>
      {csrfError ? <Alert>{csrfError}</Alert> : null}
      {loading ? (
        <Spinner />
      ) : (
        <form onSubmit={handleSubmit} noValidate aria-label="Sign in">
          {error ? <Alert>{error}</Alert> : null}
          <TextField
            label="Username"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={username}
            error={fieldErrors.username}
            onChange={(event) => setUsername(event.target.value)}
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            error={fieldErrors.password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <SubmitButton type="submit" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Signing in...' : 'Sign in'}
          </SubmitButton>
        </form>
      )}
    </>
  );
}

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

const Subtitle = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(5)};
  color: ${({ theme }) => theme.colors.muted};
`;

/**
 * The /login screen: its title (SPEC §2), a quiet line under it, and {@link SignInForm}. remote-auth's page
 * and the shell's fallback differ only in that line.
 */
export function SignInScreen({ subtitle }: { subtitle: ReactNode }) {
  return (
    <Screen>
      <Panel aria-labelledby="sign-in-title">
        <h1 id="sign-in-title">Sign in to Loupe</h1>
        <Subtitle>{subtitle}</Subtitle>
        <SignInForm />
      </Panel>
    </Screen>
  );
}
