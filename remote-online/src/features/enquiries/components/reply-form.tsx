import { ENQUIRY_LIMITS } from '@loupe/contracts';
import { Alert, Button, errorMessage, fieldErrors, TextAreaField, TextField } from '@loupe/platform';
import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useReply, type EnquiryDetail } from '../api/enquiries';
import { mailOutcome, replySubjectOf } from './enquiry-text';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  textarea {
    min-height: 10rem;
  }
`;

const Title = styled.h2`
  font-size: 1.15rem;
  margin: 0;
`;

/**
 * Reply: the subject ready ("Re: <item>"), the body typed; sent through the shop's mailer, or kept in the outbox
 * when no mail server is configured — the answer says which, so nobody thinks a kept message went.
 */
export function ReplyForm({ enquiry }: { enquiry: EnquiryDetail }) {
  const titleId = useId();
  const reply = useReply();
  const [subject, setSubject] = useState(() => replySubjectOf(enquiry));
  const [body, setBody] = useState('');
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'info'; text: string } | null>(null);
  const [missing, setMissing] = useState<{ subject?: string; body?: string }>({});
  const errors = { ...fieldErrors(reply.error), ...missing };

  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOutcome(null);
    const problems = {
      ...(subject.trim() ? {} : { subject: 'Enter a subject' }),
      ...(body.trim() ? {} : { body: 'Enter your reply' }),
    };
    setMissing(problems);
    if (problems.subject || problems.body) return;
    reply.mutate(
      { id: enquiry.id, body: { subject: subject.trim(), body } },
      {
        onSuccess: (answer) => {
          const sent = answer.replies.at(-1);
          setBody('');
          setOutcome({
            tone: sent?.mailStatus === 'sent' ? 'success' : 'info',
            text: `Reply to ${answer.email}: ${mailOutcome(sent?.mailStatus ?? null)}`,
          });
        },
      },
    );
  };

  return (
    <section aria-labelledby={titleId}>
      <Form aria-labelledby={titleId} onSubmit={send} noValidate>
        <Title id={titleId}>Reply</Title>
        {outcome ? <Alert tone={outcome.tone}>{outcome.text}</Alert> : null}
        {reply.isError && !errors.subject && !errors.body ? (
          <Alert>{errorMessage(reply.error, 'The reply could not be sent. Please try again.')}</Alert>
        ) : null}
        <TextField
          label="Subject"
          value={subject}
          maxLength={ENQUIRY_LIMITS.replySubject}
          error={errors.subject}
          onChange={(event) => setSubject(event.target.value)}
        />
        <TextAreaField
          label="Message"
          hint={`To ${enquiry.email}.`}
          value={body}
          maxLength={ENQUIRY_LIMITS.replyBody}
          error={errors.body}
          onChange={(event) => setBody(event.target.value)}
        />
        <div>
          <Button type="submit" disabled={reply.isPending}>
            {reply.isPending ? 'Sending...' : 'Send reply'}
          </Button>
        </div>
      </Form>
    </section>
  );
}
