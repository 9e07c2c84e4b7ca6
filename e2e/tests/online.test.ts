import type { APIRequestContext } from 'playwright-core';
import { demo } from '../support/accounts';
import { apiSend, apiSignIn } from '../support/api';
import { seriousViolations } from '../support/axe';
import { browserSuite } from '../support/browser';
import { listItems } from '../support/inventory';
import { baseUrl } from '../support/state';
import { heading } from '../support/ui';

// Issue 24 in the browser, on remote-online: a member of the public asks about a watch from its storefront page
// (a real form post, with JavaScript switched off as the storefront needs none); the shop's staff see it on the
// dashboard's Enquiries card, open it, and answer: the e2e app has no SMTP server, so the reply is kept in the
// outbox and the page says so. The staff screens fit a phone and a laptop.

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

async function json<T>(path: string): Promise<T> {
  const answer = await api.get(path);
  if (!answer.ok()) throw new Error(`GET ${path} answered ${answer.status()}: ${await answer.text()}`);
  return (await answer.json()) as T;
}

/**
 * The storefront's address part, opened if the demo shop's storefront is closed (the demo opens it), and the
 * path of an item page on it right now: the first demo item the listing service says is online.
 */
async function onlineItem(): Promise<{ slug: string; itemId: number; path: string }> {
  let settings = await json<{ slug: string; enabled: boolean }>('/api/api/storefront/settings/');
  if (!settings.enabled || !settings.slug) {
    const answer = await apiSend(api, 'PUT', '/api/api/storefront/settings/', {
      slug: settings.slug || 'loupe-demo',
      enabled: true,
    });
    if (!answer.ok())
      throw new Error(`PUT storefront settings answered ${answer.status()}: ${await answer.text()}`);
    settings = (await answer.json()) as typeof settings;
  }
  const { results } = await listItems(api, { page_size: '100' });
  for (const item of results) {
    const listing = await json<{ online: boolean; publicUrl: string }>(
      `/api/api/storefront/items/${item.id}/listing/`,
    );
    // The address is PUBLIC_URL's; the suite reaches the app at its own origin.
    if (listing.online)
      return { slug: settings.slug, itemId: item.id, path: new URL(listing.publicUrl).pathname };
  }
  throw new Error('no demo item is on the storefront');
}

browserTest(
  'an enquiry sent from the storefront reaches the dashboard and its page, and the reply waits in the outbox',
  async (kit) => {
    const { path } = await onlineItem();
    const name = `Ada Enquirer ${Date.now()}`;

    // The public: no session, no JavaScript.
    const visitor = await kit.newPage({ javaScriptEnabled: false, viewport: PHONE });
    await visitor.goto(path);
    const form = visitor.getByRole('region', { name: 'Ask about this item' });
    await form.getByLabel('Your name', { exact: true }).fill(name);
    await form.getByLabel('E-mail address', { exact: true }).fill('ada.enquirer@e2e.loupe.example');
    await form
      .getByLabel('Your message', { exact: true })
      .fill('Is the bracelet full length? Saturday viewing?');
    await form.getByLabel(/may use my name, contact details and message to answer this enquiry/).check();
    // The form's time trap refuses a post within 3 seconds of the page: a person reads before sending.
    await visitor.waitForTimeout(3_500);
    await form.getByRole('button', { name: 'Send enquiry' }).click();
    await heading(visitor, 'Thank you for your enquiry').waitFor();

    // Staff: the dashboard's Enquiries card (the Clients tab, where the dashboard opens) names it.
    const staff = await kit.newPage({ as: demo.silver });
    await staff.goto('/dashboard');
    const card = staff.getByRole('region', { name: 'Enquiries' });
    await card.getByRole('link', { name }).click();
    await heading(staff, `Enquiry from ${name}`).waitFor();
    await staff.getByText('Is the bracelet full length? Saturday viewing?').waitFor();

    // The reply: subject ready, body typed; no SMTP server in the e2e app, so it stays in the outbox.
    const reply = staff.getByRole('form', { name: 'Reply' });
    const subject = await reply.getByRole('textbox', { name: 'Subject' }).inputValue();
    expect(subject).toMatch(/^Re: /);
    await reply.getByRole('textbox', { name: /Message/ }).fill('Yes, full length. Saturday at 11 suits us.');
    await reply.getByRole('button', { name: 'Send reply' }).click();
    await reply.getByText(/Kept in the outbox: no mail server is configured/).waitFor();
    await staff
      .getByRole('region', { name: 'Replies sent' })
      .getByText('Yes, full length. Saturday at 11 suits us.')
      .waitFor();
    expect(await seriousViolations(staff, 'the enquiry page with its reply')).toEqual([]);

    // The outbox has it, addressed to the person.
    const outbox = await json<{ results: { subject: string; to: string; status: string }[] }>(
      '/api/api/mail/outbox/?page_size=50',
    );
    expect(outbox.results.find((m) => m.to === 'ada.enquirer@e2e.loupe.example')).toMatchObject({
      subject,
      status: 'outbox_only',
    });

    // On a phone, the enquiry and the list fit without sideways scrolling.
    const phone = await kit.newPage({ as: demo.silver, viewport: PHONE });
    for (const route of ['/online/enquiries?status=all', staff.url().replace(/^https?:\/\/[^/]+/, '')]) {
      await phone.goto(route);
      await phone.getByRole('heading', { level: 1 }).waitFor();
      const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect({ route, overflow }).toEqual({ route, overflow: 0 });
    }
  },
  120_000,
);

browserTest(
  "the online screens fit a phone and a laptop and pass axe; the demo's Chrono24 sale waits on the dashboard",
  async (kit) => {
    const { results } = await json<{ results: { id: number }[] }>(
      '/api/api/enquiries/?status=all&page_size=10',
    );
    const [first] = results;
    if (!first) throw new Error('the demo has no enquiry');
    const routes = [
      { path: '/online/enquiries?status=all', title: 'Enquiries' },
      { path: `/online/enquiries/${first.id}`, title: /^Enquiry from / },
      { path: '/online/channels', title: 'Online Selling' },
      { path: '/online/reports', title: 'Chrono24 sale reports' },
    ];
    for (const viewport of [PHONE, LAPTOP]) {
      const page = await kit.newPage({ as: demo.platinum, viewport });
      for (const route of routes) {
        await page.goto(route.path);
        await page.getByRole('heading', { level: 1, name: route.title }).waitFor();
        await page
          .getByText(/^Loading/)
          .first()
          .waitFor({ state: 'detached' })
          .catch(() => undefined);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect({ route: route.path, width: viewport.width, overflow }).toEqual({
          route: route.path,
          width: viewport.width,
          overflow: 0,
        });
        expect(await seriousViolations(page, `${route.path} at ${viewport.width}`)).toEqual([]);
      }
    }

    // The demo's shop sale of a watch that was in the Chrono24 feed: its report, on the Stats tab.
    const staff = await kit.newPage({ as: demo.silver });
    await staff.goto('/dashboard?tab=stats');
    await staff
      .getByRole('region', { name: 'Report to Chrono24' })
      .getByText(/^Report this sale to Chrono24 by \d{1,2} \w{3} \d{4}/)
      .first()
      .waitFor();
  },
  180_000,
);
