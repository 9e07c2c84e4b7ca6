// Issue 25, item 2: sanctions screening against the UK list. A client whose name possibly matches a designated
// person is held for sales, purchases and payments until the nominated officer (MLR 2017 reg. 21(3)) clears it
// as a false positive or confirms it (then it stays held: dealing with a designated person's funds or economic
// resources is an offence under the asset-freeze regulations made under the Sanctions and Anti-Money
// Laundering Act 2018, and a confirmed match is reported to OFSI). Staff see only a compliance hold: the word
// "sanctions" never reaches them (no tipping off, POCA 2002 s.333A).
import { Type, type Static } from '@sinclair/typebox';
import { Choice, Nullable, Text } from './common';
import { SANCTIONS_DECISIONS, SANCTIONS_STATUSES } from './sanctions-messages';

export * from './sanctions-messages';

/** The 409 of a client on hold: the sale, purchase or payment is refused and nothing is saved. */
export const ComplianceHold = Type.Object({
  detail: Type.String(),
  rule: Type.Literal('compliance_hold'),
  clientId: Type.Integer(),
});
export type ComplianceHold = Static<typeof ComplianceHold>;

/** The listed person or entity a client possibly matches, as the list held them when matched. */
export const SanctionsListed = Type.Object({
  /** OFSI Group ID, or the UK Sanctions List's Unique ID. */
  listId: Type.String(),
  groupType: Type.String(),
  names: Type.Array(Type.Object({ name: Type.String(), type: Type.String() })),
  regime: Type.String(),
  dob: Type.String(),
  nationality: Type.String(),
  listedOn: Type.String(),
});
export type SanctionsListed = Static<typeof SanctionsListed>;

export const SanctionsMatch = Type.Object({
  id: Type.Integer(),
  clientId: Type.Integer(),
  /** The client's name as screened. */
  clientName: Type.String(),
  status: Choice(SANCTIONS_STATUSES),
  /** 0..1, the name similarity that raised it (see the server README for the threshold). */
  score: Type.Number(),
  /** The listed name the client's name matched. */
  matchedName: Type.String(),
  listed: SanctionsListed,
  createdAt: Type.String(),
  decidedBy: Nullable(Type.String()),
  decidedAt: Nullable(Type.String()),
  note: Type.String(),
});
export type SanctionsMatch = Static<typeof SanctionsMatch>;

export const SanctionsImportInfo = Type.Object({
  fileName: Type.String(),
  format: Choice(['ofsi_consolidated', 'uk_sanctions_list'] as const),
  listDate: Type.String(),
  rows: Type.Integer(),
  designations: Type.Integer(),
  names: Type.Integer(),
  clientsScreened: Type.Integer(),
  possibleMatches: Type.Integer(),
  importedAt: Type.String(),
});
export type SanctionsImportInfo = Static<typeof SanctionsImportInfo>;

/**
 * `GET /api/compliance/sanctions/` (the nominated officer only; anyone else 403 SANCTIONS_OFFICER_ONLY): the
 * last import, the open possible matches (oldest first) and the 50 latest decisions.
 */
export const SanctionsReview = Type.Object({
  lastImport: Nullable(SanctionsImportInfo),
  open: Type.Array(SanctionsMatch),
  decided: Type.Array(SanctionsMatch),
});
export type SanctionsReview = Static<typeof SanctionsReview>;

/**
 * `POST /api/compliance/sanctions/:id/decision/` (the nominated officer only): clear (a false positive: the hold
 * lifts) or confirm (a true match: the hold stays). Audited. 409 SANCTIONS_ALREADY_DECIDED when decided.
 */
export const SanctionsDecision = Type.Object(
  {
    decision: Choice(SANCTIONS_DECISIONS),
    note: Type.Optional(Text({ maxLength: 1000, multiline: true })),
  },
  { additionalProperties: false },
);
export type SanctionsDecision = Static<typeof SanctionsDecision>;
