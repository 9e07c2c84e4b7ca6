import type { MemberRole } from '@loupe/contracts';
import { Alert, Button, TextField } from '@loupe/platform';
import { useState, type FormEvent } from 'react';
import { createMembershipErrorMessage, useCreateMembership } from '../api/create-membership';

/** Why a typed user id cannot be sent, or null when it can (SPEC §5: required and numeric). */
function validateUserId(value: string, badInput: boolean): string | null {
  // A number input reports text it cannot parse as an empty value plus `badInput`.
  if (badInput) return 'User ID must be a number.';
  if (!value.trim()) return 'User ID is required.';
  if (!/^\d+$/.test(value.trim()) || Number(value) < 1) return 'User ID must be a positive whole number.';
  return null;
}

interface AddMemberFormProps {
  shopId: number;
  role: MemberRole;
  submitLabel: string;
}

/** Adds a member of `role`; the shop's member lists refresh through the cache, not through this form. */
export function AddMemberForm({ shopId, role, submitLabel }: AddMemberFormProps) {
  const [userId, setUserId] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const add = useCreateMembership(shopId);
  // The outcome of the last send is the mutation's own state; a new attempt clears it.
  const result = add.isSuccess
    ? { ok: true, message: `User #${add.data.user} is now a ${add.data.role} member.` }
    : add.isError
      ? { ok: false, message: createMembershipErrorMessage(add.error) }
      : null;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (add.isPending) return;
    add.reset();
    const input = event.currentTarget.elements.namedItem('user');
    const field = input instanceof HTMLInputElement ? input : null;
    const invalid = validateUserId(userId, field?.validity.badInput ?? false);
    setFieldError(invalid);
    if (invalid) {
      field?.focus();
      return;
    }

    add.mutate({ user: Number(userId), role, active: true }, { onSuccess: () => setUserId('') });
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={submitLabel}>
      {result ? <Alert tone={result.ok ? 'success' : 'error'}>{result.message}</Alert> : null}
      <TextField
        label="User ID"
        name="user"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        required
        value={userId}
        error={fieldError}
        onChange={(event) => setUserId(event.target.value)}
      />
      <Button type="submit" disabled={add.isPending} aria-busy={add.isPending || undefined}>
        {submitLabel}
      </Button>
    </form>
  );
}
