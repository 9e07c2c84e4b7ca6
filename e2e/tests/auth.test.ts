import { demo } from '../support/accounts';
import { browserSuite } from '../support/browser';
import {
  heading,
  loadingDone,
  openUserMenu,
  passwordField,
  pathOf,
  recordRequests,
  signInButton,
  signInThroughForm,
  submitSignIn,
  trackApiCalls,
  userMenuButton,
  usernameField,
  waitForPath,
} from '../support/ui';

const browserTest = browserSuite();

describe('signing in and out', () => {
  browserTest('signs in with the form, lands on /dashboard, and signs out to /login', async (kit) => {
    const page = await kit.newPage();
    await page.goto('/login');
    await heading(page, 'Sign in to Loupe').waitFor();

    await submitSignIn(page, demo.platinum);
    await waitForPath(page, '/dashboard');
    await userMenuButton(page, 'platinum').waitFor();
    expect(await userMenuButton(page, 'platinum').innerText()).toMatch(/platinum\s+platinum/i);

    const menu = await openUserMenu(page, 'platinum');
    // Sign-out is a full page load of /login (SPEC §4).
    await Promise.all([
      page.waitForEvent('load'),
      menu.getByRole('menuitem', { name: 'Sign out', exact: true }).click(),
    ]);
    await waitForPath(page, '/login');
    await signInButton(page).waitFor();

    // The session is gone on the server too: a protected page sends the visitor back to /login.
    await page.goto('/account/settings');
    await waitForPath(page, '/login');
    await signInButton(page).waitFor();
    expect(pathOf(page)).toBe('/login');
  });

  browserTest(
    'the button reads "Signing in..." and is disabled while the sign-in is under way',
    async (kit) => {
      const page = await kit.newPage();
      await page.goto('/login');
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/api/token/', async (route) => {
        await held;
        await route.continue();
      });

      await submitSignIn(page, demo.gold);
      const busy = page.getByRole('button', { name: 'Signing in...', exact: true });
      await busy.waitFor();
      expect(await busy.isDisabled()).toBe(true);
      release();
      await waitForPath(page, '/dashboard');
    },
  );

  browserTest(
    'remembers the requested page: /account/settings → /login → back at /account/settings',
    async (kit) => {
      const page = await kit.newPage();
      await page.goto('/account/settings');
      await waitForPath(page, '/login');
      await signInButton(page).waitFor();

      await submitSignIn(page, demo.gold);
      await waitForPath(page, '/account/settings');
      await heading(page, 'Account Settings').waitFor();
    },
  );

  browserTest('a wrong password shows the detail the server answered', async (kit) => {
    const page = await kit.newPage();
    await page.goto('/login');
    await submitSignIn(page, { username: demo.silver.username, password: 'not-the-password' });

    const alert = page.getByRole('alert').filter({ hasText: 'Unable to log in with provided credentials.' });
    await alert.waitFor();
    expect((await alert.innerText()).trim()).toBe('Unable to log in with provided credentials.');
    expect(pathOf(page)).toBe('/login');
    // The form is usable again.
    expect(await signInButton(page).isEnabled()).toBe(true);
  });

  browserTest('an empty form shows that both fields are required and sends nothing', async (kit) => {
    const page = await kit.newPage();
    const signIns = recordRequests(page, '/api/token/');
    await page.goto('/login');
    await signInButton(page).click();

    await page.getByRole('alert').first().waitFor();
    const errors = (await page.getByRole('alert').allInnerTexts()).map((t) => t.trim());
    expect(errors).toHaveLength(2);
    for (const error of errors) expect(error).toMatch(/required/i);
    expect(await usernameField(page).getAttribute('aria-invalid')).toBe('true');
    expect(await passwordField(page).getAttribute('aria-invalid')).toBe('true');
    expect(signIns).toHaveLength(0);
    expect(pathOf(page)).toBe('/login');
  });
});

describe('a session that ends while the page is open', () => {
  browserTest(
    'a deleted session cookie sends the next navigation to /login, replacing the history entry',
    async (kit) => {
      const context = await kit.newContext();
      const page = await context.newPage();
      const api = trackApiCalls(page);
      await signInThroughForm(page, demo.gold);
      await heading(page, 'Dashboard').waitFor();
      // The widgets' own calls would otherwise meet the missing cookie first and redirect before the click. A
      // remote's widgets call the API only once its code has loaded, which on a busy machine can take longer
      // than a quiet spell: so every Loading… status gone first, then no call for a while.
      await loadingDone(page, 20_000);
      await api.settled(1_000);

      await context.clearCookies({ name: 'sessionid' });
      const before = await page.evaluate(() => window.history.length);
      // A client-side navigation (no page load): the path change re-checks the session.
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Clients', exact: true })
        .click();
      await waitForPath(page, '/login');
      await signInButton(page).waitFor();
      // One entry for /clients, which the redirect replaced: a push would have made it two.
      expect(await page.evaluate(() => window.history.length)).toBe(before + 1);

      // Signing in again goes back to where the user was heading.
      await submitSignIn(page, demo.gold);
      await waitForPath(page, '/clients');
    },
  );

  browserTest(
    'a call answered 401 (session ended from another context) clears the user and replaces the entry with /login',
    async (kit) => {
      const context = await kit.newContext();
      const page = await context.newPage();
      await signInThroughForm(page, demo.platinum);
      await page.goto('/account/settings');
      const save = page.getByRole('button', { name: 'Save Changes', exact: true });
      await save.waitFor();

      // The same session, signed out from another browser context that holds a copy of its cookies.
      const other = await kit.newContext();
      const cookies = (await context.storageState()).cookies;
      await other.addCookies(cookies);
      const token = cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
      const status = (
        await other.request.post('/api/logout/', { headers: { 'X-CSRFToken': token } })
      ).status();
      expect(status).toBe(200);

      // No path change this time: the save itself meets the dead session.
      const before = await page.evaluate(() => window.history.length);
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/api/profile/update_profile/'));
      await save.click();
      expect((await answer).status()).toBe(401);
      await waitForPath(page, '/login');
      await signInButton(page).waitFor();
      expect(await userMenuButton(page, 'platinum').count()).toBe(0);
      expect(await page.evaluate(() => window.history.length)).toBe(before);

      await submitSignIn(page, demo.platinum);
      await waitForPath(page, '/account/settings');
    },
  );
});
