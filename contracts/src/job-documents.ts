// The workshop's printed papers (issue 23, item 3) and the scanner's reading of a job's QR code: plain values,
// re-exported to the browser by browser.ts. The job number's form is workshop-messages.ts' (jobReference).
import { JOB_NUMBER_PREFIX, jobReference } from './workshop-messages';

/** The longest "Workshop terms" Shop Settings keeps (printed on the intake receipt). */
export const WORKSHOP_TERMS_MAX_LENGTH = 4000;

/** The estimate PDF of a job whose estimate has no line yet (409). */
export const ESTIMATE_PDF_NO_LINES =
  'This job\u2019s estimate has no lines yet: add them before printing it.';

/** Days an estimate holds its price, printed as its "Valid until" (from the day it is printed). */
export const ESTIMATE_VALID_DAYS = 30;

/**
 * The terms a shop's intake receipt prints until the owner writes its own in Shop Settings ("Workshop terms";
 * a blank field brings these back). They state the client's rights plainly rather than take them away:
 *  - Consumer Rights Act 2015 s.49 (a service is performed with reasonable care and skill), s.52 (within a
 *    reasonable time when none is agreed), s.50 (what the trader says about the service binds it) and s.57
 *    (those rights cannot be excluded): hence the estimate before work and "your statutory rights";
 *  - Torts (Interference with Goods) Act 1977 ss.12–13 and Schedule 1: a bailee may sell uncollected goods only
 *    after a written notice of intention to sell giving the client a reasonable time to collect (at least
 *    three months when money is owed), and must account for the proceeds less its charges and the sale's costs;
 *  - UK GDPR art. 13: what the client's contact details are used for.
 */
export const DEFAULT_WORKSHOP_TERMS = [
  '1. We carry out the work you approve with reasonable care and skill and within a reasonable time. The promised date is our best estimate; we will tell you if it changes.',
  '2. Unless you ask us to go ahead without one, no work beyond assessment is done before you approve our written estimate. If you decline it, your piece is returned unrepaired.',
  '3. The declared value is the value you gave us for your piece; it is the value we insure it for while it is in our care.',
  '4. Please tell us of any earlier repair, known fault or water damage. Replaced parts are returned to you on request, except parts exchanged under a maker’s service programme.',
  '5. We use your name and contact details only to contact you about this job (its estimate, its progress and its collection) and keep them as our privacy notice explains.',
  '6. Bring this receipt when you collect your piece; we may ask for identification. We release the piece once the work done has been paid for.',
  '7. Uncollected goods: please collect your piece within 30 days of our telling you it is ready. If it is not collected, we may, under the Torts (Interference with Goods) Act 1977, give you written notice of our intention to sell it and, if you still do not collect it by the date in that notice, sell it and hold the proceeds for you less what you owe us and the costs of the sale.',
  '8. Your statutory rights are not affected.',
].join('\n');

/**
 * What a job's QR code holds: exactly its job number ('JOB-000042'), as a stock label's holds exactly the
 * serial, so a camera scan or a keyboard-wedge scanner types it into the top bar's search.
 */
export const jobQrText = (job: { number: number }): string => jobReference(job.number);

/** The scanner's answer to a job number the shop does not have. */
export const noJobWithNumber = (reference: string) => `No job “${reference}” in this shop.`;

const JOB_NUMBER = new RegExp(`^${JOB_NUMBER_PREFIX}0*(\\d{1,9})$`, 'i');

/**
 * The job number a scan or the search box holds, or null: 'JOB-000123' (any case, surrounding spaces ignored,
 * leading zeros optional) → 123. The top bar opens the job page on it; anything else is a serial.
 */
export function jobNumberOf(text: string): number | null {
  const match = JOB_NUMBER.exec(text.trim());
  if (!match) return null;
  const number = Number(match[1]);
  return number >= 1 ? number : null;
}
