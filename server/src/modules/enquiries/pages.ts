import { escapeHtml, publicPage } from '../../kernel/public-page';
import type { Config } from '../../config';
import { enquiryFormHtml, type EnquiryField, type EnquiryFormValues } from './form';

/*
 * The enquiry's own public pages, in the storefront's shell (kernel/public-page.ts): the form shown again with
 * its errors, the thank-you page after a post, and the refusals (not found, too many). None is indexed.
 */

const storeBase = (slug: string) => `/store/${encodeURIComponent(slug)}`;
/** The item's page: the storefront answers its id alone by redirecting to the address with its title. */
export const itemPageOf = (slug: string, itemId: number) => `${storeBase(slug)}/items/${itemId}`;
/** Where a post is sent after it is accepted (303), so a reload does not post it again. */
export const thanksPathOf = (slug: string, itemId: number) =>
  `${storeBase(slug)}/items/${itemId}/enquiry/sent`;

export interface FormPageOptions {
  config: Pick<Config, 'fileKey'>;
  slug: string;
  itemId: number;
  itemTitle: string;
  shopName: string;
  now: Date;
  values: Partial<EnquiryFormValues>;
  errors: Partial<Record<EnquiryField, string>>;
  /** A sentence above the form (the time trap's "please send it again"). */
  notice?: string;
}

/** The form again, with what was sent and the errors beside their fields. */
export function formPage(options: FormPageOptions): string {
  const { slug, itemId, itemTitle, shopName } = options;
  const notice = options.notice ? `<p class="panel" role="status">${escapeHtml(options.notice)}</p>\n` : '';
  return publicPage({
    title: `Ask about ${itemTitle}`,
    shopName,
    storeBase: storeBase(slug),
    noindex: true,
    body: `<h1>Ask about ${escapeHtml(itemTitle)}</h1>
<p><a href="${escapeHtml(itemPageOf(slug, itemId))}">Back to the ${escapeHtml(itemTitle)}</a></p>
${notice}${enquiryFormHtml({
      config: options.config,
      slug,
      itemId,
      shopName,
      now: options.now,
      values: options.values,
      errors: options.errors,
    })}`,
  });
}

/** After a post: the same words whether it was kept or caught by the honeypot. */
export function thanksPage(slug: string, itemId: number, itemTitle: string, shopName: string): string {
  return publicPage({
    title: 'Thank you for your enquiry',
    shopName,
    storeBase: storeBase(slug),
    noindex: true,
    body: `<h1>Thank you for your enquiry</h1>
<p>${escapeHtml(shopName)} has your message about the ${escapeHtml(itemTitle)} and will answer you soon, by e-mail or by phone.</p>
<p><a href="${escapeHtml(itemPageOf(slug, itemId))}">Back to the ${escapeHtml(itemTitle)}</a></p>
<p><a href="${escapeHtml(storeBase(slug))}/">See everything for sale</a></p>`,
  });
}

/** A refusal page: not found, too many enquiries. */
export function refusalPage(heading: string, text: string, shopName = '', slug?: string): string {
  return publicPage({
    title: heading,
    shopName,
    storeBase: slug && shopName ? storeBase(slug) : undefined,
    noindex: true,
    body: `<h1>${escapeHtml(heading)}</h1>\n<p>${escapeHtml(text)}</p>`,
  });
}
