import {
  CONDITION_GRADE_LABELS,
  MAIL_PROBLEMS,
  WANT_PROBLEMS,
  formatWantPrice,
  type ConditionGrade,
  type WantMatchEmail,
} from '@loupe/contracts';
import type { Config } from '../../config';
import { itemPath } from '../storefront';
import type { StoredMatch, WantsRepository } from './wants-repository';

/*
 * The e-mail a member sends a client about a match: the piece named (brand, model, reference, year, condition),
 * its price or "Price on request", and its page on the shop's storefront when it is listed there now. The
 * client asked to be told (their wanted list), so it is a message they requested, not unsolicited direct
 * marketing (Privacy and Electronic Communications (EC Directive) Regulations 2003, reg. 22 covers the
 * unsolicited kind); the mail module adds the shop's details below it (Companies (Trading Disclosures)
 * Regulations 2008).
 */

/** The piece's name: "Rolex Submariner 126610LN". */
export const pieceTitle = (match: Pick<StoredMatch, 'brand' | 'model' | 'referenceNumber'>) =>
  [match.brand, match.model, match.referenceNumber].filter((p) => p.trim() !== '').join(' ') || 'piece';

/**
 * Why the e-mail cannot be sent now, or null. `hasSender`: there is an address to send from (MAIL_FROM, or the
 * shop's e-mail in Shop Settings) — without one the mail module could only record it as not sendable, and the
 * match would read e-mailed when nothing went out.
 */
export function sendProblem(match: StoredMatch, hasSender = true): string | null {
  if (match.storedStatus === 'emailed') return WANT_PROBLEMS.alreadyEmailed;
  if (match.storedStatus === 'dismissed') return WANT_PROBLEMS.dismissed;
  if (match.itemStatus !== 'available') return WANT_PROBLEMS.itemGone;
  if (match.clientEmail === '') return WANT_PROBLEMS.noEmail;
  if (!hasSender) return MAIL_PROBLEMS.noSender;
  return null;
}

/** The prepared e-mail of a match. */
export async function draftOf(
  repo: WantsRepository,
  config: Pick<Config, 'mail'>,
  match: StoredMatch,
): Promise<WantMatchEmail> {
  const [online, shop] = await Promise.all([
    repo.onStorefront(match.shopId, match.itemId),
    repo.shopSender(match.shopId),
  ]);
  const title = pieceTitle(match);
  // PUBLIC_URL + the item page's path (storefront/urls.ts writes both).
  const storefrontUrl = online
    ? `${config.mail.publicUrl}${itemPath(online.slug, match.itemId, title)}`
    : null;
  const price =
    match.price === null || online?.priceOnRequest ? 'Price on request' : formatWantPrice(match.price);
  const details = [
    title,
    match.referenceNumber ? `Reference: ${match.referenceNumber}` : null,
    match.year !== null ? `Year: ${match.year}` : null,
    match.conditionGrade
      ? `Condition: ${CONDITION_GRADE_LABELS[match.conditionGrade as ConditionGrade]}`
      : null,
    `Price: ${price}`,
  ].filter((line): line is string => line !== null);
  const text = [
    `Dear ${match.clientName},`,
    '',
    `You asked us to let you know when we had a ${match.wantSummary}. We now have one in stock:`,
    '',
    ...details.map((line) => `  ${line}`),
    ...(storefrontUrl ? ['', `You can see it online: ${storefrontUrl}`] : []),
    '',
    'If you would like to see it, reserve it or ask us anything about it, simply reply to this e-mail.',
    '',
    'Kind regards,',
    shop.name,
  ].join('\n');
  return {
    to: { name: match.clientName, address: match.clientEmail },
    subject: `The ${title} you were looking for`,
    text,
    storefrontUrl,
    problem: sendProblem(match, Boolean(config.mail.from || shop.email)),
  };
}
