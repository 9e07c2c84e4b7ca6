import { Alert, Button, FormStatus, TextField, useEntityForm, type FormProblems } from '@loupe/platform';
import { useState } from 'react';
import {
  changePasswordErrorMessage,
  NEW_PASSWORD_HINT,
  PASSWORD_CHANGED,
  PASSWORDS_DO_NOT_MATCH,
  useChangePassword,
} from '../api/change-password';
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

/** SPEC §5: all three required; the new password and its confirmation must match, else nothing is sent. */
function checkPasswords(values: Values): FormProblems<Values> {
  const missing: FormProblems<Values> = {};
  for (const field of Object.keys(REQUIRED) as (keyof Values)[]) {
    if (!values[field]) missing[field] = REQUIRED[field];
  }
  if (!missing.next && !missing.confirm && values.next !== values.confirm) {
    missing.confirm = PASSWORDS_DO_NOT_MATCH;
  }
  return missing;
}

/** Change password (SPEC §2, §7, §8) on the platform's edit/create controller. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  // SPEC §8: the service's new_password, then current_password, then detail, in one message above the form.
  const [failure, setFailure] = useState<string | null>(null);
  const controller = useEntityForm<Values, object>({
    values: EMPTY,
    check: checkPasswords,
    failedText: 'Password update failed.',
    save: async (values) => {
      setFailure(null);
      await change.mutateAsync({ current_password: values.current, new_password: values.next });
      return {};
    },
    savedMessage: PASSWORD_CHANGED,
    // A half-typed password is nothing to keep: leaving never asks.
    guard: false,
    onFailed(error) {
      setFailure(changePasswordErrorMessage(error));
      return true;
    },
    // SPEC §7: on success the three fields are cleared.
    onSaved: () => controller.form.reset(EMPTY),
  });
  const bind = controller.text;

  return (
    <form ref={controller.formRef} onSubmit={controller.onSubmit} noValidate aria-label="Change password">
      {failure ? <Alert>{failure}</Alert> : null}
      <FormStatus message={controller.status} />
      <PlainFieldset disabled={controller.busy}>
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          {...bind('current')}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          hint={NEW_PASSWORD_HINT}
          {...bind('next')}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          required
          {...bind('confirm')}
        />
        <Button type="submit" aria-busy={controller.busy || undefined}>
          Change Password
        </Button>
      </PlainFieldset>
    </form>
  );
}
