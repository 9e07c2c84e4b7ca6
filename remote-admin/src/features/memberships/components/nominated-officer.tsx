import { endpoints } from '@loupe/contracts';
import {
  Alert,
  api,
  Card,
  FormActions,
  queryKeys,
  queryOptions,
  readServerErrors,
  SelectField,
  useApiMutation,
  useAuth,
  useQuery,
} from '@loupe/platform';
import { useState, type FormEvent } from 'react';
import { useMemberships } from '../api/get-memberships';

const NOBODY = '';

const officerQuery = (shopId: number) =>
  queryOptions({
    queryKey: [...queryKeys.memberships.all, 'nominated-officer', shopId],
    queryFn: ({ signal }) => api(endpoints.memberships.nominatedOfficer, { params: { shopId }, signal }),
  });

/**
 * The owner names the shop's nominated officer (MLR 2017 reg. 21(3)): the member who receives the staff's
 * suspicious activity reports and decides on disclosure to the NCA — an active gold member or the owner. One
 * per shop; the change is audited by the service.
 */
export function NominatedOfficerCard({ shopId }: { shopId: number }) {
  const { user, checkAuth } = useAuth();
  const officer = useQuery(officerQuery(shopId));
  const golds = useMemberships({ shopId, role: 'gold' });
  const [choice, setChoice] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = useApiMutation(endpoints.memberships.setNominatedOfficer, {
    call: (next: number | null) => ({ params: { shopId }, body: { user: next } }),
    changes: ['memberships'],
  });
  if (!user) return null;
  const current = officer.data?.user ?? null;
  const value = choice ?? (current === null ? NOBODY : String(current));
  const candidates = (golds.data?.results ?? []).filter((m) => m.active);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    setSaved(false);
    setError(null);
    try {
      await save.mutateAsync(value === NOBODY ? null : Number(value));
      setSaved(true);
      setChoice(null);
      // The owner may have named or stood down themself: auth-check says whether they now are.
      await checkAuth();
    } catch (failure) {
      const read = readServerErrors(failure, 'The nominated officer could not be saved. Please try again.');
      setError(read.fields.user ?? read.form);
    }
  }

  return (
    <Card aria-labelledby="nominated-officer-title">
      <h2 id="nominated-officer-title">Nominated officer</h2>
      <p>
        The member who receives the staff&rsquo;s suspicious activity reports and decides whether to disclose
        them to the National Crime Agency (Money Laundering Regulations 2017, reg. 21(3)).
      </p>
      {saved ? <Alert tone="success">Nominated officer saved.</Alert> : null}
      {error ? <Alert>{error}</Alert> : null}
      <form onSubmit={(event) => void submit(event)} aria-label="Nominated officer">
        <SelectField
          label="Nominated officer"
          value={value}
          disabled={officer.isPending}
          onChange={(event) => setChoice(event.target.value)}
        >
          <option value={NOBODY}>Nobody named</option>
          <option value={String(user.id)}>You (the owner)</option>
          {candidates.map((m) => (
            <option key={m.id} value={String(m.user)}>
              User #{m.user} (gold)
            </option>
          ))}
        </SelectField>
        <FormActions submitLabel="Save nominated officer" busy={save.isPending} />
      </form>
    </Card>
  );
}
