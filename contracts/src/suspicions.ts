// Issue 25, item 1: the nominated officer and internal suspicious activity reports (SARs). Only the nominated
// officer (Money Laundering Regulations 2017, reg. 21(3)) sees the reports; nothing about a report may reach
// the client's ordinary screens (POCA 2002 s.333A, "tipping off").
import { Type, type Static } from '@sinclair/typebox';
import { Choice, DateString, ListOf, Nullable, Text } from './common';
import { SUSPICION_DECISIONS, SUSPICION_GROUNDS_MAX, SUSPICION_SUBJECTS } from './suspicion-messages';

export * from './suspicion-messages';

/** `POST /api/compliance/suspicions/`: any member. */
export const SuspicionCreate = Type.Object(
  {
    subject: Choice(SUSPICION_SUBJECTS),
    subject_id: Type.Integer({ minimum: 1 }),
    grounds: Text({ maxLength: SUSPICION_GROUNDS_MAX, multiline: true }),
  },
  { additionalProperties: false },
);
export type SuspicionCreate = Static<typeof SuspicionCreate>;

/** All the reporter gets back: that it arrived, and its reference. */
export const SuspicionReceipt = Type.Object({ reference: Type.String(), received_at: Type.String() });
export type SuspicionReceipt = Static<typeof SuspicionReceipt>;

/** One report in the nominated officer's register. */
export const SuspicionReport = Type.Object({
  id: Type.Integer(),
  reference: Type.String(),
  subject: Choice(SUSPICION_SUBJECTS),
  subject_id: Type.Integer(),
  /** How staff name the subject: the client's name, or "Deal 12" / the sale's or purchase's reference. */
  subject_name: Type.String(),
  client_id: Nullable(Type.Integer()),
  client_name: Nullable(Type.String()),
  grounds: Type.String(),
  reported_by: Nullable(Type.String()),
  reported_at: Type.String(),
  decision: Nullable(Choice(SUSPICION_DECISIONS)),
  nca_reference: Nullable(Type.String()),
  disclosed_on: Nullable(Type.String()),
  notes: Type.String(),
  decided_by: Nullable(Type.String()),
  decided_at: Nullable(Type.String()),
});
export type SuspicionReport = Static<typeof SuspicionReport>;

export const SuspicionReportList = ListOf(SuspicionReport);
export type SuspicionReportList = Static<typeof SuspicionReportList>;

/**
 * `POST /api/compliance/suspicions/{id}/decision/`: the nominated officer's decision. 'disclosed' needs the NCA's
 * reference and the day; 'no_disclosure' needs the reasons in `notes`. A later decision replaces it (audited).
 */
export const SuspicionDecision = Type.Object(
  {
    decision: Choice(SUSPICION_DECISIONS),
    nca_reference: Type.Optional(Nullable(Text({ maxLength: 64 }))),
    disclosed_on: Type.Optional(Nullable(DateString)),
    notes: Type.Optional(Text({ maxLength: SUSPICION_GROUNDS_MAX, multiline: true })),
  },
  { additionalProperties: false },
);
export type SuspicionDecision = Static<typeof SuspicionDecision>;

/** `GET /api/compliance/summary/pdf/?year=2026`: the annual compliance summary (owner or nominated officer). */
export const ComplianceSummaryQuery = Type.Object({ year: Type.Optional(Type.Integer()) });
export type ComplianceSummaryQuery = Static<typeof ComplianceSummaryQuery>;
