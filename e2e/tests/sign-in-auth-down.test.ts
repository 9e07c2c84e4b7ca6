import { freePort, startApp, type AppInstance } from '../support/app-instance.cjs';
import { demo } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { browserSuite } from '../support/browser';
import {
  heading,
  openUserMenu,
  sidebar,
  signInButton,
  submitSignIn,
  userMenuButton,
  waitForPath,
} from '../support/ui';

/**
 * An app instance of its own whose remote-auth points at a closed port: the account screens' remote is down,
 * every other remote is up. Staff must still be able to sign in: /login is the shell's own screen.
 */
let app: AppInstance | undefined;

beforeAll(async () => {
  const deadRemote = `http://127.0.0.1:${await freePort()}`;
  app = await startApp({ label: 'auth-down', env: { REMOTE_AUTH_URL: deadRemote } });
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

const browserTest = browserSuite();

function origin(): string {
  if (!app) throw new Error('the app instance without remote-auth did not start');
  return app.baseUrl;
}

/** The sign-in screen's own subtitle (SPEC): the page is the usual one, not a degraded copy. */
const SUBTITLE = 'Your watch-intelligence dashboard';

describe('signing in while remote-auth is down', () => {
  browserTest(
    'a demo user signs in on the shell’s own sign-in page and reaches /dashboard with the other remotes working',
    async (kit) => {
      const page = await kit.newPage({ baseUrl: origin() });
      const started = Date.now();
      await page.goto('/login');
      await signInButton(page).waitFor({ timeout: 5_000 });
      // It waits for no remote: nothing of remote-auth is asked for.
      expect(Date.now() - started).toBeLessThan(5_000);
      await heading(page, 'Sign in to Loupe').waitFor();
      await page.getByText(SUBTITLE, { exact: true }).waitFor();
      expect(await page.getByRole('heading', { name: 'Account is unavailable' }).count()).toBe(0);
      expect(await page.title()).toBe('Sign in · Loupe');
      expect(await seriousViolations(page, 'the sign-in page with remote-auth down')).toEqual([]);

      // The server's refusal, then a sign-in (the busy state is shown in jsdom).
      await submitSignIn(page, { username: demo.gold.username, password: 'not-the-password' });
      await page.getByRole('alert').getByText('Unable to log in with provided credentials.').waitFor();
      await submitSignIn(page, demo.gold);
      await waitForPath(page, '/dashboard');
      await heading(page, 'Dashboard').waitFor();
      await userMenuButton(page, 'gold').waitFor();

      // The widgets and screens of the remotes that are up work as usual.
      await page.getByRole('region', { name: 'Total Watches', exact: true }).waitFor();
      expect(await page.getByText(/could not be shown\.$/).count()).toBe(0);
      await sidebar(page).getByRole('link', { name: 'Watches', exact: true }).click();
      await heading(page, 'Inventory - Watches').waitFor();
      await sidebar(page).getByRole('link', { name: 'Clients', exact: true }).click();
      await heading(page, 'Clients').waitFor();
      await sidebar(page).getByRole('link', { name: 'Reports', exact: true }).click();
      await heading(page, 'Reports').waitFor();
    },
  );

  browserTest('a visitor is returned to the screen they asked for', async (kit) => {
    const page = await kit.newPage({ baseUrl: origin() });
    await page.goto('/clients');
    await waitForPath(page, '/login');
    await page.getByText(SUBTITLE, { exact: true }).waitFor();
    await submitSignIn(page, demo.silver);
    await waitForPath(page, '/clients');
    await heading(page, 'Clients').waitFor();
  });

  browserTest(
    'the account screens show remote-auth’s notice, naming what still works for this user, and Sign out still works',
    async (kit) => {
      const page = await kit.newPage({ as: demo.platinum, baseUrl: origin() });
      for (const path of ['/account/settings', '/profile/settings']) {
        await page.goto(path);
        const notice = page
          .getByRole('alert')
          .filter({ has: page.getByRole('heading', { name: 'Account is unavailable' }) });
        await notice.waitFor({ timeout: 5_000 });
        await notice
          .getByText(
            'Still working for you: Dashboard, Stock, Clients, Expenses, Quick Sales, Expenses List, Reports, ' +
              'Invoices, Deals, Purchases, Workshop, Enquiries, Inventory, Gold Management, Silver Management, ' +
              'Activity, Shop Settings, Online Selling, Catalogue, Outbox and Compliance.',
            { exact: true },
          )
          .waitFor();
        expect(
          await notice.getByText('The rest of the application keeps working', { exact: false }).count(),
        ).toBe(0);
        await notice.getByRole('button', { name: 'Retry', exact: true }).waitFor();
        expect(await seriousViolations(page, `remote-auth's notice on ${path}`)).toEqual([]);
      }

      // A gold member is not told about Gold Management.
      const gold = await kit.newPage({ as: demo.gold, baseUrl: origin() });
      await gold.goto('/account/settings');
      await gold
        .getByText(
          'Still working for you: Dashboard, Stock, Clients, Expenses, Quick Sales, Expenses List, Reports, ' +
            'Invoices, Deals, Purchases, Workshop, Enquiries, Inventory, Silver Management, Online Selling, ' +
            'Outbox and Compliance.',
          { exact: true },
        )
        .waitFor({ timeout: 5_000 });

      // Signing out is the shell's, and lands on its sign-in page.
      const menu = await openUserMenu(page, 'platinum');
      await Promise.all([
        page.waitForEvent('load'),
        menu.getByRole('menuitem', { name: 'Sign out', exact: true }).click(),
      ]);
      await waitForPath(page, '/login');
      await page.getByText(SUBTITLE, { exact: true }).waitFor({ timeout: 5_000 });
    },
  );
});
