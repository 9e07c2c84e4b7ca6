import { WORKSHOP_CLOSED_STAGES } from '@loupe/contracts';
import { DayField, FormActions, FormNotices, useEntityForm } from '@loupe/platform';
import { useState } from 'react';
import styled from 'styled-components';
import { useUpdateJob, type Job } from '../api/jobs';

interface PromiseValues {
  promisedDate: string;
  rush: boolean;
}

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => `0 ${theme.space(4)}`};
  > div:first-child {
    flex: 0 1 220px;
  }
`;

const Toggle = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  input {
    width: 18px;
    height: 18px;
  }
`;

/**
 * The promised date and the rush flag of an open job (JobUpdate): what the board's overdue badge and order read.
 * The service refuses a date before the day the piece was received (its 400 beside the field).
 */
export function PromiseForm({ job, onSaved }: { job: Job; onSaved(job: Job): void }) {
  const update = useUpdateJob();
  const [initial] = useState<PromiseValues>({ promisedDate: job.promisedDate ?? '', rush: job.rush });
  const controller = useEntityForm<PromiseValues, Job>({
    values: initial,
    save: (values) =>
      update.mutateAsync({
        id: job.id,
        body: { promisedDate: values.promisedDate || null, rush: values.rush },
      }),
    serverFields: { promisedDate: 'promisedDate', rush: 'rush' },
    failedText: 'The promised date could not be saved. Please try again.',
    savedMessage: 'Promised date and rush saved.',
    onSaved: (saved) => onSaved(saved),
  });
  const { value, busy, form, set } = controller;
  const rush = form.watch('rush');
  if (WORKSHOP_CLOSED_STAGES.includes(job.stage)) return null;
  return (
    <form
      ref={controller.formRef}
      onSubmit={(event) => void controller.onSubmit(event)}
      noValidate
      aria-label="Promised date and rush"
    >
      <FormNotices controller={controller} />
      <Row>
        <DayField label="Promised date" min={job.receivedOn} {...value('promisedDate')} />
        <Toggle>
          <input
            type="checkbox"
            name="rush"
            checked={rush}
            onChange={(event) => set('rush', event.target.checked)}
          />
          Rush
        </Toggle>
      </Row>
      <FormActions submitLabel="Save date" busy={busy} busyLabel="Saving..." />
    </form>
  );
}
