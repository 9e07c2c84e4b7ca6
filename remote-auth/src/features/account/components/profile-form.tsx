import type { Profile } from '@loupe/contracts';
import { Alert, Button, fieldErrors, FormStatus, TextField, useEntityForm } from '@loupe/platform';
import { useState } from 'react';
import {
  PROFILE_UPDATE_FAILED,
  PROFILE_UPDATED,
  useUpdateProfile,
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

/**
 * Edits email and names; the username is shown read-only because it identifies the account. The fields start
 * from `profile` and then belong to the user: a refetch of the profile never overwrites what they are typing.
 * On the platform's edit/create controller: SPEC §7's "Profile updated successfully." in the polite status line.
 */
export function ProfileForm({ profile }: { profile: Profile }) {
  const save = useUpdateProfile();
  const [failed, setFailed] = useState(false);
  const controller = useEntityForm<UpdateProfileInput, Profile>({
    values: toInput(profile),
    failedText: PROFILE_UPDATE_FAILED,
    save: (values) => {
      setFailed(false);
      return save.mutateAsync(values);
    },
    savedMessage: PROFILE_UPDATED,
    onFailed(error) {
      // SPEC §8: "Failed to update profile." above the form, whatever the service said; its field messages
      // beside their fields, and what the user typed stays so they can correct it.
      for (const [name, message] of Object.entries(fieldErrors(error)))
        controller.form.setError(name as Field, { type: 'server', message });
      setFailed(true);
      return true;
    },
    // The answer is the profile as stored (trimmed, normalised): the fields show that.
    onSaved: (saved) => controller.form.reset(toInput(saved)),
  });
  const bind = (name: Exclude<Field, 'username'>) => controller.text(name);

  return (
    <form ref={controller.formRef} onSubmit={controller.onSubmit} noValidate aria-label="Profile">
      {failed ? <Alert>{PROFILE_UPDATE_FAILED}</Alert> : null}
      <FormStatus message={controller.status} />
      <PlainFieldset disabled={controller.busy}>
        <TextField
          label="Username"
          name="username"
          value={controller.form.watch('username')}
          error={controller.errorOf('username')}
          readOnly
          hint="Your username cannot be changed."
        />
        <TextField label="Email" type="email" autoComplete="email" {...bind('email')} />
        <TextField label="First name" autoComplete="given-name" {...bind('first_name')} />
        <TextField label="Last name" autoComplete="family-name" {...bind('last_name')} />
        <Button type="submit" aria-busy={controller.busy || undefined}>
          Save Changes
        </Button>
      </PlainFieldset>
    </form>
  );
}
