// The values and words of website enquiries (issue 24 item 2) that the server and the staff app share. No
// TypeBox here: the browser entry (browser.ts) re-exports this file as values.

/**
 * Where an enquiry stands: new (nobody has answered), answered (a member replied through the mailer), converted
 * (linked to a client: one with the same e-mail, or one created from it), closed (nothing more to do).
 */
export const ENQUIRY_STATUSES = ['new', 'answered', 'converted', 'closed'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];
export const ENQUIRY_STATUS_LABELS: Readonly<Record<EnquiryStatus, string>> = {
  new: 'New',
  answered: 'Answered',
  converted: 'Converted to client',
  closed: 'Closed',
};

/** The staff list's filter: new only, open (new or answered: still waiting on the shop or the person), or all. */
export const ENQUIRY_FILTERS = ['new', 'open', 'all'] as const;
export type EnquiryFilter = (typeof ENQUIRY_FILTERS)[number];
export const ENQUIRY_OPEN_STATUSES: readonly EnquiryStatus[] = ['new', 'answered'];

/**
 * How long an enquiry is kept after its last activity, then deleted with its replies (UK GDPR Art. 5(1)(e)); the
 * form tells the person so (Art. 13(2)(a)).
 */
export const ENQUIRY_RETENTION_MONTHS = 12;

/** The longest each field may be (characters). */
export const ENQUIRY_LIMITS = {
  name: 120,
  email: 254,
  phone: 40,
  message: 4000,
  replySubject: 200,
  replyBody: 10000,
} as const;

/** The staff API's refusals. */
export const ENQUIRY_MESSAGES = {
  closed: 'This enquiry is closed.',
  alreadyConverted: 'This enquiry is already linked to a client.',
  noEmailToConvert:
    'This enquiry has no e-mail address, and a client needs one. Add the client by hand from Clients.',
  noEmailToReply: 'This enquiry has no e-mail address to reply to. Phone them instead.',
  alreadyClosed: 'This enquiry is closed already.',
} as const;

/** The public form's errors, shown beside their fields. */
export const ENQUIRY_FORM_ERRORS = {
  name: 'Enter your name',
  contact: 'Enter an e-mail address or a phone number',
  email: 'Enter an e-mail address in the correct format, like name@example.com',
  phone: 'Enter a phone number, like 020 7946 0000 or +44 7700 900000',
  message: 'Enter your message',
  consent: 'Tick the box to say we may use your details to answer you',
  tooLong: (label: string, max: number) => `${label} must be ${max} characters or fewer`,
  /** The time trap: sent within seconds of the page loading, or from a page left open over a day. */
  tooFast: 'Please check your message and send it again.',
  expired: 'This form was open for a long time. Please check your message and send it again.',
} as const;
