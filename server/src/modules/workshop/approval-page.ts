import { createHash } from 'node:crypto';
import { ESTIMATE_LINE_KIND_LABELS, type JobDetail } from '@loupe/contracts';
import { formatMoney } from '../../kernel/pdf/format';
import { escapeHtml } from '../mail';
import type { JobShop } from './workshop-repository';

/**
 * The client's approval page (issue 23 item 4), rendered on the server: plain HTML and one form, no script, so
 * it works in any mail client's browser with JavaScript off. It shows the estimate and nothing else of the shop.
 */

const STYLE = `body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f6f5f2;color:#1d1d1b}
main{max-width:40rem;margin:0 auto;padding:1.5rem 1rem 3rem}
h1{font-size:1.5rem;margin:.5rem 0 1rem}.shop{font-weight:600;color:#5b4a2e;margin:0}
table{width:100%;border-collapse:collapse;margin:1rem 0;background:#fff}
caption{text-align:left;font-weight:600;padding:.5rem 0}
th,td{padding:.5rem;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}
.num{text-align:right;white-space:nowrap}tfoot th,tfoot td{font-weight:600}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin:1.5rem 0}
button{font:inherit;padding:.75rem 1.25rem;border-radius:.375rem;border:2px solid #1d1d1b;cursor:pointer;min-height:44px}
.approve{background:#1f5f3a;border-color:#1f5f3a;color:#fff}.decline{background:#fff;color:#1d1d1b}
button:focus-visible{outline:3px solid #b5892e;outline-offset:2px}
.note{color:#4a4a46;font-size:.9rem}`;

/**
 * The page's policy: nothing loads, no script runs, only this style sheet (by its hash) and a form posting back
 * to this address; never framed (a framed Approve button could be clickjacked).
 */
export const APPROVAL_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

function page(title: string, shopName: string, body: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${shopName ? `<p class="shop">${escapeHtml(shopName)}</p>\n` : ''}${body}
</main>
</body>
</html>
`;
}

const piece = (job: JobDetail) => [job.brand, job.model].filter(Boolean).join(' ') || 'your piece';

/** The estimate with Approve and Decline: a form that posts back to this very address. */
export function estimatePage(job: JobDetail, shop: JobShop, expiresOn: string): string {
  const rows = job.estimate.lines
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.description)}</td><td>${escapeHtml(ESTIMATE_LINE_KIND_LABELS[line.kind])}</td><td class="num">${formatMoney(line.amountGbp)}</td></tr>`,
    )
    .join('\n');
  const deposit =
    job.depositRequestedGbp !== null && job.depositRequestedGbp > 0
      ? `<p>A deposit of ${formatMoney(job.depositRequestedGbp)} is asked before the work starts.</p>\n`
      : '';
  const details = [
    job.makerReference && `reference ${job.makerReference}`,
    job.serial && `serial ${job.serial}`,
  ]
    .filter(Boolean)
    .join(', ');
  return page(
    `Estimate ${job.reference} — ${shop.name}`,
    shop.name,
    `<h1>Your estimate for ${escapeHtml(piece(job))}</h1>
<p>Job ${escapeHtml(job.reference)}${details ? ` (${escapeHtml(details)})` : ''}.</p>
<table>
<caption>Estimate</caption>
<thead><tr><th scope="col">Work</th><th scope="col">Type</th><th scope="col" class="num">Price</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot>
<tr><th scope="row" colspan="2">Before VAT</th><td class="num">${formatMoney(job.estimate.netGbp)}</td></tr>
<tr><th scope="row" colspan="2">VAT at 20%</th><td class="num">${formatMoney(job.estimate.vatGbp)}</td></tr>
<tr><th scope="row" colspan="2">Total</th><td class="num">${formatMoney(job.estimate.totalGbp)}</td></tr>
</tfoot>
</table>
${deposit}<form method="post">
<div class="actions">
<button class="approve" type="submit" name="decision" value="approve">Approve the estimate</button>
<button class="decline" type="submit" name="decision" value="decline">Decline the estimate</button>
</div>
</form>
<p class="note">Approving asks ${escapeHtml(shop.name)} to carry out this work for the total above. If you decline, your piece is returned to you unrepaired. This link can be used once, until ${escapeHtml(expiresOn)}.</p>`,
  );
}

/** After the answer. */
export function decidedPage(job: JobDetail, shop: JobShop, decision: 'approved' | 'declined'): string {
  const text =
    decision === 'approved'
      ? `Thank you: you approved the estimate for job ${job.reference} (${formatMoney(job.estimate.totalGbp)}). We will start the work and let you know when your ${piece(job)} is ready for collection.`
      : `You declined the estimate for job ${job.reference}. We will let you know when your ${piece(job)} is ready to be collected, unrepaired.`;
  return page(
    decision === 'approved' ? 'Estimate approved' : 'Estimate declined',
    shop.name,
    `<h1>${decision === 'approved' ? 'Estimate approved' : 'Estimate declined'}</h1>\n<p>${escapeHtml(text)}</p>`,
  );
}

/** Why a link does not work; deliberately the same words for every link this server did not issue. */
export const REFUSALS = {
  invalid: {
    status: 404,
    title: 'This link does not work',
    text: 'This approval link is not valid. Please contact the shop that sent it.',
  },
  expired: {
    status: 410,
    title: 'This link has expired',
    text: 'This approval link has expired. Please contact the shop to receive the estimate again.',
  },
  used: {
    status: 410,
    title: 'Already answered',
    text: 'This estimate has already been answered through this link. Please contact the shop if you wish to change your answer.',
  },
  superseded: {
    status: 410,
    title: 'A newer estimate was sent',
    text: 'A newer estimate was sent for this job: please use the link in the latest e-mail.',
  },
  closed: {
    status: 409,
    title: 'No answer needed',
    text: 'This estimate no longer waits for your answer. Please contact the shop if you have any question.',
  },
  badRequest: {
    status: 400,
    title: 'Choose an answer',
    text: 'Please go back and choose Approve or Decline.',
  },
} as const;
export type Refusal = keyof typeof REFUSALS;

export function refusalPage(refusal: Refusal, shopName = ''): string {
  const { title, text } = REFUSALS[refusal];
  return page(title, shopName, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(text)}</p>`);
}
