import type { Locator, Page, Request } from 'playwright-core';
import type { Account } from './accounts';

/** The path of the page's current URL. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Waits until the page (after a redirect or a client-side navigation) shows `path`. */
export async function waitForPath(page: Page, path: string, timeout = 10_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout, waitUntil: 'commit' });
}

export function usernameField(page: Page): Locator {
  return page.getByLabel('Username', { exact: true });
}

export function passwordField(page: Page): Locator {
  return page.getByLabel('Password', { exact: true });
}

export function signInButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Sign in', exact: true });
}

/** Fills the sign-in form the way a person does and presses Sign in. */
export async function submitSignIn(
  page: Page,
  account: Pick<Account, 'username' | 'password'>,
): Promise<void> {
  await usernameField(page).fill(account.username);
  await passwordField(page).fill(account.password);
  await signInButton(page).click();
}

/** Opens /login in `page`, signs in and waits for `landing` (the dashboard unless told otherwise). */
export async function signInThroughForm(page: Page, account: Account, landing = '/dashboard'): Promise<void> {
  if (pathOf(page) !== '/login') await page.goto('/login');
  await submitSignIn(page, account);
  await waitForPath(page, landing);
}

/** The top bar (the page's banner landmark). */
export function topBar(page: Page): Locator {
  return page.getByRole('banner');
}

/** The user menu's button: it shows the username and the role. */
export function userMenuButton(page: Page, username: string): Locator {
  return topBar(page).getByRole('button', { name: new RegExp(`^\\s*${escapeRegExp(username)}`) });
}

/** Opens the user menu and returns the menu. */
export async function openUserMenu(page: Page, username: string): Promise<Locator> {
  const menu = page.getByRole('menu');
  if (!(await menu.isVisible())) await userMenuButton(page, username).click();
  await menu.waitFor({ state: 'visible' });
  return menu;
}

/** The names of the entries of an open menu, in order. */
export async function menuEntries(menu: Locator): Promise<string[]> {
  const names = await menu.getByRole('menuitem').allInnerTexts();
  return names.map((name) => name.trim());
}

export function sidebar(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main' });
}

export function heading(page: Page, name: string, level = 1): Locator {
  return page.getByRole('heading', { name, level, exact: true });
}

/** Records the requests whose URL path ends with `suffix` (to prove that a form sent nothing). */
export function recordRequests(page: Page, suffix: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith(suffix)) seen.push(request);
  });
  return seen;
}

/**
 * Tracks the page's `/api/` calls (the token fetch aside, whose body the client never reads) so a test can wait
 * until every one has been answered: the dashboard's widgets load after its heading shows.
 */
export function trackApiCalls(page: Page): { settled: (quietMs?: number) => Promise<void> } {
  const open = new Set<Request>();
  let lastChange = Date.now();
  const counts = (request: Request) => {
    const path = new URL(request.url()).pathname;
    return path.startsWith('/api/') && path !== '/api/csrf/';
  };
  page.on('request', (request) => {
    if (!counts(request)) return;
    open.add(request);
    lastChange = Date.now();
  });
  const done = (request: Request) => {
    if (open.delete(request)) lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    async settled(quietMs = 300) {
      const deadline = Date.now() + 15_000;
      while (open.size > 0 || Date.now() - lastChange < quietMs) {
        if (Date.now() > deadline)
          throw new Error(`API calls still open: ${[...open].map((r) => r.url()).join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

/** Resolves once no "Loading…" status is on the page: every remote, widget and list that shows one has drawn. */
export async function loadingDone(page: Page, timeout = 10_000): Promise<void> {
  await page
    .getByRole('status')
    .filter({ hasText: /^Loading/ })
    .first()
    .waitFor({ state: 'hidden', timeout });
}

/** Resolves when `locator` shows exactly `text` (after trimming). */
export async function waitForText(locator: Locator, text: string, timeout = 10_000): Promise<void> {
  await locator.filter({ hasText: text }).first().waitFor({ state: 'visible', timeout });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
