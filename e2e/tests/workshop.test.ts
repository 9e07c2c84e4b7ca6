import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { demo } from '../support/accounts';
import { apiSend, apiSignIn } from '../support/api';
import { formatViolations, seriousViolations } from '../support/axe';
import { browserSuite } from '../support/browser';
import { pdftotext } from '../support/pdftotext';
import { baseUrl } from '../support/state';
import { heading, trackApiCalls } from '../support/ui';

// Issue 23 in the browser, on remote-workshop: a silver member takes in a client's watch with a photo on the
// intake form, reads the intake receipt's job number back from its PDF, moves the job across the board (by
// dragging its card onto the next column, then by keyboard through its "Move to…" menu) and finds every move in
// the job page's history. The screens fit a phone and a laptop, the board scrolling inside its own region.

const browserTest = browserSuite();

// A 1 × 1 PNG: the service recognises an image by its content, not its name.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };

let api: APIRequestContext;
beforeAll(async () => {
  api = await apiSignIn(baseUrl(), demo.platinum);
});
afterAll(async () => {
  await api?.dispose();
});

async function createClient(name: string): Promise<{ id: number; name: string }> {
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@e2e.loupe.example`;
  const answer = await apiSend(api, 'POST', '/api/api/clients/', { name, email });
  if (!answer.ok()) throw new Error(`POST clients answered ${answer.status()}: ${await answer.text()}`);
  return (await answer.json()) as { id: number; name: string };
}

/** A job taken in through the API: a page to look at without typing the intake. */
async function takeIn(clientId: number): Promise<{ id: number; reference: string }> {
  const answer = await apiSend(api, 'POST', '/api/api/workshop/jobs/', {
    clientId,
    brand: 'Omega',
    model: 'Speedmaster',
    reportedFault: 'Chronograph does not reset',
  });
  if (!answer.ok()) throw new Error(`POST jobs answered ${answer.status()}: ${await answer.text()}`);
  return (await answer.json()) as { id: number; reference: string };
}

const field = (scope: Locator | Page, label: string) => scope.getByLabel(label, { exact: true });
const column = (page: Page, stage: string) =>
  page
    .getByRole('region', { name: 'Workshop board' })
    .getByRole('region', { name: new RegExp(`^${stage} \\d`) });

describe('workshop (issue 23)', () => {
  browserTest(
    'a watch taken in with a photo gets a job number on its receipt, moves across the board and keeps its history',
    async (kit) => {
      const run = `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36 ** 2).toString(36)}`;
      const client = await createClient(`Workshop Client ${run}`);
      const serial = `WS-${run}`.toUpperCase();

      const page = await kit.newPage({ as: demo.silver });
      await page.goto('/workshop/new');
      await heading(page, 'New job').waitFor();
      const clientBox = page.getByRole('combobox', { name: 'Client', exact: true });
      await clientBox.fill(client.name);
      await page
        .getByRole('option', { name: new RegExp(client.name) })
        .first()
        .click();
      await field(page, 'Brand').fill('Rolex');
      await field(page, 'Model').fill('Submariner');
      await field(page, 'Serial').fill(serial);
      await field(page, 'Condition').selectOption('Very good');
      await field(page, 'Reported fault').fill('Loses five minutes a day');
      await field(page, 'Accessories handed over').fill('Box and papers');
      // No estimate first: the client asked for the service at the shop's price.
      await page.getByRole('checkbox', { name: 'Estimate required before any work' }).uncheck();
      await field(page, 'Condition photos').setInputFiles({
        name: 'dial.png',
        mimeType: 'image/png',
        buffer: PNG,
      });
      await page.getByRole('button', { name: 'Take in', exact: true }).click();

      await page.waitForURL(/\/workshop\/jobs\/\d+$/);
      const title = page.getByRole('heading', { level: 1, name: /^Job JOB-\d{6}/ });
      await title.waitFor();
      const reference = (/JOB-\d{6}/.exec(await title.innerText()) ?? [])[0] ?? '(none)';
      const jobId = Number((/\/workshop\/jobs\/(\d+)$/.exec(page.url()) ?? [])[1]);
      await page.getByText(`Job ${reference} taken in.`).waitFor();
      await page.getByRole('img', { name: /^dial\.png/ }).waitFor();

      // The intake receipt, fetched with the page's own session, read back as text.
      const href = await page.getByRole('link', { name: /Intake receipt/ }).getAttribute('href');
      const pdf = await page.request.get(href ?? '');
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toContain('application/pdf');
      const text = (await pdftotext(await pdf.body())).replace(/\s+/g, ' ');
      for (const printed of [reference, client.name, serial, 'Loses five minutes a day'])
        expect(text).toContain(printed);

      // The board: the card is in Received; dragged onto Assessing (the next column) it moves there.
      await page.goto('/workshop');
      await heading(page, 'Workshop').waitFor();
      const card = column(page, 'Received').getByRole('article', { name: reference });
      await card.waitFor();
      await card.dragTo(column(page, 'Assessing'));
      await page.getByText(`${reference} moved to Assessing.`).waitFor();
      const assessing = column(page, 'Assessing').getByRole('article', { name: reference });
      await assessing.waitFor();

      // By keyboard: the card's menu, the arrow keys and Enter; into the workshop the dialog asks where.
      await assessing.getByRole('button', { name: `Move to… ${reference}` }).focus();
      await page.keyboard.press('Enter');
      expect(await page.getByRole('menuitem').allInnerTexts()).toEqual([
        'In the workshop',
        'Returned unrepaired',
      ]);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: `Move ${reference} to In the workshop` });
      await dialog.waitFor();
      await field(dialog, 'Where is the work done?').selectOption('In house');
      await dialog.getByRole('button', { name: 'Move', exact: true }).click();
      await page.getByText(`${reference} moved to In the workshop.`).waitFor();
      const moved = column(page, 'In the workshop').getByRole('article', { name: reference });
      await moved.getByText('In house').waitFor();

      await moved.getByRole('button', { name: `Move to… ${reference}` }).focus();
      await page.keyboard.press('Enter');
      expect(await page.getByRole('menuitem').allInnerTexts()).toEqual(['Change location…', 'Quality check']);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.getByText(`${reference} moved to Quality check.`).waitFor();
      await column(page, 'Quality check').getByRole('article', { name: reference }).waitFor();

      // The job page: every move with who made it.
      await page.goto(`/workshop/jobs/${jobId}`);
      const history = page.getByRole('table', { name: 'Stage history' });
      await history.getByRole('rowheader', { name: 'Received → Assessing' }).waitFor();
      await history.getByRole('rowheader', { name: 'Assessing → In the workshop' }).waitFor();
      const last = history
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: 'In the workshop → Quality check' }) });
      await last.waitFor();
      expect(await last.innerText()).toContain(demo.silver.username);
      expect(kit.pageErrors).toEqual([]);
    },
    120_000,
  );

  browserTest(
    'the workshop screens fit a phone and a laptop without the page scrolling sideways, and pass axe',
    async (kit) => {
      const client = await createClient(`Workshop Layout ${Date.now().toString(36)}`);
      const job = await takeIn(client.id);
      const paths: [string, RegExp][] = [
        ['/workshop', /^Workshop$/],
        ['/workshop/list', /^Workshop jobs$/],
        ['/workshop/new', /^New job$/],
        [`/workshop/jobs/${job.id}`, /^Job JOB-/],
      ];
      const problems: string[] = [];
      for (const viewport of [PHONE, LAPTOP]) {
        const page = await kit.newPage({ as: demo.silver, viewport });
        const calls = trackApiCalls(page);
        for (const [path, title] of paths) {
          await page.goto(path);
          await page.getByRole('heading', { level: 1, name: title }).waitFor();
          await calls.settled();
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          if (overflow > 0) problems.push(`${path} at ${viewport.width}px scrolls sideways by ${overflow}px`);
          const violations = await seriousViolations(page, path);
          if (violations.length > 0) problems.push(formatViolations(violations));
        }
        // The board is wider than either screen: it scrolls inside its own region, reachable by keyboard.
        await page.goto('/workshop');
        const board = page.getByRole('region', { name: 'Workshop board' });
        await board.waitFor();
        const sizes = await board.evaluate((node) => ({
          scroll: node.scrollWidth,
          client: node.clientWidth,
        }));
        expect(sizes.scroll).toBeGreaterThan(sizes.client);
        expect(await board.getAttribute('tabindex')).toBe('0');
      }
      expect(problems).toEqual([]);
    },
    120_000,
  );
});
