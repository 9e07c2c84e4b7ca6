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

// The messages live in void-messages.ts, free of TypeBox, so the pages (browser.ts) can import them too.
export {
  ALREADY_VOIDED,
  REVERSAL_NOT_VOIDABLE,
  VOID_NOT_ALLOWED,
  VOID_REASON_REQUIRED,
} from './void-messages';
