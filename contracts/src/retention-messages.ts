// Retention and erasure (issue 25, item 3): the wording and the rules, as plain values (the
// browser takes this file as it is; the shapes are in retention.ts).
import type { Role } from './auth';
import { isOwner } from './permissions';

/** What the trail, the client list and the documents show for a client whose personal data was erased. */
export const ERASED_CLIENT = 'erased client';

/** Money Laundering Regulations 2017, reg. 40(3): five years after the business relationship ends. */
export const RETENTION_YEARS = 5;

/** The phrase the nominated officer types to confirm the deletion of a batch of `count` clients. */
export function retentionConfirmationPhrase(count: number): string {
  return `DELETE ${count} CLIENT${count === 1 ? '' : 'S'}`;
}

/** The retention review, legal holds and erasure requests: the shop's owner (platinum) or its nominated officer. */
export const mayReviewRetention = (role: Role | null | undefined, nominatedOfficer: boolean): boolean =>
  nominatedOfficer || isOwner(role);

/** Deleting at the end of retention: the nominated officer alone (MLR 2017 reg. 21(3)). */
export const mayDeleteRetention = (nominatedOfficer: boolean): boolean => nominatedOfficer;

export const RETENTION_MESSAGES = {
  notAllowed: 'Only the shop owner or the nominated officer may see retention and erasure.',
  deleteNotAllowed: 'Only the nominated officer may delete clients at the end of retention.',
  wrongConfirmation: (phrase: string) => `Type ${phrase} to confirm.`,
  notDue: (names: string) => `Retention is not over for ${names}.`,
  held: (names: string) => `Under legal hold: ${names}.`,
  /**
   * Deletion is the nominated officer's alone, so the word may be said here: a possible sanctions match not yet
   * decided, or a confirmed one, is kept (the asset-freeze regulations' reporting to OFSI; issue 25 item 2).
   */
  sanctionsHold: (names: string) => `Kept while a sanctions match is open or confirmed: ${names}.`,
  alreadyErased: 'This client was erased.',
  holdExists: 'This client is already under legal hold.',
  noHold: 'This client is not under legal hold.',
} as const;
