import type { MemberRole, Membership } from '@loupe/contracts';
import { Alert, Button, TextField } from '@loupe/platform';
import { useState, type FormEvent } from 'react';
import { createMembership, createMembershipErrorMessage } from '../api/create-membership';

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
  onAdded(membership: Membership): void;
}

export function AddMemberForm({ shopId, role, submitLabel, onAdded }: AddMemberFormProps) {
  const [userId, setUserId] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setResult(null);
    const input = event.currentTarget.elements.namedItem('user');
    const field = input instanceof HTMLInputElement ? input : null;
    const invalid = validateUserId(userId, field?.validity.badInput ?? false);
    setFieldError(invalid);
    if (invalid) {
      field?.focus();
      return;
    }

    setSubmitting(true);
    try {
      const membership = await createMembership(shopId, { user: Number(userId), role, active: true });
      onAdded(membership);
      setUserId('');
      setResult({ ok: true, message: `User #${membership.user} is now a ${membership.role} member.` });
    } catch (error) {
      setResult({ ok: false, message: createMembershipErrorMessage(error) });
    } finally {
      setSubmitting(false);
    }
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
      <Button type="submit" disabled={submitting} aria-busy={submitting || undefined}>
        {submitLabel}
      </Button>
    </form>
  );
}
