import type { ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { useEntityForm, type FormProblems } from '../form/use-entity-form';
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

interface Credentials {
  username: string;
  password: string;
}

/** SPEC §5: both required; a username of spaces is none (it is sent trimmed), a password is sent as typed. */
function checkCredentials({ username, password }: Credentials): FormProblems<Credentials> {
  return {
    username: username.trim() ? undefined : 'Username is required.',
    password: password ? undefined : 'Password is required.',
  };
}

/**
 * Everything /login does (SPEC §2, §7, §8) but its frame: the CSRF cookie primed on mount, the Username and
 * Password fields, "Signing in..." while busy, the server's detail (a refusal, the throttle's wait) or the
 * generic failure, and afterwards the remembered location or /dashboard; a visitor already signed in is sent
 * there at once. On the platform's edit/create controller (issue 21 item 5): its checks, one send at a time and
 * the focus on the first field refused. remote-auth's page and the shell's fallback (for when remote-auth cannot
 * be loaded) both render this one form, so the two sign-ins cannot drift apart.
 */
export function SignInForm() {
  const { user, loading, login } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const csrfError = useLoginCsrf();
  const target = rememberedPath(location.state);
  const controller = useEntityForm<Credentials, object>({
    values: { username: '', password: '' },
    check: checkCredentials,
    save: async ({ username, password }) => {
      const session = await login(username.trim(), password);
      // The token was accepted but the session did not stick (e.g. cookies blocked): that is still a failure.
      if (!session.user) throw new Error('No session after sign-in');
      return session;
    },
    failedText: LOGIN_FAILED,
    // The server's detail, whatever it is (wrong credentials, the throttle's wait), else the generic failure.
    onFailed(reason) {
      controller.setFormError(errorDetail(reason) ?? LOGIN_FAILED);
      return true;
    },
    // Where the visitor goes is what says it worked; a sign-in page holds nothing worth a question on leaving.
    savedMessage: null,
    guard: false,
    // In the same update as the end of `busy`, so the redirect below never races this one.
    onSaved: () => navigate(target, { replace: true }),
  });
  const { busy } = controller;

  // While this form is signing in it navigates itself once login() has finished, so the two never race.
  if (user && !busy) return <Navigate to={target} replace />;

  return (
    <>
      {csrfError ? <Alert>{csrfError}</Alert> : null}
      {loading ? (
        <Spinner />
      ) : (
        <form ref={controller.formRef} onSubmit={controller.onSubmit} noValidate aria-label="Sign in">
          {controller.formError ? <Alert>{controller.formError}</Alert> : null}
          <TextField
            label="Username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            {...controller.text('username')}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            {...controller.text('password')}
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
