import { demo, type Account } from '../support/accounts';
import { browserSuite } from '../support/browser';
import { heading, menuEntries, openUserMenu, waitForPath } from '../support/ui';

const browserTest = browserSuite();

describe('role guard', () => {
  for (const path of ['/management/gold', '/management/silver']) {
    browserTest(`silver visiting ${path} is sent to /unauthorized`, async (kit) => {
      const page = await kit.newPage({ as: demo.silver });
      await page.goto(path);
      await waitForPath(page, '/unauthorized');
      await heading(page, 'Unauthorized').waitFor();
      await page.getByText('You do not have permission to view this page.', { exact: true }).waitFor();
      const back = page.getByRole('link', { name: 'Back to Dashboard', exact: true });
      expect(await back.getAttribute('href')).toBe('/dashboard');

      await back.click();
      await waitForPath(page, '/dashboard');
      await heading(page, 'Dashboard').waitFor();
    });
  }
});

describe('the user menu offers the management screens by role', () => {
  const expected: Array<[Account, string[]]> = [
    [demo.platinum, ['Gold Management', 'Silver Management']],
    [demo.gold, ['Silver Management']],
    [demo.silver, []],
  ];
  for (const [account, management] of expected) {
    browserTest(
      `${account.username}: ${management.join(' and ') || 'no management entries'}`,
      async (kit) => {
        const page = await kit.newPage({ as: account });
        await page.goto('/dashboard');
        await heading(page, 'Dashboard').waitFor();
        const menu = await openUserMenu(page, account.username);
        const entries = await menuEntries(menu);
        expect(entries.filter((e) => e.endsWith('Management'))).toEqual(management);
        expect(entries).toContain('Settings');
        expect(entries).toContain('Sign out');
        expect(entries.some((e) => /^Switch to (light|dark) mode$/.test(e))).toBe(true);

        // Each offered entry leads to its screen.
        for (const name of management) {
          const open = await openUserMenu(page, account.username);
          await open.getByRole('menuitem', { name, exact: true }).click();
          await waitForPath(page, name === 'Gold Management' ? '/management/gold' : '/management/silver');
          await heading(page, name).waitFor();
        }
      },
    );
  }
});
