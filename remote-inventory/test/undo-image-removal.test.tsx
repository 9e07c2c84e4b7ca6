import { clearToasts, Toaster, UNDO_MS } from '@loupe/platform';
import { authCheckAs, createFetchMock, renderWithProviders, type FetchMock } from '@loupe/platform/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditItemPage } from '../src/features/items/components/edit-item-page';
import { makeItem } from './support/fake-inventory';
import { SPEC_CATALOGUE } from './support/catalogue';

const IMAGES = [
  { id: 3, name: 'dial.jpg', contentType: 'image/jpeg', size: 1000 },
  { id: 4, name: 'back.jpg', contentType: 'image/jpeg', size: 1000 },
];

function server(extra: Record<string, Parameters<FetchMock['on']>[1]> = {}): FetchMock {
  const mock = createFetchMock({
    'GET /auth-check/': { body: authCheckAs('gold') },
    'GET /csrf/': { cookies: { csrftoken: 'tok' } },
    // The item form's brands (issue 22): the shop's catalogue.
    ...SPEC_CATALOGUE,
    'GET /api/items/7/': { body: makeItem({ id: 7, serial: 'ED-7', images: IMAGES }) },
    'GET /api/items/7/history/': { body: { results: [], count: 0, next: null, previous: null } },
    'DELETE /api/items/7/images/3/': { status: 204 },
    ...extra,
  });
  window.fetch = mock.fetch;
  return mock;
}

// The shell renders the one toaster; here the test does.
const renderEdit = () =>
  renderWithProviders(
    <>
      <EditItemPage />
      <Toaster />
    </>,
    { route: '/inventory/edit/7', path: '/inventory/edit/:id' },
  );
const user = () => userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
const runOut = () =>
  act(() => {
    jest.advanceTimersByTime(UNDO_MS + 100);
  });
const gallery = () => screen.getByRole('region', { name: 'Images' });
const imageNames = () =>
  within(gallery())
    .queryAllByRole('img')
    .map((img) => img.getAttribute('alt'));
const DELETE = '/api/items/7/images/3/';

describe('removing an image is undoable', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    act(() => {
      clearToasts();
      jest.runOnlyPendingTimers();
    });
    jest.useRealTimers();
  });

  it('leaves the gallery at once, and the time running out sends the removal', async () => {
    const mock = server();
    renderEdit();
    await user().click(await screen.findByRole('button', { name: 'Remove image dial.jpg' }));
    expect(imageNames()).toEqual(['back.jpg']);
    expect(await screen.findByText('Image dial.jpg removed.')).toBeInTheDocument();
    expect(mock.callsTo('DELETE', DELETE)).toHaveLength(0);
    runOut();
    await waitFor(() => expect(mock.callsTo('DELETE', DELETE)).toHaveLength(1));
    expect(imageNames()).toEqual(['back.jpg']);
  });

  it('Undo puts the image back in its place and nothing is deleted', async () => {
    const mock = server();
    renderEdit();
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Remove image dial.jpg' }));
    await u.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(imageNames()).toEqual(['dial.jpg', 'back.jpg']);
    runOut();
    expect(mock.callsTo('DELETE', DELETE)).toHaveLength(0);
  });

  it('a removal the service refuses puts the image back and says why', async () => {
    const mock = server({ [`DELETE ${DELETE}`]: { status: 404, body: { detail: 'Not found.' } } });
    renderEdit();
    await user().click(await screen.findByRole('button', { name: 'Remove image dial.jpg' }));
    runOut();
    await waitFor(() => expect(mock.callsTo('DELETE', DELETE)).toHaveLength(1));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not found.');
    expect(imageNames()).toEqual(['dial.jpg', 'back.jpg']);
  });

  it('leaving the page before the toast closes sends the removal, never drops it', async () => {
    const mock = server();
    const view = renderEdit();
    await user().click(await screen.findByRole('button', { name: 'Remove image dial.jpg' }));
    view.unmount();
    await waitFor(() => expect(mock.callsTo('DELETE', DELETE)).toHaveLength(1));
  });
});
