import { Type, type Static } from '@sinclair/typebox';
import { Choice, DateString, DecimalInput, Nullable, Text } from './common';

/*
 * Risk-based due diligence (issue 25, item 1) under the Money Laundering Regulations 2017:
 *  - reg. 18 / 18A: the firm-wide risk assessment, written down, kept up to date, with its document;
 *  - reg. 28(12)-(13): customer due diligence scaled to the client's risk, the risk rating a record;
 *  - reg. 33: enhanced due diligence (EDD) for a high-risk client, among them a business relationship with a
 *    person established in a high-risk third country (reg. 33(1)(b)), and reg. 35 a politically exposed person
 *    (PEP): senior management approval for the relationship (reg. 35(5)(a)), and adequate measures to establish
 *    the source of wealth and source of funds (reg. 35(5)(b)).
 *
 * The rule is written once, on the server (server/src/modules/compliance/client-guard.ts): a sale, a purchase or a
 * payment of a HIGH-risk client at or above the shop's "Enhanced due diligence from" amount (£0 unless changed:
 * reg. 33 asks for EDD in every high-risk relationship) is refused with a 409 EddRefusal naming each missing piece.
 */

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

/** The 409 body of a refused sale, purchase or payment (the same shape as the AML refusal: detail, rule, missing). */
export const EddRefusal = Type.Object({
  detail: Type.String(),
  rule: Type.Literal('enhanced_due_diligence'),
  missing: Type.Array(Choice(EDD_MISSING)),
  thresholdGbp: Type.String(),
});
export type EddRefusal = Static<typeof EddRefusal>;

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

// ---------------------------------------------------------------- client risk

export const EddDocument = Type.Object({
  id: Type.Integer(),
  kind: Choice(EDD_EVIDENCE_KINDS),
  name: Type.String(),
  contentType: Type.String(),
  size: Type.Integer(),
  uploadedBy: Nullable(Type.String()),
  uploadedAt: Type.String(),
});
export type EddDocument = Static<typeof EddDocument>;

/**
 * `GET /api/clients/:id/risk/` (any member: the rating changes what silver may sell, so silver reads it) →
 * ClientRisk. `PUT` (verifyClients) with ClientRiskUpdate → ClientRisk, audited (entity 'client', action
 * 'risk_rating'). A new rating clears the senior approval: the approval is of the relationship at its rating.
 */
export const ClientRisk = Type.Object({
  clientId: Type.Integer(),
  /** 'standard' until someone rates the client. */
  rating: Choice(RISK_RATINGS),
  reasons: Type.Array(Choice(RISK_REASONS)),
  notes: Type.String(),
  ratedBy: Nullable(Type.String()),
  ratedAt: Nullable(Type.String()),
  /** Whether a sale / purchase / payment at or above `eddThresholdGbp` needs EDD (rating high). */
  eddRequired: Type.Boolean(),
  eddThresholdGbp: Type.String(),
  eddMissing: Type.Array(Choice(EDD_MISSING)),
  documents: Type.Array(EddDocument),
  approvedBy: Nullable(Type.String()),
  approvedAt: Nullable(Type.String()),
  approvalNotes: Type.String(),
});
export type ClientRisk = Static<typeof ClientRisk>;

export const ClientRiskUpdate = Type.Object(
  {
    rating: Text({ maxLength: 10 }),
    reasons: Type.Array(Text({ maxLength: 30 }), { maxItems: 10 }),
    notes: Type.Optional(Text({ maxLength: 2000, multiline: true })),
  },
  { additionalProperties: false },
);
export type ClientRiskUpdate = Static<typeof ClientRiskUpdate>;

/** `POST /api/clients/:id/risk/approval/` (verifyClients) → ClientRisk: the senior approval, audited. */
export const EddApprovalCreate = Type.Object(
  { notes: Type.Optional(Text({ maxLength: 2000, multiline: true })) },
  { additionalProperties: false },
);
export type EddApprovalCreate = Static<typeof EddApprovalCreate>;

// ---------------------------------------------------------------- shop risk settings

/** `GET /api/compliance/risk-settings/` (any member) / `PUT` (platinum). */
export const RiskSettings = Type.Object({ eddThresholdGbp: Type.String() });
export type RiskSettings = Static<typeof RiskSettings>;
export const RiskSettingsUpdate = Type.Object(
  { eddThresholdGbp: DecimalInput },
  { additionalProperties: false },
);
export type RiskSettingsUpdate = Static<typeof RiskSettingsUpdate>;

// ---------------------------------------------------------------- firm-wide risk assessment

/**
 * The firm-wide risk assessment (MLR 2017 reg. 18, 18A): every version kept, the newest in force. Platinum only.
 * `GET /api/compliance/risk-assessments/` → RiskAssessmentList; `POST` multipart (file + fields ownerUserId,
 * assessedOn, reviewOn, notes) → 201 RiskAssessment (a new version), audited; `GET …/:id/file/` the document.
 */
/**
 * The fields of a new version, in the query string of its multipart upload (the upload carries the one file):
 * ownerUserId (a member of the shop), assessedOn, reviewOn (after assessedOn), notes (≤ 2000).
 */
export const RiskAssessmentQuery = Type.Object({
  ownerUserId: Type.Optional(Text({ maxLength: 12 })),
  assessedOn: Type.Optional(DateString),
  reviewOn: Type.Optional(DateString),
  notes: Type.Optional(Text({ maxLength: 2000, multiline: true })),
});
export type RiskAssessmentQuery = Static<typeof RiskAssessmentQuery>;

export const RiskAssessment = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  fileName: Type.String(),
  contentType: Type.String(),
  size: Type.Integer(),
  ownerUserId: Nullable(Type.Integer()),
  owner: Nullable(Type.String()),
  assessedOn: Type.String(),
  reviewOn: Type.String(),
  notes: Type.String(),
  createdBy: Nullable(Type.String()),
  createdAt: Type.String(),
});
export type RiskAssessment = Static<typeof RiskAssessment>;

export const RiskAssessmentList = Type.Object({
  current: Nullable(RiskAssessment),
  /** Every version, newest first. */
  history: Type.Array(RiskAssessment),
  /** 'none' (never recorded), 'ok', 'due' (from 30 days before the review date), 'overdue' (after it). */
  review: Choice(['none', 'ok', 'due', 'overdue'] as const),
  today: DateString,
  /** The shop's active members, who may own the assessment (the owner's picker). */
  members: Type.Array(Type.Object({ userId: Type.Integer(), username: Type.String(), role: Type.String() })),
});
export type RiskAssessmentList = Static<typeof RiskAssessmentList>;

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
