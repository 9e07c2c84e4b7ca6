import { createHash } from 'node:crypto';

/*
 * The shell of every public HTML page (issue 24): the storefront's listing and item pages, their 404s, the
 * enquiry's answer pages. Rendered on the server, no script at all (a JSON-LD block is data, not script), one
 * small style sheet served under a content hash with an immutable cache, system fonts (nothing else to load), so
 * a page is readable on a phone on the first round trip. Every text given here is escaped by the caller except
 * `body` and `head`, which are HTML the caller built with escapeHtml.
 */

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text as HTML text or an attribute's value. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/**
 * JSON inside `<script type="application/ld+json">`: `<` escaped so that no text ("</script>", "<!--") can end
 * the block early; U+2028/9 for old parsers. Still the same JSON to any reader.
 */
export const jsonForScript = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The style sheet of the public pages: mobile first, WCAG AA contrast, 44 px targets, visible focus. */
const STYLESHEET = `*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f7f6f3;color:#1d1d1b}
a{color:#5b4211}a:hover{color:#1d1d1b}
a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible,textarea:focus-visible,summary:focus-visible{outline:3px solid #8a6d1f;outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:#fff;padding:.5rem;z-index:2}
header.site{background:#1d1d1b;color:#fff}
header.site .in,main,footer.site .in{max-width:72rem;margin:0 auto;padding:0 1rem}
header.site .in{display:flex;align-items:center;min-height:3.5rem}
header.site a{color:#fff;text-decoration:none;font-weight:600;font-size:1.125rem}
main{padding-top:1rem;padding-bottom:2rem}
h1{font-size:1.5rem;line-height:1.25;margin:.5rem 0 1rem}h2{font-size:1.25rem;margin:1.5rem 0 .75rem}
.filters{background:#fff;border:1px solid #dcd8cf;border-radius:.5rem;padding:.75rem;margin:0 0 1rem}
.filters summary{cursor:pointer;font-weight:600;min-height:44px;display:flex;align-items:center}
.filters .fields{display:grid;grid-template-columns:repeat(auto-fit,minmax(9rem,1fr));gap:.75rem;align-items:end}
label{display:block;font-weight:600;font-size:.9375rem;margin-bottom:.25rem}
input,select,textarea{font:inherit;width:100%;min-height:44px;padding:.5rem;border:1px solid #6f6a60;border-radius:.375rem;background:#fff;color:#1d1d1b}
textarea{min-height:8rem}
button,.button{font:inherit;font-weight:600;min-height:44px;padding:.5rem 1.25rem;border-radius:.375rem;border:2px solid #1d1d1b;background:#1d1d1b;color:#fff;cursor:pointer;text-decoration:none;display:inline-flex;align-items:center}
.button.secondary{background:#fff;color:#1d1d1b}
.grid{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(14rem,1fr));gap:1rem}
.card{background:#fff;border:1px solid #dcd8cf;border-radius:.5rem;overflow:hidden;height:100%;display:flex;flex-direction:column}
.card a{text-decoration:none;color:inherit;display:flex;flex-direction:column;height:100%}
.card .ph,.gallery .ph{aspect-ratio:1/1;background:#ebe8e1;display:block}
.card img,.gallery img{width:100%;height:auto;aspect-ratio:1/1;object-fit:cover;display:block}
.card .txt{padding:.75rem}
.card h2{font-size:1rem;margin:0 0 .25rem}
.price{font-weight:700;font-size:1.125rem;margin:.25rem 0}
.tag{display:inline-block;background:#f3e7c3;color:#4a3a0c;border-radius:999px;padding:0 .5rem;font-size:.8125rem;font-weight:600}
.muted{color:#55524b}
.pager{display:flex;justify-content:space-between;gap:1rem;margin:1.5rem 0}
.item{display:grid;gap:1.5rem}
@media (min-width:56rem){.item{grid-template-columns:minmax(0,3fr) minmax(0,2fr)}}
.gallery{display:grid;gap:.5rem}
.gallery .thumbs{display:grid;grid-template-columns:repeat(auto-fill,minmax(6rem,1fr));gap:.5rem}
dl.attrs{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0}
dl.attrs dt{font-weight:600}dl.attrs dd{margin:0}
.desc{white-space:pre-line}
.panel{background:#fff;border:1px solid #dcd8cf;border-radius:.5rem;padding:1rem;margin:1rem 0}
.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
footer.site{border-top:1px solid #dcd8cf;background:#fff;font-size:.9375rem}
footer.site .in{padding-top:1rem;padding-bottom:1.5rem}
footer.site address{font-style:normal}
`;

const extraStyles: string[] = [];
let built: { path: string; body: string; etag: string } | null = null;

/**
 * Adds a module's own rules to the style sheet (the enquiry form's, modules/enquiries): called when the public
 * site is set up (src/public-site.ts), before the sheet is first served or linked, since its hash is taken then.
 */
export function addPublicStyle(css: string): void {
  if (extraStyles.includes(css)) return;
  if (built)
    throw new Error('addPublicStyle: the public style sheet is already in use; add styles at start-up');
  extraStyles.push(css);
}

/**
 * The one style sheet: its path carries a hash of its content, so it is cached for a year as immutable and a
 * new release (another hash) is fetched at once.
 */
export function publicStylesheet(): { path: string; body: string; etag: string } {
  if (!built) {
    const body = [STYLESHEET, ...extraStyles].join('\n');
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
    built = { path: `/store/assets/store.${hash}.css`, body, etag: `"${hash}"` };
  }
  return built;
}

/**
 * The pages' Content-Security-Policy: no script runs (a JSON-LD block is a data block: browsers never execute
 * it), styles and images from this origin only, forms post only to this origin, never framed.
 */
export const PUBLIC_PAGE_CSP = {
  'default-src': ["'none'"],
  // No script runs on these pages, so this lets nothing fetch anything; it is there for what audits the page
  // from inside it: Lighthouse's SEO audit reads /robots.txt with a fetch from the page and, refused by
  // default-src 'none', failed the storefront's SEO score (92 instead of 100) on "unable to download robots.txt".
  'connect-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'"],
  'form-action': ["'self'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
} as const;

export interface PublicPageOptions {
  /** The page's <title> (plain text). */
  title: string;
  /** The shop's name, in the header and the title's end (plain text). */
  shopName: string;
  /** The page's main content: HTML, escaped by its author. */
  body: string;
  /** The page's canonical absolute URL. */
  canonical?: string;
  /** More of <head>: meta tags, JSON-LD (HTML, escaped by its author). */
  head?: string;
  /** The storefront's path (`/store/{slug}`): the header's link home. */
  storeBase?: string;
  /** The footer's HTML (the shop's details), escaped by its author. */
  footer?: string;
  /** A page search engines must not index (404s, answers to a form). */
  noindex?: boolean;
}

/** One whole public HTML page. */
export function publicPage({
  title,
  shopName,
  body,
  canonical,
  head,
  storeBase,
  footer,
  noindex,
}: PublicPageOptions): string {
  const fullTitle = shopName && title !== shopName ? `${title} | ${shopName}` : title;
  const home = storeBase
    ? `<a href="${escapeHtml(storeBase)}/">${escapeHtml(shopName)}</a>`
    : `<span>${escapeHtml(shopName)}</span>`;
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(fullTitle)}</title>
${noindex ? '<meta name="robots" content="noindex">\n' : ''}${canonical ? `<link rel="canonical" href="${escapeHtml(canonical)}">\n` : ''}<link rel="stylesheet" href="${publicStylesheet().path}">
${head ?? ''}</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site"><div class="in">${home}</div></header>
<main id="main">
${body}
</main>
${footer ? `<footer class="site"><div class="in">${footer}</div></footer>\n` : ''}</body>
</html>
`;
}
