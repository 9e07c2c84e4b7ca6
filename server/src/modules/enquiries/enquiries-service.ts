import {
  ENQUIRY_MESSAGES,
  type EnquiryDetail,
  type EnquiryList,
  type EnquiryQuery,
  type EnquiryReply,
} from '@loupe/contracts';
import { formatDateLong } from '../../kernel/pdf/format';
import { BLANK, conflict, fieldErrors, notFound } from '../../kernel/http-errors';
import type { ShopCaller } from '../../kernel/shop-scope';
import { pageOf, pagingOf } from '../../kernel/validation';
import { ClientsService } from '../clients';
import { escapeHtml, sendMail } from '../mail';
import type { EnquiriesContext } from './deps';

/*
 * The staff's side of website enquiries (issue 24 item 2): every member of the shop may read and answer them
 * (no permission beyond membership). Each change is on the audit trail as the enquiry's ('enquiry', its id),
 * named "Enquiry N" rather than by the person's name: the trail is kept for good, the enquiry only for
 * ENQUIRY_RETENTION_MONTHS (UK GDPR Art. 5(1)(c)), so no personal data of the enquirer goes into it.
 */

const recordName = (id: number) => `Enquiry ${id}`;

/** The reply's text: what the member wrote, then the person's own message quoted, as a mail client would. */
function replyText(body: string, asked: { createdAt: string; message: string }): string {
  const day = formatDateLong(asked.createdAt.slice(0, 10));
  const quoted = asked.message
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  return `${body.trimEnd()}\n\nOn ${day} you wrote:\n${quoted}\n`;
}

function replyHtml(body: string, asked: { createdAt: string; message: string }): string {
  const day = formatDateLong(asked.createdAt.slice(0, 10));
  const paragraphs = body
    .trim()
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  return `${paragraphs}\n<p style="color:#555">On ${escapeHtml(day)} you wrote:</p>\n<blockquote style="margin:0 0 0 .8em;padding-left:.8em;border-left:3px solid #ccc;color:#555">${escapeHtml(asked.message).replace(/\n/g, '<br>')}</blockquote>`;
}

export class EnquiriesService {
  constructor(private readonly ctx: EnquiriesContext) {}

  private get repo() {
    return this.ctx.repos.enquiries;
  }

  async list(caller: ShopCaller, query: EnquiryQuery): Promise<EnquiryList> {
    const filter = query.status ?? 'new';
    // Enquiries past their retention go before the shop's list is read (migration 041).
    await this.repo.purgeExpired(caller.shopId, this.ctx.now());
    const counts = await this.repo.counts(caller.shopId);
    const page = await pageOf(pagingOf(query), counts[filter], (limit, offset) =>
      this.repo.list(caller.shopId, filter, limit, offset),
    );
    return { ...page, counts };
  }

  async detail(caller: ShopCaller, id: number): Promise<EnquiryDetail> {
    const enquiry = await this.repo.find(caller.shopId, id);
    if (!enquiry) throw notFound();
    const [client, matchedClient, replies] = await Promise.all([
      enquiry.clientId === null ? null : this.repo.client(caller.shopId, enquiry.clientId),
      enquiry.clientId === null ? this.repo.clientByEmail(caller.shopId, enquiry.email) : null,
      this.repo.replies(caller.shopId, id),
    ]);
    return { ...enquiry, client, matchedClient, replies };
  }

  /**
   * Sends the member's reply from the shop through the mail module (SMTP, or kept in the outbox when none is
   * configured: it is recorded either way), records it on the enquiry and marks a new enquiry answered.
   */
  async reply(caller: ShopCaller, id: number, body: EnquiryReply): Promise<EnquiryDetail> {
    const enquiry = await this.repo.find(caller.shopId, id);
    if (!enquiry) throw notFound();
    const subject = body.subject.trim();
    const text = body.body.trim();
    const blank: Record<string, string[]> = {};
    if (!subject) blank.subject = [BLANK];
    if (!text) blank.body = [BLANK];
    if (Object.keys(blank).length > 0) throw fieldErrors(blank);
    if (enquiry.status === 'closed') throw conflict(ENQUIRY_MESSAGES.closed);
    if (!enquiry.email && enquiry.clientId === null) throw conflict(ENQUIRY_MESSAGES.noEmailToReply);
    // Outside any transaction (sendMail's rule): the outbox record must outlive a rollback.
    const mail = await sendMail(this.ctx, caller.shopId, {
      to: { name: enquiry.name, address: enquiry.email, clientId: enquiry.clientId },
      subject,
      text: replyText(text, enquiry),
      html: replyHtml(text, enquiry),
      related: { kind: 'enquiry', id },
      createdBy: caller.userId,
    });
    const at = this.ctx.now();
    await this.ctx.transaction(async ({ enquiries, audit }) => {
      await enquiries.recordReply({
        shopId: caller.shopId,
        enquiryId: id,
        subject,
        body: text,
        mailId: mail.id,
        userId: caller.userId,
        at,
      });
      await audit.record({
        shopId: caller.shopId,
        userId: caller.userId,
        entity: 'enquiry',
        entityId: id,
        action: 'reply',
        after: { subject, mailStatus: mail.status },
        at,
        recordName: recordName(id),
        itemId: enquiry.item.id,
      });
    });
    return this.detail(caller, id);
  }

  /**
   * Links the enquiry to the shop's client with the same e-mail address (case-insensitive), or makes a client of
   * it through the clients module (its audit entry and sanctions screening included). A client needs an e-mail
   * address (the clients' rule), so an enquiry left with a phone number only is refused with the reason.
   */
  async convert(caller: ShopCaller, id: number): Promise<EnquiryDetail> {
    const enquiry = await this.repo.find(caller.shopId, id);
    if (!enquiry) throw notFound();
    if (enquiry.status === 'converted') throw conflict(ENQUIRY_MESSAGES.alreadyConverted);
    if (enquiry.status === 'closed') throw conflict(ENQUIRY_MESSAGES.closed);
    const existing = await this.repo.clientByEmail(caller.shopId, enquiry.email);
    if (!existing && !enquiry.email) throw conflict(ENQUIRY_MESSAGES.noEmailToConvert);
    const clientId =
      existing?.id ??
      (
        await new ClientsService(this.ctx).create(caller, {
          name: enquiry.name,
          email: enquiry.email,
          phone: enquiry.phone,
          notes: `From a website enquiry about ${enquiry.item.title} (${formatDateLong(enquiry.createdAt.slice(0, 10))}).`,
        })
      ).id;
    const at = this.ctx.now();
    await this.ctx.transaction(async ({ enquiries, audit }) => {
      const current = await enquiries.find(caller.shopId, id, true);
      if (!current) throw notFound();
      if (current.status === 'converted') throw conflict(ENQUIRY_MESSAGES.alreadyConverted);
      if (current.status === 'closed') throw conflict(ENQUIRY_MESSAGES.closed);
      await enquiries.markConverted(caller.shopId, id, clientId, at);
      await audit.record({
        shopId: caller.shopId,
        userId: caller.userId,
        entity: 'enquiry',
        entityId: id,
        action: 'convert',
        after: { clientId, newClient: !existing },
        at,
        recordName: recordName(id),
        clientId,
        itemId: enquiry.item.id,
      });
    });
    return this.detail(caller, id);
  }

  async close(caller: ShopCaller, id: number): Promise<EnquiryDetail> {
    const at = this.ctx.now();
    await this.ctx.transaction(async ({ enquiries, audit }) => {
      const current = await enquiries.find(caller.shopId, id, true);
      if (!current) throw notFound();
      if (current.status === 'closed') throw conflict(ENQUIRY_MESSAGES.alreadyClosed);
      await enquiries.markClosed(caller.shopId, id, at);
      await audit.record({
        shopId: caller.shopId,
        userId: caller.userId,
        entity: 'enquiry',
        entityId: id,
        action: 'close',
        before: { status: current.status },
        after: { status: 'closed' },
        at,
        recordName: recordName(id),
        itemId: current.item.id,
      });
    });
    return this.detail(caller, id);
  }

  /**
   * Deletes the enquiry and its replies now: the form tells the person they may ask for this (UK GDPR Art. 17, the
   * right to erasure; there is no reason to keep a mere enquiry against their wish). Every member may, as every
   * member answers; the trail records who, as "Enquiry N", without the person's details. The e-mails sent to them
   * stay in the mail outbox, whose records are the shop's correspondence.
   */
  async remove(caller: ShopCaller, id: number): Promise<void> {
    const at = this.ctx.now();
    await this.ctx.transaction(async ({ enquiries, audit }) => {
      const current = await enquiries.find(caller.shopId, id, true);
      if (!current) throw notFound();
      await enquiries.remove(caller.shopId, id);
      await audit.record({
        shopId: caller.shopId,
        userId: caller.userId,
        entity: 'enquiry',
        entityId: id,
        action: 'delete',
        before: { status: current.status },
        at,
        recordName: recordName(id),
        itemId: current.item.id,
      });
    });
  }
}
