import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { demo } from '../support/accounts';
import { apiSend, apiSignIn } from '../support/api';
import { formatViolations, seriousViolations } from '../support/axe';
import { browserSuite } from '../support/browser';
import { pdftotext } from '../support/pdftotext';
import { baseUrl } from '../support/state';
import { heading, trackApiCalls } from '../support/ui';

// Issue 23 in the browser, on remote-workshop: a silver member takes in a client's watch with a photo on the
// intake form and reads the intake receipt back from its PDF; types the estimate on the job page; moves the job
// across the board (dragging its card onto the next column, then by keyboard through its "Move to…" menu) to
// Estimate sent; the client answers the e-mail's link in a browser of their own with no session; the job goes
// through the workshop to Ready, and is collected and invoiced with the balance paid, the invoice's PDF read back.
// The approval link works once and a tampered one is refused. The screens fit a phone and a laptop.

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

/** A call the test makes as the shop's owner, failing loudly when the service refuses it. */
async function send(method: 'POST' | 'PUT', path: string, body: unknown): Promise<void> {
  const answer = await apiSend(api, method, path, body);
  if (!answer.ok()) throw new Error(`${method} ${path} answered ${answer.status()}: ${await answer.text()}`);
}

/**
 * The approval link of the job's estimate e-mail, read from the shop's outbox (the e2e app has no SMTP server:
 * every message is kept there). The e-mail is written after the move commits, so it is waited for. The link's
 * path is answered: the app's PUBLIC_URL need not be the address the suite reaches it at.
 */
async function approvalLink(reference: string): Promise<{ path: string; text: string }> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const list = await api.get('/api/api/mail/outbox/?page_size=50');
    expect(list.status()).toBe(200);
    const { results } = (await list.json()) as { results: { id: number; subject: string }[] };
    const found = results.find((message) => message.subject === `Your estimate for job ${reference}`);
    if (found) {
      const message = await api.get(`/api/api/mail/outbox/${found.id}/`);
      const { text } = (await message.json()) as { text: string };
      const url = /https?:\/\/\S+\/public\/workshop\/approve\/\S+/.exec(text)?.[0];
      if (!url) throw new Error(`no approval link in the estimate e-mail:\n${text}`);
      return { path: new URL(url).pathname, text };
    }
    if (Date.now() > deadline) throw new Error(`no estimate e-mail for ${reference} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('workshop (issue 23)', () => {
  browserTest(
    'a repair from intake to collection: photo, receipt, board, the client’s approval page, ready, collected and invoiced',
    async (kit) => {
      const run = `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36 ** 2).toString(36)}`;
      const client = await createClient(`Workshop Client ${run}`);
      const serial = `WS-${run}`.toUpperCase();

      // Intake: the client's watch, an estimate required before any work (the default), a condition photo.
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
      expect(
        await page.getByRole('checkbox', { name: 'Estimate required before any work' }).isChecked(),
      ).toBe(true);
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

      // The intake receipt, fetched with the page's own session, read back as text: the job, the client, the terms.
      const href = await page.getByRole('link', { name: /Intake receipt/ }).getAttribute('href');
      const pdf = await page.request.get(href ?? '');
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toContain('application/pdf');
      const text = (await pdftotext(await pdf.body())).replace(/\s+/g, ' ');
      for (const printed of [
        reference,
        client.name,
        serial,
        'Loses five minutes a day',
        'Terms',
        'I confirm the details above and accept these terms.',
      ])
        expect(text).toContain(printed);

      // The estimate, typed on the job page: its first line (there from the start) labour, a parts line added.
      const estimate = page.getByRole('form', { name: 'Estimate' });
      const first = estimate.getByRole('listitem', { name: 'Line 1' });
      await field(first, 'Kind').selectOption('Labour');
      await field(first, 'Description').fill('Service and regulation');
      await field(first, 'Price (£, VAT incl.)').fill('450');
      await estimate.getByRole('button', { name: 'Add line', exact: true }).click();
      const second = estimate.getByRole('listitem', { name: 'Line 2' });
      await field(second, 'Kind').selectOption('Parts');
      await field(second, 'Description').fill('Mainspring');
      await field(second, 'Price (£, VAT incl.)').fill('60');
      await estimate.getByRole('button', { name: 'Save estimate', exact: true }).click();
      await estimate.getByText('Estimate saved.').waitFor();
      // Saved, the estimate is a paper of the job and what the work comes to.
      await page
        .getByRole('region', { name: 'Papers' })
        .getByRole('link', { name: /^Estimate/ })
        .waitFor();
      await page.getByRole('region', { name: 'Money' }).getByText('£510.00').first().waitFor();

      // The board: the card dragged from Received onto Assessing.
      await page.goto('/workshop');
      await heading(page, 'Workshop').waitFor();
      const card = column(page, 'Received').getByRole('article', { name: reference });
      await card.waitFor();
      await card.dragTo(column(page, 'Assessing'));
      await page.getByText(`${reference} moved to Assessing.`).waitFor();
      const assessing = column(page, 'Assessing').getByRole('article', { name: reference });
      await assessing.waitFor();

      // By keyboard: the card's "Move to…" menu, the arrow keys and Enter, on to Estimate sent (the e-mail goes).
      await assessing.getByRole('button', { name: `Move to… ${reference}` }).focus();
      await page.keyboard.press('Enter');
      const choices = await page.getByRole('menuitem').allInnerTexts();
      expect(choices).toContain('Estimate sent');
      // An estimate is required: the piece cannot go into the workshop before the client approves it.
      expect(choices).not.toContain('In the workshop');
      for (let i = 0; i < choices.indexOf('Estimate sent'); i += 1) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.getByText(`${reference} moved to Estimate sent.`).waitFor();
      await column(page, 'Estimate sent').getByRole('article', { name: reference }).waitFor();

      // The estimate e-mail in the outbox (no SMTP here) carries the approval link.
      const link = await approvalLink(reference);
      expect(link.text).toContain('£510.00');

      // The client opens it in a browser of their own: no session, no cookie of the shop's.
      const clientPage = await kit.newPage();
      expect(await clientPage.context().cookies()).toEqual([]);
      await clientPage.goto(link.path);
      await clientPage
        .getByRole('heading', { level: 1, name: 'Your estimate for Rolex Submariner' })
        .waitFor();
      const lines = clientPage.getByRole('table', { name: 'Estimate' });
      await lines.getByRole('cell', { name: 'Service and regulation' }).waitFor();
      expect(await lines.getByRole('row', { name: /^Total/ }).innerText()).toContain('£510.00');
      await clientPage.getByRole('button', { name: 'Approve the estimate', exact: true }).click();
      await clientPage.getByRole('heading', { level: 1, name: 'Estimate approved' }).waitFor();
      await clientPage.getByText(`you approved the estimate for job ${reference} (£510.00)`).waitFor();

      // The job page now says Approved, and the history names the client's answer.
      await page.goto(`/workshop/jobs/${jobId}`);
      await page.getByRole('heading', { level: 2, name: 'Approved', exact: true }).waitFor();
      const history = page.getByRole('table', { name: 'Stage history' });
      await history.getByRole('rowheader', { name: 'Received → Assessing' }).waitFor();
      await history.getByRole('rowheader', { name: 'Assessing → Estimate sent' }).waitFor();
      await history.getByRole('rowheader', { name: 'Estimate sent → Approved' }).waitFor();

      // In the workshop (in house), the quality check, ready: each move from the job page through its dialog.
      const moves = page.getByRole('group', { name: 'Move the job' });
      await moves.getByRole('button', { name: 'Move to In the workshop', exact: true }).click();
      const into = page.getByRole('dialog', { name: `Move ${reference} to In the workshop` });
      await field(into, 'Where is the work done?').selectOption('In house');
      await into.getByRole('button', { name: 'Move', exact: true }).click();
      await page.getByRole('heading', { level: 2, name: 'In the workshop', exact: true }).waitFor();
      for (const to of ['Quality check', 'Ready for collection']) {
        await moves.getByRole('button', { name: `Move to ${to}`, exact: true }).click();
        const dialog = page.getByRole('dialog', { name: `Move ${reference} to ${to}` });
        await dialog.getByRole('button', { name: 'Move', exact: true }).click();
        await dialog.waitFor({ state: 'detached' });
        await page.getByRole('heading', { level: 2, name: to, exact: true }).waitFor();
      }

      // Collect and invoice: the balance, prefilled, paid in full; the job is collected and its invoice issued.
      const collect = page.getByRole('form', { name: 'Collect' });
      expect(await field(collect, 'Amount (£)').inputValue()).toBe('510.00');
      await collect.getByRole('button', { name: 'Collect and invoice', exact: true }).click();
      const done = page.getByText(new RegExp(`^${reference} collected: invoice (\\S+) issued\\.$`));
      await done.waitFor();
      const invoice = (/invoice (\S+) issued/.exec(await done.innerText()) ?? [])[1] ?? '(none)';
      await page.getByRole('heading', { level: 2, name: 'Collected', exact: true }).waitFor();
      await page.getByText('This job is closed.').waitFor();

      // The invoice's PDF, from the deal the job was paid through, read back.
      await page.getByRole('region', { name: 'Money' }).getByRole('link').first().click();
      const download = page.getByRole('link', { name: `Download invoice ${invoice}`, exact: true });
      await download.waitFor();
      const invoiceHref = await download.getAttribute('href');
      const invoicePdf = await page.request.get(new URL(invoiceHref ?? '', page.url()).toString());
      expect(invoicePdf.status()).toBe(200);
      expect(invoicePdf.headers()['content-type']).toContain('application/pdf');
      const invoiceText = (await pdftotext(await invoicePdf.body())).replace(/\s+/g, ' ');
      for (const printed of [invoice, client.name, 'Service and regulation', 'Mainspring', '£510.00'])
        expect(invoiceText).toContain(printed);
      expect(kit.pageErrors).toEqual([]);
    },
    240_000,
  );

  browserTest(
    'an approval link works once; used again, or tampered with, it is refused without a session',
    async (kit) => {
      const client = await createClient(`Workshop Approval ${Date.now().toString(36)}`);
      const job = await takeIn(client.id);
      await send('PUT', `/api/api/workshop/jobs/${job.id}/estimate/`, {
        lines: [{ kind: 'labour', description: 'Reset the chronograph', amount: '180' }],
      });
      await send('POST', `/api/api/workshop/jobs/${job.id}/stage/`, { to: 'assessing' });
      await send('POST', `/api/api/workshop/jobs/${job.id}/stage/`, { to: 'estimate_sent' });
      const link = await approvalLink(job.reference);

      const page = await kit.newPage();
      expect(await page.context().cookies()).toEqual([]);
      await page.goto(link.path);
      await page.getByRole('button', { name: 'Decline the estimate', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Estimate declined' }).waitFor();

      // The same link again: refused, the page says why, and the job stays declined.
      const again = await page.goto(link.path);
      expect(again?.status()).toBe(410);
      await page.getByRole('heading', { level: 1, name: 'Already answered' }).waitFor();
      await page
        .getByText('This estimate has already been answered through this link.', { exact: false })
        .waitFor();
      expect(await page.getByRole('button').count()).toBe(0);

      // A token with one character changed: not valid, the same words for every link the shop did not issue.
      const token = link.path.slice(link.path.lastIndexOf('/') + 1);
      const i = Math.floor(token.length / 2);
      const tampered = `${token.slice(0, i)}${token[i] === 'A' ? 'B' : 'A'}${token.slice(i + 1)}`;
      const refused = await page.goto(`${link.path.slice(0, link.path.lastIndexOf('/') + 1)}${tampered}`);
      expect(refused?.status()).toBe(404);
      await page.getByRole('heading', { level: 1, name: 'This link does not work' }).waitFor();
      expect(await page.getByRole('button').count()).toBe(0);

      const stage = await api.get(`/api/api/workshop/jobs/${job.id}/`);
      expect(((await stage.json()) as { stage: string }).stage).toBe('declined');
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
        // The board's columns wrap to the screen's width: every stage is in view without scrolling sideways,
        // on a phone one column under another.
        await page.goto('/workshop');
        const board = page.getByRole('region', { name: 'Workshop board' });
        await board.waitFor();
        const sizes = await board.evaluate((node) => ({
          scroll: node.scrollWidth,
          client: node.clientWidth,
          columns: Array.from(node.querySelectorAll(':scope > section')).map((column) => {
            const box = column.getBoundingClientRect();
            return { left: Math.round(box.left), right: Math.round(box.right) };
          }),
        }));
        expect(sizes.scroll).toBeLessThanOrEqual(sizes.client);
        const edge = await board.evaluate((node) => Math.round(node.getBoundingClientRect().right));
        expect(sizes.columns.filter((column) => column.right > edge + 1)).toEqual([]);
        if (viewport === PHONE) expect(new Set(sizes.columns.map((column) => column.left)).size).toBe(1);
      }
      expect(problems).toEqual([]);
    },
    120_000,
  );
});
