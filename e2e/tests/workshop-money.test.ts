import type { APIRequestContext } from 'playwright-core';
import { demo } from '../support/accounts';
import { apiSend, apiSignIn } from '../support/api';
import { formatViolations, seriousViolations } from '../support/axe';
import { browserSuite } from '../support/browser';
import { baseUrl } from '../support/state';
import { trackApiCalls } from '../support/ui';

// Issue 23 item 5 in the browser: the uncollected pieces page (the demo shop has a job ready for collection)
// fits a phone and a laptop without the page scrolling sideways and passes axe, with its Give notice dialog
// open too; Send reminders answers in a sentence. A stock item serviced for £350 shows its repairs and margins
// on its item page, which fits both screens too.

const browserTest = browserSuite();

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };

let api: APIRequestContext;
beforeAll(async () => {
  api = await apiSignIn(baseUrl(), demo.platinum);
});
afterAll(async () => {
  await api?.dispose();
});

async function send(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<unknown> {
  const answer =
    method === 'GET' ? await api.get(`/api${path}`) : await apiSend(api, method, `/api${path}`, body);
  if (!answer.ok()) throw new Error(`${method} ${path} answered ${answer.status()}: ${await answer.text()}`);
  return answer.json();
}

describe('the workshop’s money', () => {
  browserTest(
    'the page and its notice dialog fit a phone and a laptop and pass axe; Send reminders says what it did',
    async (kit) => {
      const problems: string[] = [];
      for (const viewport of [PHONE, LAPTOP]) {
        const page = await kit.newPage({ as: demo.silver, viewport });
        const calls = trackApiCalls(page);
        await page.goto('/workshop/uncollected');
        await page.getByRole('heading', { level: 1, name: 'Uncollected pieces' }).waitFor();
        await page.getByRole('table', { name: 'Uncollected pieces' }).waitFor();
        await calls.settled();
        const overflow = () =>
          page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        const where = `/workshop/uncollected at ${viewport.width}px`;
        if ((await overflow()) > 0) problems.push(`${where} scrolls sideways by ${await overflow()}px`);
        const violations = await seriousViolations(page, where);
        if (violations.length > 0) problems.push(formatViolations(violations));

        await page
          .getByRole('button', { name: /^Give notice for JOB-/ })
          .first()
          .click();
        const dialog = page.getByRole('dialog', { name: /^Notice of intention to sell JOB-/ });
        await dialog.waitFor();
        await dialog.getByLabel('Sell on or after').waitFor();
        if ((await overflow()) > 0) problems.push(`${where} with the dialog scrolls sideways`);
        const inDialog = await seriousViolations(page, `${where}, notice dialog`);
        if (inDialog.length > 0) problems.push(formatViolations(inDialog));
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'hidden' });

        if (viewport === LAPTOP) {
          await page.getByRole('button', { name: 'Send reminders' }).click();
          await page.getByText(/reminders? (sent|were due)/).waitFor();
        }
      }
      expect(problems).toEqual([]);
    },
    120_000,
  );

  browserTest(
    'a stock item serviced for £350 shows its repairs and margins on its page, on a phone and a laptop',
    async (kit) => {
      const items = (await send('GET', '/api/items/?status=available&page_size=10')) as {
        results: Array<{ id: number; brand: string; model: string }>;
      };
      const item = items.results[0];
      if (!item) throw new Error('the demo data has no available item');
      const job = (await send('POST', '/api/workshop/jobs/', {
        itemId: item.id,
        brand: item.brand || 'Rolex',
        model: item.model || 'Explorer',
        reportedFault: 'Pre-sale service',
        estimateRequired: false,
      })) as { id: number };
      await send('PUT', `/api/workshop/jobs/${job.id}/estimate/`, {
        lines: [{ kind: 'labour', description: 'Full service', amount: '350' }],
      });
      await send('POST', `/api/workshop/jobs/${job.id}/stage/`, { to: 'in_workshop', location: 'in_house' });
      await send('POST', `/api/workshop/jobs/${job.id}/stage/`, { to: 'quality_check' });
      await send('POST', `/api/workshop/jobs/${job.id}/stage/`, { to: 'ready' });
      await send('POST', `/api/workshop/jobs/${job.id}/collect/`, {});

      const problems: string[] = [];
      for (const viewport of [PHONE, LAPTOP]) {
        const page = await kit.newPage({ as: demo.platinum, viewport });
        const calls = trackApiCalls(page);
        await page.goto(`/inventory/item/${item.id}`);
        const card = page.getByRole('region', { name: 'Repairs and margins' });
        await card.waitFor();
        await calls.settled();
        expect(await card.getByLabel('Costs').textContent()).toContain('£350.00');
        const where = `/inventory/item/${item.id} at ${viewport.width}px`;
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        if (overflow > 0) problems.push(`${where} scrolls sideways by ${overflow}px`);
        const violations = await seriousViolations(page, where);
        if (violations.length > 0) problems.push(formatViolations(violations));
      }
      expect(problems).toEqual([]);
    },
    120_000,
  );
});
