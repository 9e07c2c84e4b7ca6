import type { Profile } from '@loupe/contracts';
import { fieldErrors, Alert, Button, TextField } from '@loupe/platform';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import {
  PROFILE_UPDATE_FAILED,
  PROFILE_UPDATED,
  updateProfile,
  type UpdateProfileInput,
} from '../api/update-profile';
import { PlainFieldset } from './plain-fieldset';

type Field = keyof UpdateProfileInput;

function toInput(profile: Profile): UpdateProfileInput {
  return {
    username: profile.username,
    email: profile.email,
    first_name: profile.first_name,
    last_name: profile.last_name,
  };
}

interface ProfileFormProps {
  profile: Profile;
  /** Receives the saved profile as the server answered it (trimmed, normalised). */
  onSaved?(profile: Profile): void;
}

/** Edits email and names; the username is shown read-only because it identifies the account. */
export function ProfileForm({ profile, onSaved }: ProfileFormProps) {
  const [values, setValues] = useState<UpdateProfileInput>(() => toInput(profile));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [saving, setSaving] = useState(false);

  const bind = (field: Exclude<Field, 'username'>) => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setValues((current) => ({ ...current, [field]: event.target.value })),
  });

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    setResult(null);
    setErrors({});
    try {
      const saved = await updateProfile(values);
      setValues(toInput(saved));
      setResult({ ok: true, message: PROFILE_UPDATED });
      onSaved?.(saved);
    } catch (error) {
      // What the user typed stays in the fields so they can correct it.
      setErrors(fieldErrors(error));
      setResult({ ok: false, message: PROFILE_UPDATE_FAILED });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Profile">
      {result ? <Alert tone={result.ok ? 'success' : 'error'}>{result.message}</Alert> : null}
      <PlainFieldset disabled={saving}>
        <TextField
          label="Username"
          name="username"
          value={values.username}
          error={errors.username}
          readOnly
          hint="Your username cannot be changed."
        />
        <TextField label="Email" type="email" autoComplete="email" {...bind('email')} />
        <TextField label="First name" autoComplete="given-name" {...bind('first_name')} />
        <TextField label="Last name" autoComplete="family-name" {...bind('last_name')} />
        <Button type="submit" aria-busy={saving || undefined}>
          Save Changes
        </Button>
      </PlainFieldset>
    </form>
  );
}
