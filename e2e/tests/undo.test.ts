import type { APIRequestContext, Page } from 'playwright-core';
import { demo } from '../support/accounts';
import { apiSend, apiSignIn, csrfToken } from '../support/api';
import { browserSuite } from '../support/browser';
import { getJson, type ApiPin } from '../support/finance';
import { createItem, uniqueSerial } from '../support/inventory';
import { baseUrl } from '../support/state';
import { heading, recordRequests } from '../support/ui';

const browserTest = browserSuite();

let gold: APIRequestContext;

beforeAll(async () => {
  gold = await apiSignIn(baseUrl(), demo.gold);
});
afterAll(async () => {
  await gold?.dispose();
});

// A 1 × 1 PNG: the service recognises an image by its content, not its name.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The toaster the shell renders once; remotes' toasts show in it. */
const toasts = (page: Page) => page.getByRole('region', { name: /^Notifications/ });

describe('Undo toasts', () => {
  browserTest('removing an image offers Undo; after Undo the image is still there on reload', async (kit) => {
    const serial = uniqueSerial('UNDO-IMG');
    const item = await createItem(gold, {
      serial,
      stockType: 'Watches',
      brand: 'Omega',
      model: 'Speedmaster',
      transactions: [{ type: 'cash', amount: '2100' }],
    });
    const uploaded = await gold.post(`/api/api/items/${item.id}/images/`, {
      headers: { 'X-CSRFToken': await csrfToken(gold) },
      multipart: { file: { name: 'dial.png', mimeType: 'image/png', buffer: PNG } },
    });
    expect(uploaded.status()).toBe(201);

    const page = await kit.newPage({ as: demo.gold });
    const deletes = recordRequests(
      page,
      `/api/items/${item.id}/images/${((await uploaded.json()) as { id: number }).id}/`,
    );
    await page.goto(`/inventory/edit/${item.id}`);
    await heading(page, 'Edit Inventory Item').waitFor();
    const image = page.getByRole('img', { name: 'dial.png' });
    await image.waitFor();

    await page.getByRole('button', { name: 'Remove image dial.png' }).click();
    // The change shows at once, in a toast raised by the inventory remote in the shell's toaster.
    await image.waitFor({ state: 'detached' });
    await toasts(page).getByText('Image dial.png removed.').waitFor();
    await toasts(page).getByRole('button', { name: 'Undo' }).click();
    await image.waitFor();
    await toasts(page).getByRole('button', { name: 'Undo' }).waitFor({ state: 'detached' });

    await page.reload();
    await heading(page, 'Edit Inventory Item').waitFor();
    await page.getByRole('img', { name: 'dial.png' }).waitFor();
    expect(deletes.filter((r) => r.method() === 'DELETE')).toHaveLength(0);
    const stored = await getJson<{ images: { name: string }[] }>(gold, `/api/api/items/${item.id}/`);
    expect(stored.images.map((img) => img.name)).toEqual(['dial.png']);
  });

  browserTest('Unpin shows at once; when its toast runs out the pin is gone for good', async (kit) => {
    // A report of its own, so a pin left by another test or run is not this one.
    const query = { type: 'sales', range: 'custom', from: '2019-02-01', to: '2019-02-28' };
    const pinned = await apiSend(gold, 'POST', '/api/api/dashboard/pins/', query);
    expect([200, 201]).toContain(pinned.status());
    const pin = (await pinned.json()) as ApiPin;

    const page = await kit.newPage({ as: demo.gold });
    await page.goto('/dashboard?tab=stats');
    const card = page.getByRole('region', { name: 'Pinned Reports' });
    const item = card
      .getByRole('listitem')
      .filter({ has: page.locator(`a[href="/reports?${new URLSearchParams(query).toString()}"]`) });
    await item.waitFor();

    const removed = page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname === `/api/api/dashboard/pins/${pin.id}/` &&
        r.request().method() === 'DELETE',
      { timeout: 20_000 },
    );
    await item.getByRole('button', { name: /^Unpin / }).click();
    await item.waitFor({ state: 'detached' });
    const toast = toasts(page).getByText(/^Unpinned Sales, /);
    await toast.waitFor();
    // Nobody presses Undo: the toast closes by itself and only then is the pin deleted.
    await toast.waitFor({ state: 'detached', timeout: 20_000 });
    expect((await removed).status()).toBe(204);

    await page.reload();
    await card.waitFor();
    await card
      .getByRole('heading', { level: 3 })
      .first()
      .or(card.getByText(/No pinned reports yet/))
      .waitFor();
    expect(await item.count()).toBe(0);
    const after = await getJson<{ results: ApiPin[] }>(gold, '/api/api/dashboard/pins/');
    expect(after.results.some((p) => p.id === pin.id)).toBe(false);
  });
});
