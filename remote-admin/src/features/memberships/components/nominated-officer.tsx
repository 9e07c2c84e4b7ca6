import { endpoints } from '@loupe/contracts';
import {
  Alert,
  api,
  Card,
  FormActions,
  FormNotices,
  queryKeys,
  queryOptions,
  SelectField,
  useApiMutation,
  useAuth,
  useEntityForm,
  useQuery,
} from '@loupe/platform';
import { useEffect, useRef } from 'react';
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
  const save = useApiMutation(endpoints.memberships.setNominatedOfficer, {
    call: (next: number | null) => ({ params: { shopId }, body: { user: next } }),
    changes: ['memberships'],
  });
  const current = officer.data?.user;
  const loaded = current === undefined ? undefined : current === null ? NOBODY : String(current);
  // The service's field is `user`, as the form's: its 400 (not eligible) sits beside the choice.
  const controller = useEntityForm<{ user: string }, { user: number | null }>({
    values: { user: loaded ?? NOBODY },
    failedText: 'The nominated officer could not be saved. Please try again.',
    savedMessage: 'Nominated officer saved.',
    save: ({ user: chosen }) => save.mutateAsync(chosen === NOBODY ? null : Number(chosen)),
    // The owner may have named or stood down themself: auth-check says whether they now are.
    onSaved: () => void checkAuth(),
  });
  // The officer as loaded (and as read again after a save) is the choice, unless another is chosen.
  const chosen = useRef(false);
  chosen.current = controller.isDirty;
  const { reset } = controller.form;
  useEffect(() => {
    if (loaded !== undefined && !chosen.current) reset({ user: loaded });
  }, [loaded, reset]);
  const choice = controller.value('user');
  if (!user) return null;
  const candidates = (golds.data?.results ?? []).filter((m) => m.active);

  return (
    <Card aria-labelledby="nominated-officer-title">
      <h2 id="nominated-officer-title">Nominated officer</h2>
      <p>
        The member who receives the staff&rsquo;s suspicious activity reports and decides whether to disclose
        them to the National Crime Agency (Money Laundering Regulations 2017, reg. 21(3)).
      </p>
      {controller.status ? <Alert tone="success">{controller.status}</Alert> : null}
      <form ref={controller.formRef} onSubmit={controller.onSubmit} aria-label="Nominated officer">
        <FormNotices controller={controller} status={false} />
        <SelectField
          label="Nominated officer"
          name={choice.name}
          value={choice.value}
          error={choice.error}
          disabled={officer.isPending}
          onChange={(event) => choice.onChange(event.target.value)}
        >
          <option value={NOBODY}>Nobody named</option>
          <option value={String(user.id)}>You (the owner)</option>
          {candidates.map((m) => (
            <option key={m.id} value={String(m.user)}>
              User #{m.user} (gold)
            </option>
          ))}
        </SelectField>
        <FormActions submitLabel="Save nominated officer" busy={controller.busy} />
      </form>
    </Card>
  );
}
