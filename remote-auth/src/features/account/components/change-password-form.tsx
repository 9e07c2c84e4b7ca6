import { Button, TextField } from '@loupe/platform';
import { useState, type FormEvent } from 'react';
import {
  changePasswordErrorMessage,
  NEW_PASSWORD_HINT,
  PASSWORD_CHANGED,
  PASSWORDS_DO_NOT_MATCH,
  useChangePassword,
} from '../api/change-password';
import { useFieldValues } from '../../../hooks/use-field-values';
import { OutcomeAlert } from './outcome-alert';
import { PlainFieldset } from './plain-fieldset';

interface Values {
  current: string;
  next: string;
  confirm: string;
}

const EMPTY: Values = { current: '', next: '', confirm: '' };

const REQUIRED: Record<keyof Values, string> = {
  current: 'Current password is required.',
  next: 'New password is required.',
  confirm: 'Please confirm the new password.',
};

export function ChangePasswordForm() {
  const { values, setValues, field } = useFieldValues<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const change = useChangePassword();
  const bind = (name: keyof Values) => field(name, errors[name]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    change.reset();
    const missing: Partial<Record<keyof Values, string>> = {};
    for (const field of Object.keys(REQUIRED) as (keyof Values)[]) {
      if (!values[field]) missing[field] = REQUIRED[field];
    }
    if (!missing.next && !missing.confirm && values.next !== values.confirm) {
      missing.confirm = PASSWORDS_DO_NOT_MATCH;
    }
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;

    change.mutate(
      { current_password: values.current, new_password: values.next },
      { onSuccess: () => setValues(EMPTY) },
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Change password">
      <OutcomeAlert
        status={change.status}
        success={PASSWORD_CHANGED}
        failure={changePasswordErrorMessage(change.error)}
      />
      <PlainFieldset disabled={change.isPending}>
        <TextField
          label="Current password"
          name="current_password"
          type="password"
          autoComplete="current-password"
          required
          {...bind('current')}
        />
        <TextField
          label="New password"
          name="new_password"
          type="password"
          autoComplete="new-password"
          required
          hint={NEW_PASSWORD_HINT}
          {...bind('next')}
        />
        <TextField
          label="Confirm new password"
          name="confirm_password"
          type="password"
          autoComplete="new-password"
          required
          {...bind('confirm')}
        />
        <Button type="submit" aria-busy={change.isPending || undefined}>
          Change Password
        </Button>
      </PlainFieldset>
    </form>
  );
}
