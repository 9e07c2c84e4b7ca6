// The values and words of the shop's outgoing e-mail (issue 23 item 4) that both the mail service and the outbox
// screen use. No TypeBox here: the browser entry (browser.ts) re-exports this file as values.

/**
 * Where a message stands. Every message is recorded before delivery is tried and is kept whatever happens, so
 * none is silently dropped: queued (being delivered, or interrupted), sent (the SMTP server accepted it), failed
 * (refused or unreachable: the error is kept, and it can be retried), outbox_only (no SMTP server configured:
 * read it here), not_sendable (it cannot be sent as it stands: the client has no e-mail address, or the shop no
 * sender address).
 */
export const MAIL_STATUSES = ['queued', 'sent', 'failed', 'outbox_only', 'not_sendable'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];
export const MAIL_STATUS_LABELS: Readonly<Record<MailStatus, string>> = {
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
  outbox_only: 'Outbox only',
  not_sendable: 'Not sendable',
};

/** The statuses a member may ask to deliver again (POST …/retry/): not a sent one, which would go out twice. */
export const MAIL_RETRYABLE: readonly MailStatus[] = ['queued', 'failed', 'outbox_only', 'not_sendable'];

/** Why a message was not sent, in the words the outbox shows (the SMTP server's own error is kept as it came). */
export const MAIL_PROBLEMS = {
  noRecipient:
    'Not sent: the client has no e-mail address on file. Add one to the client and retry, or tell them another way.',
  noSender:
    "Not sent: there is no sender address. Set MAIL_FROM on the server or the shop's e-mail in Shop Settings.",
  outboxOnly: 'Not sent: no SMTP server is configured (SMTP_URL), so the message is kept here only.',
  alreadySent: 'This message was sent already; it is not sent twice.',
} as const;

/** What a message is about: the page it links back to (a workshop job, a website enquiry, a wanted-list match). */
export const MAIL_RELATED_KINDS = ['workshop_job', 'enquiry', 'want_match'] as const;
export type MailRelatedKind = (typeof MAIL_RELATED_KINDS)[number];
