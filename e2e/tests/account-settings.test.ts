import type { Page } from 'playwright-core';
import { demo, extra } from '../support/accounts';
import { browserSuite } from '../support/browser';
import {
  heading,
  openUserMenu,
  pathOf,
  recordRequests,
  signInButton,
  signInThroughForm,
  submitSignIn,
  waitForPath,
} from '../support/ui';

const browserTest = browserSuite();

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function openAccountSettings(page: Page): Promise<void> {
  await page.goto('/account/settings');
  await heading(page, 'Account Settings').waitFor();
  // The profile form appears once the profile has loaded.
  await page.getByRole('button', { name: 'Save Changes', exact: true }).waitFor();
}

async function fillPasswordForm(page: Page, current: string, next: string, confirm: string): Promise<void> {
  await field(page, 'Current password').fill(current);
  await field(page, 'New password').fill(next);
  await field(page, 'Confirm new password').fill(confirm);
}

describe('account settings', () => {
  browserTest(
    'a saved profile shows "Profile updated successfully." and is still there after a reload',
    async (kit) => {
      const page = await kit.newPage({ as: extra.profile });
      await openAccountSettings(page);
      const username = field(page, 'Username');
      expect(await username.inputValue()).toBe(extra.profile.username);
      expect(await username.getAttribute('readonly')).not.toBeNull();
      expect(await field(page, 'Email').inputValue()).toBe(extra.profile.email);

      await field(page, 'Email').fill('imogen.vale@e2e.loupe.example');
      await field(page, 'First name').fill('Imogen Rose');
      await field(page, 'Last name').fill('Vale-Hartley');
      await page.getByRole('button', { name: 'Save Changes', exact: true }).click();
      await page.getByText('Profile updated successfully.', { exact: true }).waitFor();

      await page.reload();
      await openAccountSettings(page);
      expect(await field(page, 'Username').inputValue()).toBe(extra.profile.username);
      expect(await field(page, 'Email').inputValue()).toBe('imogen.vale@e2e.loupe.example');
      expect(await field(page, 'First name').inputValue()).toBe('Imogen Rose');
      expect(await field(page, 'Last name').inputValue()).toBe('Vale-Hartley');
    },
  );

  browserTest('mismatched new passwords show "New passwords do not match." and send nothing', async (kit) => {
    const page = await kit.newPage({ as: demo.gold });
    const sent = recordRequests(page, '/api/account/change-password/');
    await openAccountSettings(page);
    await fillPasswordForm(page, demo.gold.password, 'Perpetual-Calendar-2031', 'Perpetual-Calendar-2032');
    await page.getByRole('button', { name: 'Change Password', exact: true }).click();

    await page.getByText('New passwords do not match.', { exact: true }).waitFor();
    expect(sent).toHaveLength(0);
  });

  browserTest("a weak new password shows the server's (Django's) validator messages", async (kit) => {
    const page = await kit.newPage({ as: demo.gold });
    await openAccountSettings(page);
    await fillPasswordForm(page, demo.gold.password, '1234', '1234');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/api/account/change-password/'));
    await page.getByRole('button', { name: 'Change Password', exact: true }).click();
    expect((await answer).status()).toBe(400);

    const message =
      'This password is too short. It must contain at least 12 characters. ' +
      'This password is too common. This password is entirely numeric.';
    const alert = page.getByRole('alert').filter({ hasText: 'This password is too short.' });
    await alert.waitFor();
    expect((await alert.innerText()).trim()).toBe(message);
  });

  browserTest(
    'a changed password clears the form, works at the next sign-in, and the old one does not',
    async (kit) => {
      const account = extra.password;
      const newPassword = 'Minute-Repeater-Grande-Sonnerie-9';
      const page = await kit.newPage();
      await signInThroughForm(page, account);
      await openAccountSettings(page);

      await fillPasswordForm(page, account.password, newPassword, newPassword);
      await page.getByRole('button', { name: 'Change Password', exact: true }).click();
      await page.getByText('Password changed successfully.', { exact: true }).waitFor();
      for (const label of ['Current password', 'New password', 'Confirm new password']) {
        expect(await field(page, label).inputValue()).toBe('');
      }
      // This session stays signed in after the change.
      await page.reload();
      await openAccountSettings(page);

      const menu = await openUserMenu(page, account.username);
      await Promise.all([
        page.waitForEvent('load'),
        menu.getByRole('menuitem', { name: 'Sign out' }).click(),
      ]);
      await waitForPath(page, '/login');

      await submitSignIn(page, account);
      await page.getByText('Unable to log in with provided credentials.', { exact: true }).waitFor();
      expect(pathOf(page)).toBe('/login');

      await submitSignIn(page, { username: account.username, password: newPassword });
      await waitForPath(page, '/dashboard');
      expect(await signInButton(page).count()).toBe(0);
    },
  );
});
