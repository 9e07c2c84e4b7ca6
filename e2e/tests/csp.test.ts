import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { demo } from '../support/accounts';
import { browserSuite } from '../support/browser';
import { SPEC_ROUTES } from '../support/routes';
import { baseUrl } from '../support/state';
import { heading } from '../support/ui';

const browserTest = browserSuite();

/**
 * Installed before any page script: every Content-Security-Policy violation of the page (a blocked script,
 * style, image, connection…) is kept, with what was blocked and where.
 */
const RECORD_CSP_VIOLATIONS = `
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.__cspViolations.push(
      event.violatedDirective + ' blocked ' + (event.blockedURI || 'inline') + ' at ' +
        event.sourceFile + ':' + event.lineNumber,
    );
  });
`;

async function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

/** A full page load of `path` (its own CSP check), then what the page reported once it settled. */
async function load(page: Page, route: string, title: string | null): Promise<string[]> {
  await page.goto(route);
  const h1 = title ? heading(page, title) : page.getByRole('heading', { level: 1 }).first();
  await h1.waitFor({ timeout: 15_000 });
  // Lazy chunks, images and data of the screen arrive after its heading.
  await page.waitForLoadState('networkidle');
  return (await violations(page)).map((v) => `${route}: ${v}`);
}

describe('Content-Security-Policy as served', () => {
  browserTest('every route works under the CSP with no violation reported', async (kit) => {
    const context = await kit.newContext({ as: demo.platinum, initScript: RECORD_CSP_VIOLATIONS });
    const page = await context.newPage();
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refusals.push(message.text());
    });
    const found: string[] = [];
    for (const [route, title] of SPEC_ROUTES) found.push(...(await load(page, route, title)));
    expect(found).toEqual([]);
    expect(refusals).toEqual([]);
    expect(kit.pageErrors).toEqual([]);
  });

  browserTest('the sign-in page, and the theme script applies a stored light theme', async (kit) => {
    const context = await kit.newContext({ initScript: RECORD_CSP_VIOLATIONS });
    const page = await context.newPage();
    expect(await load(page, '/login', 'Sign in to Loupe')).toEqual([]);
    // The tab's icon is inline (issue 21, item 7): it decodes as an image under the page's img-src.
    const icon = await page.evaluate(async () => {
      const href = document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href ?? '';
      const image = new Image();
      image.src = href;
      await image.decode().catch(() => undefined);
      return { scheme: href.slice(0, 19), width: image.naturalWidth };
    });
    expect(icon).toEqual({ scheme: 'data:image/svg+xml,', width: 32 });
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.reload();
    await heading(page, 'Sign in to Loupe').waitFor();
    // Set by index.html's inline script, allowed by its hash: blocked, the page would stay dark.
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    expect(await violations(page)).toEqual([]);
  });

  browserTest(
    'a page that breaks the policy is reported: the listener above does hear violations',
    async (kit) => {
      const page = await kit.newPage({ initScript: RECORD_CSP_VIOLATIONS });
      await page.goto('/login');
      await heading(page, 'Sign in to Loupe').waitFor();
      await page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.__injected = true;';
        document.head.append(script);
      });
      // The event is dispatched asynchronously.
      await page.waitForFunction(
        () => (window as unknown as { __cspViolations: string[] }).__cspViolations.length > 0,
      );
      expect(await violations(page)).toEqual([expect.stringMatching(/^script-src-elem blocked inline/)]);
      expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();
    },
  );

  test('headers as served on the page, and no source map reachable', async () => {
    const shell = baseUrl();
    const page = await fetch(`${shell}/dashboard`);
    await page.text();
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+' /);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
    expect(page.headers.get('permissions-policy')).toContain('camera=(self)');

    const dist = path.resolve(__dirname, '..', '..', 'shell', 'dist');
    const maps = readdirSync(dist).filter((name) => name.endsWith('.js.map'));
    expect(maps.length).toBeGreaterThan(0);
    for (const map of maps.slice(0, 3)) {
      const res = await fetch(`${shell}/${map}`);
      await res.text();
      expect([map, res.status]).toEqual([map, 404]);
      // Hidden maps: the script does not point at its map either.
      const script = readFileSync(path.join(dist, map.replace(/\.map$/, '')), 'utf8');
      expect(script).not.toContain('sourceMappingURL');
    }
  });
});
