import {
  MAIL_PROBLEMS,
  type MailRelatedKind,
  type OutboxList,
  type OutboxMessage,
  type OutboxQuery,
} from '@loupe/contracts';
import type { Queryable } from '../../db/database';
import { conflict, notFound } from '../../kernel/http-errors';
import { requireAction, type ShopCaller } from '../../kernel/shop-scope';
import { pageOf, pagingOf } from '../../kernel/validation';
import type { MailConfig } from '../../config';
import { MailRepository, type ShopSender, type StoredMessage } from './mail-repository';
import { deliver } from './mailer';

/** What sending needs: a database (never a transaction still open: see sendMail), the mail settings, the clock. */
export interface MailEnv {
  db: Queryable;
  config: { mail: MailConfig };
  now: () => Date;
}

/** One message to a client (or anyone) about one record of the shop. */
export interface MailMessage {
  /** The recipient; `clientId` names the client it is, so that a retry reads their address afresh. */
  to: { name: string; address: string | null; clientId?: number | null };
  subject: string;
  /** The plain-text body (every message has one); the shop's details are added below it. */
  text: string;
  /** An HTML body as well, already escaped by its author (escapeHtml). */
  html?: string;
  related: { kind: MailRelatedKind; id: number };
  /** The member whose action sent it, if any. */
  createdBy?: number | null;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe inside HTML text and quoted attribute values. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/**
 * The shop's details under every message. A company's e-mails must show its registered name, number and
 * registered office (Companies (Trading Disclosures) Regulations 2008, SI 2008/495, regs 24-25, business letters
 * in electronic form); Shop Settings holds them, as for the invoices.
 */
function footerLines(shop: ShopSender): string[] {
  const lines = [shop.name];
  if (shop.legalName && shop.legalName !== shop.name) lines.push(shop.legalName);
  lines.push(...shop.address.split(/\r?\n/).filter((l) => l.trim() !== ''));
  const contact = [shop.phone && `Tel ${shop.phone}`, shop.email].filter(Boolean).join(' · ');
  if (contact) lines.push(contact);
  if (shop.companyNumber) lines.push(`Company number ${shop.companyNumber}`);
  if (shop.vatNumber) lines.push(`VAT number ${shop.vatNumber}`);
  return lines;
}

function compose(message: Pick<MailMessage, 'text' | 'html'>, shop: ShopSender) {
  const footer = footerLines(shop);
  return {
    text: `${message.text.trimEnd()}\n\n-- \n${footer.join('\n')}\n`,
    html:
      message.html === undefined
        ? null
        : `${message.html}\n<hr>\n<p style="color:#555;font-size:13px">${footer.map(escapeHtml).join('<br>')}</p>`,
  };
}

/** Who a message is from: MAIL_FROM under the shop's name, replies to the shop's e-mail; or the shop's e-mail. */
function senderOf(config: MailConfig, shop: ShopSender): { name: string; address: string; replyTo: string } {
  if (config.from) {
    return { name: shop.name, address: config.from, replyTo: shop.email === config.from ? '' : shop.email };
  }
  return { name: shop.name, address: shop.email, replyTo: '' };
}

const fromHeader = (from: { name: string; address: string }) =>
  from.address ? `${from.name} <${from.address}>` : '';

/**
 * Delivers a recorded message now, if it can be: without a recipient or a sender it is not_sendable; without
 * SMTP_URL it stays outbox_only; otherwise one attempt through SMTP, and sent or failed with the server's error.
 * Whatever happens the row stays, with its status and reason: nothing is dropped.
 */
async function attempt(env: MailEnv, shopId: number, stored: StoredMessage): Promise<StoredMessage> {
  const repo = new MailRepository(env.db);
  const shop = await repo.shopSender(shopId);
  const sender = senderOf(env.config.mail, shop);
  let to = { name: stored.toName, address: stored.to };
  if (stored.clientId !== null) {
    const client = await repo.clientAddress(shopId, stored.clientId);
    if (client) to = { name: client.name, address: client.email };
  }
  const envelope = { from: fromHeader(sender), replyTo: sender.replyTo, toName: to.name, to: to.address };
  const smtpUrl = env.config.mail.smtpUrl;
  const problem = !to.address
    ? { status: 'not_sendable' as const, error: MAIL_PROBLEMS.noRecipient }
    : !sender.address
      ? { status: 'not_sendable' as const, error: MAIL_PROBLEMS.noSender }
      : smtpUrl === null
        ? { status: 'outbox_only' as const, error: MAIL_PROBLEMS.outboxOnly }
        : null;
  const claimed = await repo.claim(shopId, stored, envelope, env.now(), problem === null);
  if (!claimed) throw conflict(MAIL_PROBLEMS.alreadySent);
  if (problem) {
    await repo.markNotSent(shopId, stored.id, problem.status, problem.error);
  } else {
    const result = await deliver(
      { ...env.config.mail, smtpUrl: smtpUrl! },
      {
        from: sender,
        replyTo: sender.replyTo,
        to,
        subject: claimed.subject,
        text: claimed.text,
        html: claimed.html,
      },
    );
    if (result.ok) await repo.markSent(shopId, stored.id, result.messageId, env.now());
    else await repo.markNotSent(shopId, stored.id, 'failed', result.error);
  }
  return (await repo.get(shopId, stored.id))!;
}

const publicMessage = ({ clientId: _clientId, ...message }: StoredMessage): OutboxMessage => message;

/**
 * Sends an e-mail from the shop: ALWAYS recorded in the outbox first, then delivered through SMTP when SMTP_URL
 * is configured (see attempt). Call it once the change it reports has committed (the workshop calls it from its
 * after-commit listeners), with the database rather than a transaction: the record must outlive a rollback, and
 * an SMTP round trip must not hold a transaction open. Answers the message as it stands after the attempt.
 */
export async function sendMail(env: MailEnv, shopId: number, message: MailMessage): Promise<OutboxMessage> {
  const repo = new MailRepository(env.db);
  const shop = await repo.shopSender(shopId);
  const body = compose(message, shop);
  const stored = await repo.insert({
    shopId,
    status: 'queued',
    from: fromHeader(senderOf(env.config.mail, shop)),
    replyTo: senderOf(env.config.mail, shop).replyTo,
    clientId: message.to.clientId ?? null,
    toName: message.to.name,
    to: (message.to.address ?? '').trim(),
    subject: message.subject,
    text: body.text,
    html: body.html,
    relatedKind: message.related.kind,
    relatedId: message.related.id,
    lastError: '',
    createdBy: message.createdBy ?? null,
    createdAt: env.now(),
  });
  return publicMessage(await attempt(env, shopId, stored));
}

/** The staff's outbox (GET /api/mail/outbox/…, POST …/retry/): members who may 'viewOutbox'. */
export class MailService {
  constructor(private readonly env: MailEnv) {}

  private get repo() {
    return new MailRepository(this.env.db);
  }

  async list(caller: ShopCaller, query: OutboxQuery): Promise<OutboxList> {
    requireAction(caller, 'viewOutbox');
    const status = query.status ?? null;
    const count = await this.repo.count(caller.shopId, status);
    return pageOf(pagingOf(query), count, (limit, offset) =>
      this.repo.list(caller.shopId, status, limit, offset),
    );
  }

  async detail(caller: ShopCaller, id: number): Promise<OutboxMessage> {
    requireAction(caller, 'viewOutbox');
    const message = await this.repo.get(caller.shopId, id);
    if (!message) throw notFound();
    return publicMessage(message);
  }

  /** Tries a message again now (after the SMTP server is back, or the client's address was added). */
  async retry(caller: ShopCaller, id: number): Promise<OutboxMessage> {
    requireAction(caller, 'viewOutbox');
    const message = await this.repo.get(caller.shopId, id);
    if (!message) throw notFound();
    if (message.status === 'sent') throw conflict(MAIL_PROBLEMS.alreadySent);
    return publicMessage(await attempt(this.env, caller.shopId, message));
  }
}
