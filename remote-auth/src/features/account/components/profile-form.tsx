import type { Profile } from '@loupe/contracts';
import { fieldErrors, Button, TextField } from '@loupe/platform';
import type { FormEvent } from 'react';
import {
  PROFILE_UPDATE_FAILED,
  PROFILE_UPDATED,
  useUpdateProfile,
  type UpdateProfileInput,
} from '../api/update-profile';
import { useFieldValues } from '../../../hooks/use-field-values';
import { OutcomeAlert } from './outcome-alert';
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

/**
 * Edits email and names; the username is shown read-only because it identifies the account. The fields start
 * from `profile` and then belong to the user: a refetch of the profile never overwrites what they are typing.
 */
export function ProfileForm({ profile }: { profile: Profile }) {
  const { values, setValues, field } = useFieldValues<UpdateProfileInput>(() => toInput(profile));
  const save = useUpdateProfile();
  // What the user typed stays in the fields after a refusal, so they can correct it beside the messages.
  const errors: Partial<Record<Field, string>> = save.isError ? fieldErrors(save.error) : {};

  const bind = (name: Exclude<Field, 'username'>) => ({ name, ...field(name, errors[name]) });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The answer is the profile as stored (trimmed, normalised): the fields show that.
    save.mutate(values, { onSuccess: (saved) => setValues(toInput(saved)) });
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Profile">
      <OutcomeAlert status={save.status} success={PROFILE_UPDATED} failure={PROFILE_UPDATE_FAILED} />
      <PlainFieldset disabled={save.isPending}>
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
        <Button type="submit" aria-busy={save.isPending || undefined}>
          Save Changes
        </Button>
      </PlainFieldset>
    </form>
  );
}
