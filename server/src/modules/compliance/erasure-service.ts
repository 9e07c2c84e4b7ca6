import {
  ERASED_CLIENT,
  RETENTION_MESSAGES,
  type ErasureOutcome,
  type ErasureRefusal,
} from '@loupe/contracts';
import { conflict, notFound } from '../../kernel/http-errors';
import type { ShopCaller } from '../../kernel/shop-scope';
import { ErrorBag, dateField } from '../../kernel/validation';
import type { RetentionContext } from './retention-deps';
import { requireReviewer, shopDay } from './retention-service';

// An erasure request (UK GDPR Art. 17, "the right to be forgotten"; answered within one month, Art. 12(3)).
// Erased at once: what no law requires the shop to keep — the e-mail address, the phone number and the notes.
// Refused, each with its reason and the day it can go:
//  * the name, address, identity verification and KYC papers, and the transaction records: the Money Laundering
//    Regulations 2017, reg. 40(3), keep them five years after the relationship ends — Art. 17(3)(b), a legal
//    obligation; they go at the end of retention, when the nominated officer deletes the client;
//  * the invoices and credit notes: VAT records, kept six years (HMRC VAT Notice 700/21, section 3.1);
//  * everything, while the client is under legal hold: Art. 17(3)(e), legal claims (no date: until it is lifted).
// Also erased at once (issue 24), each by the module that owns it: the client's wanted list (the wants with their
// notes, and their matches with stock) and the website enquiries linked to the client or sent from the client's
// e-mail address (what the person typed, and the staff's replies). Neither is a due diligence or transaction
// record (MLR 2017 reg. 40(2)) nor a VAT record, so the MLR retention that refuses the name and the records above
// does not reach them: they go even when the rest is refused. Under legal hold they are kept with everything else.
// The e-mails sent to the client (replies, a match's offer) are the mail module's outbox records, not erased here.
// The old values stay in the audit trail, sealed under the client's key, until that key is destroyed at the end
// of retention (the trail is itself a record kept under reg. 40 and cannot be rewritten).

const ERASABLE = [
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['notes', 'Notes'],
] as const;

const MLR_REASON =
  'Kept under the Money Laundering Regulations 2017, reg. 40(3): due diligence and transaction records are kept ' +
  'five years after the business relationship ends (UK GDPR Art. 17(3)(b), a legal obligation).';
const RETENTION_OVER =
  'The five years of the Money Laundering Regulations 2017 (reg. 40(3)) are over: the nominated officer deletes ' +
  'it from the retention review.';
const VAT_REASON =
  'VAT records are kept six years (HMRC VAT Notice 700/21, section 3.1; UK GDPR Art. 17(3)(b), a legal obligation).';

/** '1 want', '2 matches'. */
const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The day `years` after `day` (29 February becomes 28 February in a common year). */
export function addYears(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y + years, m - 1, d));
  if (date.getUTCMonth() !== m - 1) date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}

export async function answerErasureRequest(
  ctx: RetentionContext,
  caller: ShopCaller,
  clientId: number,
  receivedOnRaw: string,
): Promise<ErasureOutcome> {
  await requireReviewer(ctx, caller);
  const at = ctx.now();
  const today = await shopDay(ctx.repos, caller.shopId, at);
  const bag = new ErrorBag();
  const receivedOn = dateField(bag, 'receivedOn', receivedOnRaw, today, { notAfter: today });
  bag.throwIfAny();
  return ctx.transaction(async (repos) => {
    await repos.retention.lock(clientId);
    const clock = await repos.retention.clock(caller.shopId, clientId, today);
    if (!clock) throw notFound();
    if (clock.erasedAt) throw conflict(RETENTION_MESSAGES.alreadyErased);
    const client = await repos.clients.find(caller.shopId, clientId, true);
    if (!client) throw notFound();
    const erased: string[] = [];
    const refused: ErasureRefusal[] = [];
    if (clock.hold) {
      refused.push({
        what: 'Everything on file about the client',
        reason: `Under legal hold (UK GDPR Art. 17(3)(e), legal claims): ${clock.hold.reason}`,
        until: null,
      });
    } else {
      // Read before the e-mail address is erased: the enquiries sent from it are the client's.
      const email = client.email;
      const fields = ERASABLE.filter(([field]) => client[field] !== '');
      await repos.clients.erase(
        caller.shopId,
        clientId,
        fields.map(([field]) => field),
        ERASED_CLIENT,
        at,
      );
      erased.push(...fields.map(([, label]) => label));
      const wants = await repos.wants.eraseClient(caller.shopId, clientId);
      if (wants.wants > 0)
        erased.push(
          `Wanted list (${count(wants.wants, 'want')}, ${count(wants.matches, 'match', 'matches')})`,
        );
      const enquiries = await repos.enquiries.eraseClient(caller.shopId, clientId, email);
      if (enquiries.enquiries > 0)
        erased.push(
          `Website enquiries (${count(enquiries.enquiries, 'enquiry', 'enquiries')}, ${count(enquiries.replies, 'reply', 'replies')})`,
        );
      const reason = clock.due ? RETENTION_OVER : MLR_REASON;
      const until = clock.retainUntil;
      refused.push({ what: 'Name, address and identity verification', reason, until });
      const documents = await repos.clientDocuments.list(caller.shopId, clientId);
      if (documents.length > 0) refused.push({ what: `KYC documents (${documents.length})`, reason, until });
      if (clock.lastTransactionOn !== null)
        refused.push({
          what: 'Transaction records (payments, sales, deals, purchases, check-outs)',
          reason,
          until,
        });
      const lastInvoice = await repos.retention.lastInvoiceOn(caller.shopId, clientId);
      if (lastInvoice !== null)
        refused.push({
          what: 'Invoices and credit notes',
          reason: VAT_REASON,
          until: addYears(lastInvoice, 6),
        });
    }
    await repos.audit.record({
      shopId: caller.shopId,
      userId: caller.userId,
      entity: 'client',
      entityId: clientId,
      action: 'erasure_request',
      after: { receivedOn, erased, refused: refused.map(({ what, until }) => ({ what, until })) },
      at,
    });
    return repos.erasureRequests.insert({
      shopId: caller.shopId,
      clientId,
      receivedOn: receivedOn as string,
      erased,
      refused,
      userId: caller.userId,
      at,
    });
  });
}
