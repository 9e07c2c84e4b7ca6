import {
  SUSPICION_GROUNDS_MAX,
  SUSPICION_GROUNDS_REQUIRED,
  SUSPICION_RECEIVED,
  SUSPICION_RECEIVED_HINT,
  endpoints,
  type SuspicionReceipt,
  type SuspicionSubject,
} from '@loupe/contracts';
import { useState, type FormEvent } from 'react';
import { readServerErrors } from '../lib/server-errors';
import { useApiMutation } from '../query/api-mutation';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { TextAreaField } from '../ui/fields';
import { FormActions } from '../ui/form-actions';
import { Modal } from '../ui/modal';

export interface ReportSuspicionProps {
  subject: SuspicionSubject;
  subjectId: number;
}

/**
 * "Report a suspicion" (issue 25 item 1): any member tells the nominated officer what made them suspicious of
 * a client or of a deal, sale or purchase (POCA 2002 s.330: a duty; MLR 2017 reg. 21(5): to the nominated
 * officer). The one dialog of every screen that offers it. All the member is shown afterwards is that it was
 * received and its reference: nothing of a report is shown on the client's screens (POCA s.333A).
 */
export function ReportSuspicion({ subject, subjectId }: ReportSuspicionProps) {
  const [open, setOpen] = useState(false);
  const [receipt, setReceipt] = useState<SuspicionReceipt | null>(null);
  const close = () => {
    setOpen(false);
    setReceipt(null);
  };
  return (
    <>
      <Button variant="ghost" onClick={() => setOpen(true)}>
        Report a suspicion
      </Button>
      <Modal open={open} title={receipt ? SUSPICION_RECEIVED : 'Report a suspicion'} onClose={close}>
        {receipt ? (
          <>
            <Alert tone="success">
              {SUSPICION_RECEIVED}. Reference {receipt.reference}.
            </Alert>
            <p>{SUSPICION_RECEIVED_HINT}</p>
          </>
        ) : open ? (
          <ReportForm subject={subject} subjectId={subjectId} onSent={setReceipt} />
        ) : null}
      </Modal>
    </>
  );
}

function ReportForm({
  subject,
  subjectId,
  onSent,
}: ReportSuspicionProps & { onSent(receipt: SuspicionReceipt): void }) {
  const [grounds, setGrounds] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const report = useApiMutation(endpoints.suspicions.create, {
    call: (text: string) => ({ body: { subject, subject_id: subjectId, grounds: text } }),
    changes: ['suspicions'],
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (report.isPending) return;
    setFormError(null);
    if (grounds.trim() === '') {
      setError(SUSPICION_GROUNDS_REQUIRED);
      return;
    }
    setError(undefined);
    try {
      onSent(await report.mutateAsync(grounds));
    } catch (failure) {
      const read = readServerErrors(failure, 'The report could not be sent. Please try again.', {
        fields: { grounds: 'grounds' },
      });
      setError(read.fields.grounds);
      setFormError(read.form);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Report a suspicion" noValidate>
      <p>
        Only the shop&rsquo;s nominated officer reads this. Do not tell the client, or anyone else, that you
        are reporting.
      </p>
      {formError ? <Alert>{formError}</Alert> : null}
      <TextAreaField
        label="What made you suspicious?"
        value={grounds}
        maxLength={SUSPICION_GROUNDS_MAX}
        rows={5}
        onChange={(event) => setGrounds(event.target.value)}
        error={error}
      />
      <FormActions submitLabel="Send the report" busy={report.isPending} />
    </form>
  );
}
