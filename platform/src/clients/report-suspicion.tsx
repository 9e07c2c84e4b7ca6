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
import { useEntityForm, type FormProblems } from '../form/use-entity-form';
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

interface Values {
  grounds: string;
}

/** Grounds are required: a report of nothing tells the nominated officer nothing (the service refuses it too). */
const checkGrounds = ({ grounds }: Values): FormProblems<Values> => ({
  grounds: grounds.trim() === '' ? SUSPICION_GROUNDS_REQUIRED : undefined,
});

/**
 * The report itself, on the platform's edit/create controller (issue 21 item 5): its check, the service's
 * refusal beside the field (or above the form), one send at a time, the focus on the field refused.
 */
function ReportForm({
  subject,
  subjectId,
  onSent,
}: ReportSuspicionProps & { onSent(receipt: SuspicionReceipt): void }) {
  const report = useApiMutation(endpoints.suspicions.create, {
    call: (text: string) => ({ body: { subject, subject_id: subjectId, grounds: text } }),
    changes: ['suspicions'],
  });
  const controller = useEntityForm<Values, SuspicionReceipt>({
    values: { grounds: '' },
    check: checkGrounds,
    save: ({ grounds }) => report.mutateAsync(grounds),
    serverFields: { grounds: 'grounds' },
    failedText: 'The report could not be sent. Please try again.',
    // The dialog's own confirmation (received, and its reference) says it.
    savedMessage: null,
    // A dialog's form: it is closed, not left.
    guard: false,
    onSaved: (receipt) => onSent(receipt),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    // The dialog is portalled, but React still bubbles its submit to any form the opening button sits in.
    event.stopPropagation();
    void controller.onSubmit(event);
  }

  return (
    <form ref={controller.formRef} onSubmit={submit} aria-label="Report a suspicion" noValidate>
      <p>
        Only the shop&rsquo;s nominated officer reads this. Do not tell the client, or anyone else, that you
        are reporting.
      </p>
      {controller.formError ? <Alert>{controller.formError}</Alert> : null}
      <TextAreaField
        label="What made you suspicious?"
        maxLength={SUSPICION_GROUNDS_MAX}
        rows={5}
        {...controller.text('grounds')}
      />
      <FormActions submitLabel="Send the report" busy={controller.busy} />
    </form>
  );
}
