import { ENQUIRY_LIMITS, ENQUIRY_RETENTION_MONTHS } from '@loupe/contracts';
import type { Config } from '../../config';
import { escapeHtml } from '../mail';
import { issueTimeTrap } from './time-trap';

/**
 * The enquiry form on every storefront item page (issue 24 item 2): plain HTML, no script, posting to
 * `/store/{slug}/items/{itemId}/enquiry`. The same function draws it again, filled in with what was sent and
 * the errors beside their fields, when a post is refused.
 */

/** The fields a person fills in (the honeypot and the time trap are the form's own). */
export type EnquiryField = 'name' | 'email' | 'phone' | 'message' | 'consent';

export interface EnquiryFormValues {
  name: string;
  email: string;
  phone: string;
  message: string;
  consent: boolean;
}

/** The form field that a person never sees and a bot fills in: named as the field bots look for. */
export const HONEYPOT_FIELD = 'website';
/** The hidden field holding the signed time the form was served (time-trap.ts). */
export const TIME_TRAP_FIELD = 'started';

/**
 * The form's style, for the page's style sheet (the honeypot is moved off-screen by its class, as a page
 * under a strict CSP allows no style attributes). A page that embeds the form includes this in its <style>.
 */
export const ENQUIRY_FORM_STYLE = `.enquiry{max-width:36rem}
.enquiry .field{margin:0 0 1rem}
.enquiry label{display:block;font-weight:600;margin:0 0 .25rem}
.enquiry .hint{display:block;font-weight:400;color:#4a4a46;font-size:.9rem}
.enquiry input[type=text],.enquiry input[type=email],.enquiry input[type=tel],.enquiry textarea{box-sizing:border-box;width:100%;font:inherit;padding:.6rem;border:2px solid #6b6b66;border-radius:.25rem;min-height:44px;background:#fff;color:#1d1d1b}
.enquiry textarea{min-height:8rem}
.enquiry [aria-invalid=true]{border-color:#a4262c}
.enquiry .error{color:#a4262c;font-weight:600;margin:.25rem 0}
.enquiry .consent{display:flex;gap:.6rem;align-items:flex-start}
.enquiry .consent input{width:24px;height:24px;margin:.15rem 0 0;flex:none}
.enquiry .consent label{font-weight:400}
.enquiry button{font:inherit;font-weight:600;padding:.75rem 1.25rem;border-radius:.375rem;border:2px solid #1d1d1b;background:#1d1d1b;color:#fff;min-height:44px;cursor:pointer}
.enquiry input:focus-visible,.enquiry textarea:focus-visible,.enquiry button:focus-visible{outline:3px solid #b5892e;outline-offset:2px}
.enquiry .summary{border:3px solid #a4262c;padding:.75rem 1rem;margin:0 0 1rem}
.enquiry .summary h3{margin:0 0 .5rem;font-size:1.1rem}
.enquiry .summary a{color:#a4262c}
.enquiry .trap{position:absolute;left:-10000px;top:auto;width:1px;height:1px;overflow:hidden}`;

export interface EnquiryFormOptions {
  config: Pick<Config, 'fileKey'>;
  /** The storefront's slug and the item (storefront_offers.item_id): the form posts to this item's enquiry. */
  slug: string;
  itemId: number;
  /** The shop's trading name, in the consent wording. */
  shopName: string;
  /** When the form is served (the time trap's start); now by default. */
  now?: Date;
  /** What was sent, when the form is shown again. */
  values?: Partial<EnquiryFormValues>;
  /** The errors beside their fields, when the form is shown again. */
  errors?: Partial<Record<EnquiryField, string>>;
  /** The heading's level (the item page's structure): 2 by default. */
  headingLevel?: 2 | 3;
}

/** The path the form posts to. */
export const enquiryPath = (slug: string, itemId: number): string =>
  `/store/${encodeURIComponent(slug)}/items/${itemId}/enquiry`;

/** The id of the form's section, for a link to it ("Ask about this watch"). */
export const ENQUIRY_FORM_ID = 'enquire';

const FIELD_ORDER: EnquiryField[] = ['name', 'email', 'phone', 'message', 'consent'];

/**
 * The enquiry form as an HTML fragment (a <section>), for S1's item page and for the page that shows it again.
 *
 *   enquiryFormHtml({ config, slug, itemId, shopName, now?, values?, errors?, headingLevel? }): string
 *
 * Include ENQUIRY_FORM_STYLE in the page's style sheet.
 *
 * The consent wording is the notice UK GDPR Art. 13 asks for at the moment details are collected (who, what
 * for, how long, your rights), in plain words. The lawful basis for answering is Art. 6(1)(b) — steps taken at
 * the person's request before a possible contract — and, for keeping the enquiry on the shop's records for a
 * while, the shop's legitimate interest (Art. 6(1)(f)); the box records that the person read the notice and
 * asks to be contacted, and is required before an enquiry is stored. Nothing is used for marketing.
 */
export function enquiryFormHtml(options: EnquiryFormOptions): string {
  const { slug, itemId, shopName } = options;
  const values = options.values ?? {};
  const errors = options.errors ?? {};
  const h = options.headingLevel ?? 2;
  const token = issueTimeTrap(options.config, { slug, itemId }, options.now ?? new Date());
  const id = (field: EnquiryField) => `enquiry-${field}`;
  const errorOf = (field: EnquiryField) =>
    errors[field] ? `<p class="error" id="${id(field)}-error">${escapeHtml(errors[field]!)}</p>` : '';
  const described = (field: EnquiryField, hint?: string) => {
    const ids = [hint, errors[field] ? `${id(field)}-error` : undefined].filter(Boolean);
    return `${ids.length ? ` aria-describedby="${ids.join(' ')}"` : ''}${errors[field] ? ' aria-invalid="true"' : ''}`;
  };
  const value = (field: 'name' | 'email' | 'phone') => escapeHtml(values[field] ?? '');
  const listed = FIELD_ORDER.filter((field) => errors[field]);
  const summary = listed.length
    ? `<div class="summary" role="alert" aria-labelledby="enquiry-problems">
<h${h + 1} id="enquiry-problems">There is a problem</h${h + 1}>
<ul>${listed.map((field) => `<li><a href="#${id(field)}">${escapeHtml(errors[field]!)}</a></li>`).join('')}</ul>
</div>
`
    : '';
  const shop = escapeHtml(shopName);
  return `<section class="enquiry" id="${ENQUIRY_FORM_ID}" aria-labelledby="enquiry-heading">
<h${h} id="enquiry-heading">Ask about this item</h${h}>
${summary}<form method="post" action="${escapeHtml(enquiryPath(slug, itemId))}" novalidate>
<input type="hidden" name="${TIME_TRAP_FIELD}" value="${escapeHtml(token)}">
<div class="field">
<label for="${id('name')}">Your name</label>
${errorOf('name')}<input type="text" id="${id('name')}" name="name" autocomplete="name" maxlength="${ENQUIRY_LIMITS.name}" required value="${value('name')}"${described('name')}>
</div>
<div class="field">
<label for="${id('email')}">E-mail address</label>
<span class="hint" id="${id('email')}-hint">An e-mail address or a phone number, so that we can answer you.</span>
${errorOf('email')}<input type="email" id="${id('email')}" name="email" autocomplete="email" inputmode="email" spellcheck="false" maxlength="${ENQUIRY_LIMITS.email}" value="${value('email')}"${described('email', `${id('email')}-hint`)}>
</div>
<div class="field">
<label for="${id('phone')}">Phone number</label>
${errorOf('phone')}<input type="tel" id="${id('phone')}" name="phone" autocomplete="tel" inputmode="tel" maxlength="${ENQUIRY_LIMITS.phone}" value="${value('phone')}"${described('phone')}>
</div>
<div class="field">
<label for="${id('message')}">Your message</label>
${errorOf('message')}<textarea id="${id('message')}" name="message" rows="6" maxlength="${ENQUIRY_LIMITS.message}" required${described('message')}>${escapeHtml(values.message ?? '')}</textarea>
</div>
<div class="trap hp" aria-hidden="true">
<label for="enquiry-${HONEYPOT_FIELD}">Website (leave this empty)</label>
<input type="text" id="enquiry-${HONEYPOT_FIELD}" name="${HONEYPOT_FIELD}" tabindex="-1" autocomplete="off" value="">
</div>
<div class="field">
${errorOf('consent')}<div class="consent">
<input type="checkbox" id="${id('consent')}" name="consent" value="yes" required${values.consent ? ' checked' : ''}${described('consent')}>
<label for="${id('consent')}">${shop} may use my name, contact details and message to answer this enquiry. They are kept for ${ENQUIRY_RETENTION_MONTHS} months, never shared or used for marketing, and I may ask ${shop} to see or delete them.</label>
</div>
</div>
<button type="submit">Send enquiry</button>
</form>
</section>`;
}
