import { Type, type Static } from '@sinclair/typebox';
import { Text } from './common';

// ---------------------------------------------------------------- corrections by reversal (issue 12)
//
// Posted money is never edited or deleted. A sale (of a stock item or a quick sale), an expense, a ledger payment
// or charge is voided by a reversal entry dated when the void is made, referencing the original, with a reason;
// the original stays, marked voided. Platinum and gold may void; silver gets 403 VOID_NOT_ALLOWED.

/** The body of every void: why. */
export const VoidRequest = Type.Object(
  { reason: Text({ minLength: 1, maxLength: 500 }) },
  { additionalProperties: false },
);
export type VoidRequest = Static<typeof VoidRequest>;

/** On a voided original: when, by whom, why, and the reversal entry's id. */
export const VoidInfo = Type.Object({
  at: Type.String(),
  by: Type.Union([Type.String(), Type.Null()]),
  reason: Type.String(),
  reversalId: Type.Integer(),
});
export type VoidInfo = Static<typeof VoidInfo>;

/** The reason silver members see on the disabled Void button, and the 403's detail. */
export const VOID_NOT_ALLOWED = 'Only platinum and gold members can void entries.';
/** 409: the original has a reversal already. */
export const ALREADY_VOIDED = 'This entry has already been voided.';
/** 409: a reversal is itself never voided (post the entry again instead). */
export const REVERSAL_NOT_VOIDABLE = 'A reversal cannot be voided.';
/** 400 on reason when it is blank. */
export const VOID_REASON_REQUIRED = 'Give a reason for the void.';
