// Risk-based due diligence (issue 25 item 1): the plain values both sides read — the ratings, reasons and their
// labels, what enhanced due diligence lacks, the messages, the refusal's words and the review reminder's rule.
// No TypeBox here: the browser bundle takes this file as it is (browser.ts); the schemas are in risk.ts.

export const RISK_RATINGS = ['low', 'standard', 'high'] as const;
export type RiskRating = (typeof RISK_RATINGS)[number];
export const RISK_RATING_LABELS: Record<RiskRating, string> = {
  low: 'Low',
  standard: 'Standard',
  high: 'High',
};

export const RISK_REASONS = [
  'pep',
  'high_risk_country',
  'unusual_pattern',
  'third_party_payment',
  'other',
] as const;
export type RiskReason = (typeof RISK_REASONS)[number];
export const RISK_REASON_LABELS: Record<RiskReason, string> = {
  pep: 'Politically exposed person',
  high_risk_country: 'High-risk third country',
  unusual_pattern: 'Unusual pattern',
  third_party_payment: 'Third-party payment',
  other: 'Other',
};

/** The two kinds of enhanced due diligence evidence filed on a client. */
export const EDD_EVIDENCE_KINDS = ['source_of_funds', 'source_of_wealth'] as const;
export type EddEvidenceKind = (typeof EDD_EVIDENCE_KINDS)[number];
export const EDD_EVIDENCE_LABELS: Record<EddEvidenceKind, string> = {
  source_of_funds: 'Source of funds evidence',
  source_of_wealth: 'Source of wealth evidence',
};

/** What enhanced due diligence lacks, in the order a refusal names it. */
export const EDD_MISSING = ['source_of_funds', 'source_of_wealth', 'senior_approval'] as const;
export type EddMissing = (typeof EDD_MISSING)[number];
export const EDD_MISSING_LABELS: Record<EddMissing, string> = {
  source_of_funds: 'Source of funds evidence',
  source_of_wealth: 'Source of wealth evidence',
  senior_approval: 'Senior approval',
};

/** What the guard is asked about: the kind of transaction of the client. */
export const CLIENT_GUARD_KINDS = ['sale', 'purchase', 'payment'] as const;
export type ClientGuardKind = (typeof CLIENT_GUARD_KINDS)[number];

const MISSING_WORDS: Record<EddMissing, string> = {
  source_of_funds: 'source of funds evidence',
  source_of_wealth: 'source of wealth evidence',
  senior_approval: 'a senior approval (platinum or gold)',
};

/**
 * The EDD refusal's detail, e.g. "This client is rated high risk: a sale of £0 or more needs enhanced due
 * diligence (MLR 2017 reg. 33). Missing: source of funds evidence, a senior approval (platinum or gold)."
 */
export function eddRefusalDetail(
  kind: ClientGuardKind,
  thresholdGbp: string,
  missing: readonly EddMissing[],
): string {
  const words = missing.map((m) => MISSING_WORDS[m]).join(', ');
  const pounds = Number(thresholdGbp).toLocaleString('en-GB', {
    minimumFractionDigits: Number(thresholdGbp) % 1 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  });
  return (
    `This client is rated high risk: a ${kind} of £${pounds} or more needs enhanced due diligence ` +
    `(MLR 2017 reg. 33). Missing: ${words}.`
  );
}

// ---------------------------------------------------------------- messages

export const RISK_NOT_ALLOWED = 'Only platinum and gold members can change a client’s risk rating.';
export const EDD_NOT_ALLOWED = 'Only platinum and gold members can record enhanced due diligence.';
export const RISK_ASSESSMENT_NOT_ALLOWED =
  'Only the shop owner (platinum) can see the firm-wide risk assessment.';
export const RISK_REASON_REQUIRED = 'Choose at least one reason for a high rating.';
export const RISK_NOTES_REQUIRED = 'Describe the other reason in the notes.';
export const RISK_NOT_HIGH = 'Enhanced due diligence is recorded for a client rated high risk.';
export const RISK_REVIEW_BEFORE_DATE = 'The review date must be after the assessment date.';
/** The risk assessment's review is shown as due from this many days before its review date. */
export const RISK_REVIEW_DUE_DAYS = 30;

/**
 * Whether the assessment's review is due on `today` (ISO dates): due from RISK_REVIEW_DUE_DAYS days before the
 * review date, overdue after it. Written once here; the server answers it and the pages show it.
 */
export function riskReviewState(reviewOn: string | null, today: string): 'none' | 'ok' | 'due' | 'overdue' {
  if (reviewOn === null) return 'none';
  if (today > reviewOn) return 'overdue';
  const review = Date.parse(`${reviewOn}T00:00:00Z`);
  const dueFrom = new Date(review - RISK_REVIEW_DUE_DAYS * 86_400_000).toISOString().slice(0, 10);
  return today >= dueFrom ? 'due' : 'ok';
}
