import { Type, type Static } from '@sinclair/typebox';
import { Choice, DateString, DecimalInput, Nullable, Text } from './common';
import { EDD_EVIDENCE_KINDS, EDD_MISSING, RISK_RATINGS, RISK_REASONS } from './risk-messages';

export * from './risk-messages';

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

/** The 409 body of a refused sale, purchase or payment (the same shape as the AML refusal: detail, rule, missing). */
export const EddRefusal = Type.Object({
  detail: Type.String(),
  rule: Type.Literal('enhanced_due_diligence'),
  missing: Type.Array(Choice(EDD_MISSING)),
  thresholdGbp: Type.String(),
});
export type EddRefusal = Static<typeof EddRefusal>;

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
