import { MAIL_RETRYABLE, MAIL_STATUS_LABELS, type MailStatus, type OutboxMessage } from '@loupe/contracts';

/** Whether a message may be delivered again (never a sent one: it would go out twice). */
export const canRetry = (status: MailStatus): boolean => MAIL_RETRYABLE.includes(status);

/** What a retry did, in words for the status line. */
export function retryOutcome(message: OutboxMessage): string {
  if (message.status === 'sent') return `Sent to ${message.to}.`;
  return `${MAIL_STATUS_LABELS[message.status]}: ${message.lastError || 'not sent.'}`;
}

/** The recipient as a person reads it: their name and address, or that there is none. */
export function recipient(message: { toName: string; to: string }): string {
  if (!message.to) return `${message.toName || 'Unknown'} (no e-mail address)`;
  return message.toName ? `${message.toName} <${message.to}>` : message.to;
}
