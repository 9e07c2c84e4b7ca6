// Issue 25, item 2: the plain values of sanctions.ts (statuses, decisions, wording), which the browser bundle
// takes as they are (browser.ts); the schemas stay in sanctions.ts.

export const SANCTIONS_STATUSES = ['possible_match', 'cleared', 'confirmed'] as const;
export type SanctionsStatus = (typeof SANCTIONS_STATUSES)[number];

/**
 * The audit trail's kind of record for a screening, and its actions: for the nominated officer's eyes alone —
 * Activity, its CSV and its filters leave them out for anyone else, and they never name the client's record
 * (no clientId), so no client's History lists them (no tipping off, POCA 2002 s.333A).
 */
export const SANCTIONS_AUDIT_ENTITY = 'sanctions_screening';
export const SANCTIONS_AUDIT_ACTIONS = [
  'sanctions_possible_match',
  'sanctions_cleared',
  'sanctions_confirmed',
] as const;

/** What the nominated officer decides on a possible match. */
export const SANCTIONS_DECISIONS = ['clear', 'confirm'] as const;
export type SanctionsDecisionKind = (typeof SANCTIONS_DECISIONS)[number];

/**
 * The 409's detail when a sale, purchase or payment names a held client. Worded as a compliance hold, never as
 * sanctions: the member at the counter must not be able to tip the client off.
 */
export function complianceHoldDetail(clientName: string): string {
  return (
    `Sales are on hold for a compliance check: ${clientName} cannot buy, sell or make or receive payments ` +
    'until the check is resolved.'
  );
}

/** The 403's reason when anyone but the nominated officer asks for the sanctions review or decides on it. */
export const SANCTIONS_OFFICER_ONLY =
  "Only the shop's nominated officer can review and decide sanctions screening matches.";

/** The 409 when a decided match is decided again. */
export const SANCTIONS_ALREADY_DECIDED = 'This match has already been decided.';
