import { Type, type Static } from '@sinclair/typebox';
import { DateString, Nullable, Text } from './common';

// ---------------------------------------------------------------- retention and erasure (issue 25, item 3)
//
// The shapes of the retention review, legal holds, erasure requests and the subject access export. Plain values
// (the wording, the rules, the endpoints) are in retention-messages.ts, which the browser takes as it is.

/** A legal hold on a client: while it stands the client is neither deleted nor erased. */
export const LegalHold = Type.Object({
  reason: Type.String(),
  setBy: Type.String(),
  setAt: Type.String(),
});
export type LegalHold = Static<typeof LegalHold>;

/** A client's retention clock (MLR 2017 reg. 40(3)-(5)). */
export const RetentionClient = Type.Object({
  clientId: Type.Integer(),
  name: Type.String(),
  /** The client's last transaction (sale, purchase, payment, deal, check-out, invoice); null: none yet. */
  lastTransactionOn: Nullable(DateString),
  /** The day the records may go: five years after the relationship ended (its last transaction, else the record). */
  retainUntil: DateString,
  /** Retention is over: the client is listed for review. */
  due: Type.Boolean(),
  hold: Nullable(LegalHold),
  /** When the client was deleted at the end of retention (personal data erased); null while on file. */
  erasedAt: Nullable(Type.String()),
});
export type RetentionClient = Static<typeof RetentionClient>;

export const RetentionList = Type.Object({
  /** The shop's day the review was computed for. */
  today: DateString,
  results: Type.Array(RetentionClient),
});
export type RetentionList = Static<typeof RetentionList>;

export const LegalHoldCreate = Type.Object({ reason: Text({ maxLength: 500 }) });
export type LegalHoldCreate = Static<typeof LegalHoldCreate>;

/** The batch the nominated officer confirms, with the phrase typed (retentionConfirmationPhrase). */
export const RetentionDelete = Type.Object({
  clientIds: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 500 }),
  confirmation: Text({ maxLength: 60 }),
});
export type RetentionDelete = Static<typeof RetentionDelete>;

export const RetentionDeleteResult = Type.Object({ deleted: Type.Array(Type.Integer()) });
export type RetentionDeleteResult = Static<typeof RetentionDeleteResult>;

export const ErasureRequestCreate = Type.Object({
  /** The day the request was received: the month to answer it runs from here (UK GDPR Art. 12(3)). */
  receivedOn: DateString,
});
export type ErasureRequestCreate = Static<typeof ErasureRequestCreate>;

/** What an erasure request could not erase, why, and from when it can go (null: when the hold is lifted). */
export const ErasureRefusal = Type.Object({
  what: Type.String(),
  reason: Type.String(),
  until: Nullable(DateString),
});
export type ErasureRefusal = Static<typeof ErasureRefusal>;

export const ErasureOutcome = Type.Object({
  id: Type.Integer(),
  receivedOn: DateString,
  /** The fields erased now, as the client form labels them. */
  erased: Type.Array(Type.String()),
  refused: Type.Array(ErasureRefusal),
});
export type ErasureOutcome = Static<typeof ErasureOutcome>;
