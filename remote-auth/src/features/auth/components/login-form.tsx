import { errorDetail, Alert, Button, TextField, useAuth } from '@loupe/platform';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useFieldValues } from '../../../hooks/use-field-values';

const SubmitButton = styled(Button)`
  width: 100%;
`;

export const LOGIN_FAILED = 'Login failed. Please try again.';

interface LoginFormProps {
  /** Called once the session check after sign-in shows a signed-in user. */
  onSuccess(): void;
  /** Lets the page hold back its "already signed in" redirect while this form is finishing a sign-in. */
  onBusyChange?(busy: boolean): void;
}

interface FieldErrors {
  username?: string;
  password?: string;
}

export function LoginForm({ onSuccess, onBusyChange }: LoginFormProps) {
  const { login } = useAuth();
  const { values, field } = useFieldValues({ username: '', password: '' });
  const { username, password } = values;
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function setBusyState(next: boolean) {
    setBusy(next);
    onBusyChange?.(next);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const errors: FieldErrors = {};
    if (!username.trim()) errors.username = 'Username is required.';
    if (!password) errors.password = 'Password is required.';
    setFieldErrors(errors);
    setError(null);
    if (errors.username || errors.password) return;

    setBusyState(true);
    try {
      const session = await login(username.trim(), password);
      // The token was accepted but the session did not stick (e.g. cookies blocked): that is still a failure.
      if (!session.user) throw new Error('No session after sign-in');
      onSuccess();
    } catch (reason) {
      setError(errorDetail(reason) ?? LOGIN_FAILED);
      setBusyState(false);
    }
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Sign in">
      {error ? <Alert>{error}</Alert> : null}
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        {...field('username', fieldErrors.username)}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        {...field('password', fieldErrors.password)}
      />
      <SubmitButton type="submit" disabled={busy} aria-busy={busy || undefined}>
        {busy ? 'Signing in...' : 'Sign in'}
      </SubmitButton>
    </form>
  );
}
