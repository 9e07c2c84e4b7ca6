// The words of corrections by reversal (issue 12) that both the service and the pages say. Kept apart from
// corrections.ts, whose schemas need TypeBox, so the browser entry (browser.ts) can carry them as values.

/** The reason silver members see on the disabled Void button, and the 403's detail. */
export const VOID_NOT_ALLOWED = 'Only platinum and gold members can void entries.';
/** 409: the original has a reversal already. */
export const ALREADY_VOIDED = 'This entry has already been voided.';
/** 409: a reversal is itself never voided (post the entry again instead). */
export const REVERSAL_NOT_VOIDABLE = 'A reversal cannot be voided.';
/** 400 on reason when it is blank. */
export const VOID_REASON_REQUIRED = 'Give a reason for the void.';
