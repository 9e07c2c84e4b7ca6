import type { Locator, Page } from 'playwright-core';
import { demo, extra } from '../support/accounts';
import { browserSuite } from '../support/browser';
import { createdUserId } from '../support/state';
import { heading, menuEntries, openUserMenu, recordRequests, signInThroughForm } from '../support/ui';

const browserTest = browserSuite();

const userIdField = (page: Page) => page.getByLabel('User ID', { exact: true });

function memberRow(list: Locator, userId: number): Locator {
  return list.getByRole('listitem').filter({ hasText: new RegExp(`User #${userId}(?!\\d)`) });
}

describe('gold management (platinum)', () => {
  browserTest(
    'adds a silver member as gold: listed "User #<id>" Active, input cleared; they now have gold rights',
    async (kit) => {
      const promoteeId = createdUserId(extra.promotee.username);
      const page = await kit.newPage({ as: demo.platinum });
      await page.goto('/management/gold');
      await heading(page, 'Gold Management').waitFor();
      const list = page.getByRole('list', { name: 'Gold members' });
      await list.waitFor();
      expect(await memberRow(list, promoteeId).count()).toBe(0);

      await userIdField(page).fill(String(promoteeId));
      const answer = page.waitForResponse(
        (r) =>
          /\/api\/api\/shops\/\d+\/memberships\/$/.test(new URL(r.url()).pathname) &&
          r.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Add Gold Account', exact: true }).click();
      expect((await answer).ok()).toBe(true);

      const row = memberRow(list, promoteeId);
      await row.waitFor();
      expect(await row.innerText()).toMatch(/\bActive\b/);
      expect(await row.innerText()).not.toMatch(/Inactive/);
      expect(await userIdField(page).inputValue()).toBe('');

      // Their role is gold now: signed in, their user menu offers Silver Management (and not Gold Management).
      const theirs = await kit.newPage();
      await signInThroughForm(theirs, extra.promotee);
      const menu = await openUserMenu(theirs, extra.promotee.username);
      expect((await menuEntries(menu)).filter((e) => e.endsWith('Management'))).toEqual([
        'Silver Management',
      ]);
      expect(await theirs.getByRole('banner').innerText()).toMatch(/gold/i);
    },
  );
});

describe('silver management', () => {
  browserTest('gold adds a user id as silver: listed "User #<id>" with Active: Yes', async (kit) => {
    const recruitId = createdUserId(extra.recruit.username);
    const page = await kit.newPage({ as: demo.gold });
    await page.goto('/management/silver');
    await heading(page, 'Silver Management').waitFor();
    const list = page.getByRole('list', { name: 'Silver members' });
    await list.waitFor();
    expect(await memberRow(list, recruitId).count()).toBe(0);

    await userIdField(page).fill(String(recruitId));
    await page.getByRole('button', { name: 'Add Silver Account', exact: true }).click();
    const row = memberRow(list, recruitId);
    await row.waitFor();
    expect(await row.innerText()).toMatch(/Active:?\s*Yes/);
    expect(await userIdField(page).inputValue()).toBe('');

    // It is stored: a reload lists the new member too.
    await page.reload();
    await memberRow(page.getByRole('list', { name: 'Silver members' }), recruitId).waitFor();
  });

  browserTest('an empty or non-numeric user id shows an error and sends nothing', async (kit) => {
    const page = await kit.newPage({ as: demo.gold });
    const sent = recordRequests(page, '/memberships/');
    await page.goto('/management/silver');
    await heading(page, 'Silver Management').waitFor();
    await page.getByRole('list', { name: 'Silver members' }).waitFor();
    const button = page.getByRole('button', { name: 'Add Silver Account', exact: true });
    const posts = () => sent.filter((r) => r.method() === 'POST');

    await button.click();
    await page.getByRole('alert').first().waitFor();
    expect(await userIdField(page).getAttribute('aria-invalid')).toBe('true');
    expect(posts()).toHaveLength(0);

    // What a person can type into a number field that is not a number ("e" is accepted as an exponent).
    await userIdField(page).pressSequentially('1e');
    await button.click();
    await page.getByRole('alert').first().waitFor();
    expect(await userIdField(page).getAttribute('aria-invalid')).toBe('true');
    expect((await page.getByRole('alert').allInnerTexts()).join(' ')).toMatch(/number/i);
    expect(posts()).toHaveLength(0);
  });
});
