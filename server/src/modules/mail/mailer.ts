import type { Transporter } from 'nodemailer';
import type { MailConfig } from '../../config';

/** What one delivery sends: the envelope and the message as recorded in the outbox. */
export interface Envelope {
  from: { name: string; address: string };
  replyTo: string;
  to: { name: string; address: string };
  subject: string;
  text: string;
  html: string | null;
}

/** The SMTP server's answer: accepted (with its Message-ID), or the reason it was not. */
export type Delivery = { ok: true; messageId: string } | { ok: false; error: string };

/**
 * Bounded waits: a member's click (a stage move, a retry) waits for the SMTP server, so an unreachable or
 * silent server must fail in seconds, not after the operating system's minutes.
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

const transports = new Map<string, Transporter>();

/**
 * nodemailer's SMTP transport for SMTP_URL, made once per URL: smtps:// is TLS from the start (port 465 unless
 * given), smtp:// upgrades with STARTTLS whenever the server offers it (port 587 unless given); the user and
 * password are the URL's, percent-decoded.
 */
async function transportFor(smtpUrl: string): Promise<Transporter> {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    // Loaded by the first message sent, not when the server starts (~0.3 s of CPU): most processes send none.
    const { createTransport } = await import('nodemailer');
    // Another first message may have made it while this one waited for the import.
    const made = transports.get(smtpUrl);
    if (made) return made;
    const url = new URL(smtpUrl);
    const secure = url.protocol === 'smtps:';
    transport = createTransport({
      host: url.hostname,
      port: url.port ? Number(url.port) : secure ? 465 : 587,
      secure,
      ...(url.username
        ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
        : {}),
      ...TIMEOUTS,
    });
    transports.set(smtpUrl, transport);
  }
  return transport;
}

/** An error as the outbox keeps it: the mailer's words and the SMTP reply, never the SMTP password. */
function errorText(error: unknown, smtpUrl: string): string {
  const e = error as { message?: string; code?: string; response?: string };
  let text = [e.code, e.message ?? String(error)].filter(Boolean).join(': ');
  if (e.response && !text.includes(e.response)) text += ` (${e.response})`;
  const password = decodeURIComponent(new URL(smtpUrl).password);
  if (password) text = text.split(password).join('***');
  return text.slice(0, 2000);
}

/** Hands one message to the SMTP server of SMTP_URL (the caller has checked that one is configured). */
export async function deliver(
  config: MailConfig & { smtpUrl: string },
  envelope: Envelope,
): Promise<Delivery> {
  try {
    const info = (await (
      await transportFor(config.smtpUrl)
    ).sendMail({
      from: envelope.from,
      ...(envelope.replyTo ? { replyTo: envelope.replyTo } : {}),
      to: envelope.to,
      subject: envelope.subject,
      text: envelope.text,
      ...(envelope.html !== null ? { html: envelope.html } : {}),
    })) as { messageId?: string };
    return { ok: true, messageId: info.messageId ?? '' };
  } catch (error) {
    return { ok: false, error: errorText(error, config.smtpUrl) };
  }
}

/** Closes the pooled connections of every transport made (the app's close; tests). */
export function closeTransports(): void {
  for (const transport of transports.values()) transport.close();
  transports.clear();
}
