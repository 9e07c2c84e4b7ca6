// Issue 25, item 1: the plain values of suspicions.ts (wording, choices, the HVD number's rule), which the
// browser bundle takes as they are (browser.ts); the schemas stay in suspicions.ts.

/** The 403's reason when someone other than the nominated officer asks for what only they may see or do. */
export const NOMINATED_OFFICER_ONLY =
  "Only the shop's nominated officer can see or decide suspicious activity reports.";

/** The 403's reason when anyone but the owner tries to name the nominated officer. */
export const NOMINATE_NOT_ALLOWED = 'Only the shop owner (platinum) can name the nominated officer.';

/** The 400 on `user` when the member named cannot be the nominated officer. */
export const NOMINEE_NOT_ELIGIBLE =
  'The nominated officer must be an active gold or platinum member of this shop.';

/** What a report can be about: a client, or one of their deals, sales or purchases. */
export const SUSPICION_SUBJECTS = ['client', 'deal', 'sale', 'purchase'] as const;
export type SuspicionSubject = (typeof SUSPICION_SUBJECTS)[number];
export const SUSPICION_SUBJECT_LABELS: Readonly<Record<SuspicionSubject, string>> = {
  client: 'Client',
  deal: 'Deal',
  sale: 'Sale',
  purchase: 'Purchase',
};

/** The nominated officer's decision (POCA 2002 s.331): a disclosure to the NCA, or none, with the reasons. */
export const SUSPICION_DECISIONS = ['no_disclosure', 'disclosed'] as const;
export type SuspicionDecisionChoice = (typeof SUSPICION_DECISIONS)[number];
export const SUSPICION_DECISION_LABELS: Readonly<Record<SuspicionDecisionChoice, string>> = {
  no_disclosure: 'No disclosure',
  disclosed: 'Disclosed to the NCA',
};

/** The audit trail's kind of record for a report: its entries are shown to the nominated officer alone. */
export const SUSPICION_AUDIT_ENTITY = 'suspicion_report';
/** The trail's actions of a report (raised; decided). */
export const SUSPICION_AUDIT_ACTIONS = ['report_suspicion', 'decide_suspicion'] as const;

/** The longest account of what made a member suspicious. */
export const SUSPICION_GROUNDS_MAX = 4000;

/** The words the reporter is shown once a report is in, and nothing else about it. */
export const SUSPICION_RECEIVED = 'Report received';
export const SUSPICION_RECEIVED_HINT =
  'The nominated officer has it. Do not tell the client or anyone outside the shop that a report was made.';
export const SUSPICION_GROUNDS_REQUIRED = 'Say what made you suspicious.';
export const SUSPICION_SUBJECT_NOT_FOUND = 'No such record in this shop.';
export const NCA_REFERENCE_REQUIRED = 'Enter the reference the NCA gave the disclosure.';
export const DISCLOSED_ON_REQUIRED = 'Enter the day the disclosure was made.';
export const NO_DISCLOSURE_NOTES_REQUIRED = 'Record why no disclosure is made.';

/** The reference a report is known by: SAR-0001, counted per shop. */
export const suspicionReference = (number: number): string => `SAR-${String(number).padStart(4, '0')}`;

/** The 403's reason for the summary: the owner and the nominated officer print it. */
export const SUMMARY_NOT_ALLOWED =
  'Only the shop owner (platinum) or the nominated officer can print the compliance summary.';

/**
 * The shop's HMRC money laundering supervision registration number (MLR 2017 reg. 56: a high value dealer must
 * be registered before it accepts €10,000 or more in cash). HMRC's numbers read like "XLML00000123456": two
 * letters, "ML", eleven digits. Typed with spaces or in lower case, it is stored as HMRC prints it.
 */
export const HVD_NUMBER_PATTERN = /^[A-Z]{2}ML\d{11}$/;
export const INVALID_HVD_NUMBER =
  'Enter the registration number as HMRC gives it: two letters, ML and 11 digits, e.g. XLML00000123456.';
export const normaliseHvdNumber = (value: string): string => value.replace(/\s+/g, '').toUpperCase();
/** The number as stored, or null when it is not one ('' clears it). */
export function parseHvdNumber(value: string): string | null {
  const number = normaliseHvdNumber(value);
  return number === '' || HVD_NUMBER_PATTERN.test(number) ? number : null;
}
