import type { Item, ItemUpdate } from '@loupe/contracts';
import { formatMoment } from '@loupe/platform';
import { authCheckAs, createFetchMock, renderWithProviders, type FetchMock } from '@loupe/platform/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditItemPage } from '../src/features/items/components/edit-item-page';
import { makeItem } from './support/fake-inventory';
import { installFakeXhr } from '@loupe/platform/testing';
import { SPEC_CATALOGUE } from './support/catalogue';

// No lost updates (issue 12 item 6): the item page sends the version it loaded and shows a stale save.
const CHANGED_AT = '2026-03-01T14:05:00.000Z';

let alertSpy: jest.SpyInstance;
let restoreXhr: (() => void) | undefined;
beforeEach(() => {
  alertSpy = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});
afterEach(() => {
  alertSpy.mockRestore();
  restoreXhr?.();
  restoreXhr = undefined;
});

/** The item service as far as the page needs it: a stored item whose PUT checks the version. */
function service(start: Item) {
  let stored = { ...start };
  let last: { by: string; at: string } | null = null;
  const mock: FetchMock = createFetchMock({
    'GET /auth-check/': { body: authCheckAs('silver') },
    'GET /csrf/': { cookies: { csrftoken: 'tok' } },
    // The item form's brands (issue 22): the shop's catalogue.
    ...SPEC_CATALOGUE,
    'GET /api/items/7/': () => ({ body: stored }),
    'GET /api/items/7/history/': { body: { results: [], count: 0 } },
    'PUT /api/items/7/': (call) => {
      const { version, ...fields } = call.body as ItemUpdate;
      if (version !== stored.version) {
        return {
          status: 409,
          body: {
            detail: 'This item was changed by someone else after you opened it.',
            changedBy: last?.by ?? null,
            changedAt: last?.at ?? stored.updatedAt,
            current: stored,
          },
        };
      }
      // The form sends numbers as typed; the fake keeps them as the service would answer them.
      stored = { ...stored, ...(fields as Partial<Item>), version: stored.version + 1 };
      return { body: stored };
    },
  });
  window.fetch = mock.fetch;
  return {
    mock,
    get item() {
      return stored;
    },
    /** Someone else changes the item meanwhile (an edit, a sale): its version moves on under the page. */
    changeBehind(fields: Partial<Item>, by: string) {
      stored = { ...stored, ...fields, updatedAt: CHANGED_AT, version: stored.version + 1 };
      last = { by, at: CHANGED_AT };
    },
  };
}

const ITEM = makeItem({
  id: 7,
  serial: 'ED-7',
  brand: 'Omega',
  model: 'Seamaster',
  description: 'Blue dial',
});
const location = () => screen.getByTestId('location').textContent ?? '';
const field = (label: string) => screen.getByLabelText(label);
const renderEdit = () =>
  renderWithProviders(<EditItemPage />, { route: '/inventory/edit/7', path: '/inventory/edit/:id' });
const message = `Changed by gold at ${formatMoment(CHANGED_AT)} \u2014 reload to see their changes`;
const puts = (mock: FetchMock) => mock.callsTo('PUT', '/api/items/7/').map((call) => call.body);

async function typeOver(label: string, text: string) {
  await userEvent.clear(field(label));
  await userEvent.type(field(label), text);
}

describe('Edit Inventory Item on an item someone else changed', () => {
  it('keeps what was typed and says who changed it and when, as an alert with Reload', async () => {
    const fake = service(ITEM);
    renderEdit();
    await screen.findByLabelText('Serial Number');
    fake.changeBehind({ description: 'Sold to a walk-in', status: 'sold' }, 'gold');
    await typeOver('Serial Number', 'ED-7B');
    await typeOver('Description', 'Silver typed this');
    await userEvent.click(screen.getByRole('button', { name: 'Update Item' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(alert).toHaveTextContent(/1 Mar 2026/);
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(field('Serial Number')).toHaveValue('ED-7B');
    expect(field('Description')).toHaveValue('Silver typed this');
    // The page still shows the status it was opened with: nothing is replaced until Reload.
    expect(field('Status')).toHaveValue('Available');
    expect(puts(fake.mock)).toEqual([expect.objectContaining({ serial: 'ED-7B', version: 1 })]);
    expect(fake.item).toMatchObject({ serial: 'ED-7', description: 'Sold to a walk-in', version: 2 });
    expect(alertSpy).not.toHaveBeenCalled();
    expect(location()).toBe('/inventory/edit/7');
  });

  it('Reload loads the item as it is now (the typed values go only then), and the next save is based on it', async () => {
    const fake = service(ITEM);
    renderEdit();
    await screen.findByLabelText('Serial Number');
    fake.changeBehind({ description: 'Gold wrote this', status: 'unavailable' }, 'gold');
    await typeOver('Description', 'Silver typed this');
    await userEvent.click(screen.getByRole('button', { name: 'Update Item' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Reload' }));

    await waitFor(() => expect(field('Description')).toHaveValue('Gold wrote this'));
    expect(field('Status')).toHaveValue('Unavailable');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await typeOver('Serial Number', 'ED-7C');
    await userEvent.click(screen.getByRole('button', { name: 'Update Item' }));
    await waitFor(() => expect(alertSpy).toHaveBeenCalledWith('Inventory item 7 updated successfully!'));
    expect(puts(fake.mock)[1]).toMatchObject({ serial: 'ED-7C', description: 'Gold wrote this', version: 2 });
    expect(fake.item).toMatchObject({ serial: 'ED-7C', description: 'Gold wrote this', version: 3 });
  });

  it('a second save from the same page (the image upload failed after the save) takes the answered version', async () => {
    const fake = service(ITEM);
    let refuse = true;
    const xhr = installFakeXhr(() =>
      refuse ? { status: 400, body: { file: ['Upload a valid image.'] } } : { status: 201, body: { id: 4 } },
    );
    restoreXhr = xhr.restore;
    renderEdit();
    await screen.findByLabelText('Serial Number');
    await typeOver('Description', 'First save');
    await userEvent.upload(field('Add Image'), new File(['x'], 'back.webp', { type: 'image/webp' }));
    await userEvent.click(screen.getByRole('button', { name: 'Update Item' }));
    expect(
      await screen.findByText(
        'The changes were saved, but the image was not uploaded. Choose it again or remove it.',
      ),
    ).toBeInTheDocument();

    refuse = false;
    await userEvent.upload(field('Add Image'), new File(['y'], 'front.webp', { type: 'image/webp' }));
    await userEvent.click(screen.getByRole('button', { name: 'Update Item' }));
    await waitFor(() => expect(alertSpy).toHaveBeenCalledWith('Inventory item 7 updated successfully!'));
    expect(puts(fake.mock)).toEqual([
      expect.objectContaining({ description: 'First save', version: 1 }),
      expect.objectContaining({ description: 'First save', version: 2 }),
    ]);
    expect(screen.queryByText(/reload to see their changes/)).not.toBeInTheDocument();
  });
});
