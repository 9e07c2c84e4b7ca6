import type { MemberRole, Membership } from '@loupe/contracts';
import { Alert, Button, TextField, useEntityForm } from '@loupe/platform';
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

/** Adds a member of `role` on the platform's edit/create controller; the member lists refresh through the cache. */
export function AddMemberForm({ shopId, role, submitLabel }: AddMemberFormProps) {
  const add = useCreateMembership(shopId);
  // The outcome of the last send; a new attempt clears it.
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const controller = useEntityForm<{ user: string }, Membership>({
    values: { user: '' },
    check: ({ user }) => ({ user: validateUserId(user, false) ?? undefined }),
    failedText: 'Submission failed',
    save: ({ user }) => add.mutateAsync({ user: Number(user), role, active: true }),
    // The alert below says it, naming the member.
    savedMessage: null,
    guard: false,
    onFailed(error) {
      setResult({ ok: false, message: createMembershipErrorMessage(error) });
      return true;
    },
    onSaved(saved) {
      setResult({ ok: true, message: `User #${saved.user} is now a ${saved.role} member.` });
      // SPEC §7: the input is cleared on success.
      controller.form.reset({ user: '' });
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (controller.busy) return;
    setResult(null);
    const input = event.currentTarget.elements.namedItem('user');
    // A number input reports text it cannot parse as an empty value plus `badInput`.
    if (input instanceof HTMLInputElement && input.validity.badInput) {
      controller.form.setError('user', { message: validateUserId('', true) ?? '' });
      input.focus();
      return;
    }
    void controller.onSubmit();
  }

  return (
    <form ref={controller.formRef} onSubmit={handleSubmit} noValidate aria-label={submitLabel}>
      {result ? <Alert tone={result.ok ? 'success' : 'error'}>{result.message}</Alert> : null}
      <TextField
        label="User ID"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        required
        {...controller.text('user')}
      />
      <Button type="submit" disabled={controller.busy} aria-busy={controller.busy || undefined}>
        {submitLabel}
      </Button>
    </form>
  );
}
