import { MAIL_STATUS_LABELS, type MailStatus } from '@loupe/contracts';
import type { EnquiryRow } from '../api/enquiries';

/** How the person can be reached: the e-mail, the phone, or both. */
export const contactOf = (enquiry: Pick<EnquiryRow, 'email' | 'phone'>): string =>
  [enquiry.email, enquiry.phone].filter(Boolean).join(' · ');

/** The item's name as the list and the subject show it; its id when it has no title. */
export const itemTitleOf = (enquiry: Pick<EnquiryRow, 'item'>): string =>
  enquiry.item.title.trim() || `Item #${enquiry.item.id}`;

/** The reply's subject before anyone types: "Re: Rolex Submariner 126610LN". */
export const replySubjectOf = (enquiry: Pick<EnquiryRow, 'item'>): string => `Re: ${itemTitleOf(enquiry)}`;

/** What became of a reply, in words: sent by e-mail, or waiting in the outbox (and why). */
export function mailOutcome(status: MailStatus | null): string {
  switch (status) {
    case 'sent':
      return 'Sent by e-mail.';
    case 'outbox_only':
      return 'Kept in the outbox: no mail server is configured, so it was not sent. Send it from your own e-mail or phone them.';
    case 'failed':
      return 'Not sent: the mail server refused it. It waits in the outbox to be retried.';
    case 'not_sendable':
      return 'Not sent: there is no sender or recipient address. It waits in the outbox.';
    case 'queued':
      return 'Queued in the outbox for sending.';
    default:
      return 'No longer in the outbox.';
  }
}

export const mailStatusLabel = (status: MailStatus | null): string =>
  status ? MAIL_STATUS_LABELS[status] : 'Not in the outbox';
