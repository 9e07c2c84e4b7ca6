import { QueryClientProvider, type QueryClient, type QueryKey } from '@loupe/platform';
import { createTestQueryClient, renderWithProviders } from '@loupe/platform/testing';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { TotalWatchesWidget } from '../src/features/dashboard/components/inventory-widgets';
import { useCheckOutItem } from '../src/features/items/api/check-out-item';
import { useCreateItem } from '../src/features/items/api/create-item';
import { useDeleteItemImage } from '../src/features/items/api/delete-item-image';
import { usePromoteItem } from '../src/features/items/api/promote-item';
import { useReturnItem } from '../src/features/items/api/return-item';
import { useSellItem } from '../src/features/items/api/sell-item';
import { useUpdateItem } from '../src/features/items/api/update-item';
import { useUploadItemImage } from '../src/features/items/api/upload-item-image';
import { ItemListPage } from '../src/features/items/components/item-list-page';
import { LIST_SCREENS } from '../src/features/items/components/list-screens';
import { fakeInventory, listQueries, makeClient, makeItem } from './support/fake-inventory';
import { installFakeXhr } from '@loupe/platform/testing';

const ANN = makeClient(4, 'Ann Smith');

/** One query under each resource root the shared cache holds, as other remotes' screens would leave them. */
const ROOTS = [
  'items',
  'clients',
  'dashboard',
  'reports',
  'expenses',
  'quick-sales',
  'memberships',
  'profile',
  'marketplace',
  'wants',
];
const seeded = (root: string): QueryKey => [root, 'seeded'];

function seed(queryClient: QueryClient) {
  for (const root of ROOTS) queryClient.setQueryData(seeded(root), { root });
}

/** The roots whose queries a change marked stale. */
const invalidated = (queryClient: QueryClient) =>
  ROOTS.filter((root) => queryClient.getQueryState(seeded(root))?.isInvalidated);

const rowHeaders = () => screen.queryAllByRole('rowheader').map((cell) => cell.textContent);

describe('the stock list and the dashboard share one cache', () => {
  it('a Sell refreshes the dashboard’s count and the list, with no reload by the page', async () => {
    const sold = makeItem({ serial: 'W-1' });
    const { mock } = fakeInventory([sold, makeItem({ serial: 'W-2' }), makeItem({ serial: 'W-3' })], [ANN]);
    renderWithProviders(
      <>
        <ItemListPage screen={LIST_SCREENS.watches} />
        <TotalWatchesWidget />
      </>,
      { route: '/stock/watches' },
    );
    const card = await screen.findByRole('region', { name: 'Total Watches' });
    expect(await within(card).findByText('3')).toBeInTheDocument();
    await screen.findByRole('rowheader', { name: 'W-1' });

    await userEvent.click(
      within(screen.getByRole('rowheader', { name: 'W-1' }).closest('tr')!).getByRole('button', {
        name: 'Sell',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Sell W-1' });
    // Filled in with the asking price (issue 21): typed over.
    await userEvent.clear(within(dialog).getByLabelText('Sale Price (GBP)'));
    await userEvent.type(within(dialog).getByLabelText('Sale Price (GBP)'), '9000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Sale' }));

    expect(await within(card).findByText('2')).toBeInTheDocument();
    await waitFor(() => expect(rowHeaders()).toEqual(['W-2', 'W-3']));
    expect(mock.callsTo('GET', '/api/items/summary/')).toHaveLength(2);
  });

  it('revisiting a list shows its rows at once, while it asks the service again', async () => {
    const { mock } = fakeInventory([makeItem({ serial: 'A-1' }), makeItem({ serial: 'A-2' })]);
    const first = renderWithProviders(<ItemListPage screen={LIST_SCREENS.all} />, {
      route: '/inventory/all',
    });
    await screen.findByRole('rowheader', { name: 'A-1 (Watches)' });
    first.unmount();

    // A colleague's change made the rows stale, and the service is slow to answer this time.
    await first.queryClient.invalidateQueries({ queryKey: ['items'] });
    mock.on('GET /api/items/', () => new Promise(() => undefined));
    const asked = listQueries(mock).length;
    renderWithProviders(<ItemListPage screen={LIST_SCREENS.all} />, {
      route: '/inventory/all',
      queryClient: first.queryClient,
    });

    expect(rowHeaders()).toEqual(['A-1 (Watches)', 'A-2 (Watches)']);
    expect(screen.queryByRole('status', { name: 'Loading items...' })).not.toBeInTheDocument();
    await waitFor(() => expect(listQueries(mock)).toHaveLength(asked + 1));
    expect(rowHeaders()).toEqual(['A-1 (Watches)', 'A-2 (Watches)']);
  });

  it('a client search asked before answers from the cache', async () => {
    const { mock } = fakeInventory([makeItem({ serial: 'C-1' })], [ANN]);
    renderWithProviders(<ItemListPage screen={LIST_SCREENS.all} />, { route: '/inventory/all' });
    await userEvent.click(await screen.findByRole('button', { name: 'More actions for C-1' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Checkout' }));
    const box = within(screen.getByRole('dialog')).getByRole('combobox', { name: 'Client' });
    await userEvent.type(box, 'ann');
    await screen.findByRole('option', { name: /Ann Smith/ });
    await userEvent.clear(box);
    await userEvent.type(box, 'ann');
    await screen.findByRole('option', { name: /Ann Smith/ });
    const searches = mock
      .callsTo('GET', '/api/clients/')
      .map((call) => new URL(call.url, 'http://x').searchParams.get('search'));
    expect(searches.filter((term) => term === 'ann')).toHaveLength(1);
  });
});

describe('each change invalidates what it affects, by resource root', () => {
  const item = () =>
    makeItem({
      id: 7,
      serial: 'M-7',
      status: 'checked_out',
      images: [{ id: 3, name: 'front.jpg', contentType: 'image/jpeg', size: 10 }],
      checkout: {
        id: 1,
        agreedPrice: null,
        clientId: 4,
        clientName: 'Ann Smith',
        dueDate: null,
        note: '',
        checkedOutAt: '',
      },
    });

  function setUp() {
    const { mock } = fakeInventory([item(), makeItem({ id: 8 })], [ANN]);
    mock.on('POST /api/items/', { status: 201, body: item() });
    mock.on('PUT /api/items/7/', { body: item() });
    mock.on('DELETE /api/items/7/images/3/', { status: 204 });
    const queryClient = createTestQueryClient();
    seed(queryClient);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    return { mock, queryClient, wrapper };
  }

  // Issue 24: an item's availability moves it on and off the feeds, makes or closes a Chrono24 sale report, and
  // opens or lapses its wanted-list matches.
  const stockMoved = ['items', 'clients', 'dashboard', 'reports', 'marketplace', 'wants'];
  const cases: [
    string,
    (wrapper: { wrapper: (p: { children: ReactNode }) => ReactNode }) => () => Promise<unknown>,
    string[],
  ][] = [
    [
      'Sell',
      (o) => {
        const { result } = renderHook(useSellItem, o);
        return () =>
          result.current.mutateAsync({
            id: 8,
            input: {
              price: '10',
              currency: 'GBP',
              exchangeRate: '1',
              paymentMethod: 'Cash',
              clientId: null,
              date: '2026-01-10',
              notes: '',
            },
          });
      },
      stockMoved,
    ],
    [
      'Check Out',
      (o) => {
        const { result } = renderHook(useCheckOutItem, o);
        return () => result.current.mutateAsync({ id: 8, input: { clientId: 4, dueDate: null, note: '' } });
      },
      stockMoved,
    ],
    [
      'Return',
      (o) => {
        const { result } = renderHook(useReturnItem, o);
        return () => result.current.mutateAsync(7);
      },
      stockMoved,
    ],
    // Its credit and debt lines post to the clients' ledgers; its purchase counts in the reports.
    [
      'Add Item',
      (o) => {
        const { result } = renderHook(useCreateItem, o);
        return () =>
          result.current.mutateAsync({
            serial: 'N-1',
            stockType: 'Watches',
            status: 'available',
            transactions: [],
          });
      },
      stockMoved,
    ],
    [
      'Edit Item',
      (o) => {
        const { result } = renderHook(useUpdateItem, o);
        return () =>
          result.current.mutateAsync({ id: 7, input: { serial: 'M-7', stockType: 'Watches', version: 1 } });
      },
      ['items', 'dashboard', 'reports'],
    ],
    [
      'Promote',
      (o) => {
        const { result } = renderHook(usePromoteItem, o);
        return () => result.current.mutateAsync({ id: 8, input: { promoted: false } });
      },
      ['items', 'dashboard'],
    ],
    [
      'Remove Image',
      (o) => {
        const { result } = renderHook(useDeleteItemImage, o);
        return () => result.current.mutateAsync({ itemId: 7, imageId: 3 });
      },
      ['items', 'dashboard'],
    ],
    [
      'Add Image',
      (o) => {
        const { result } = renderHook(useUploadItemImage, o);
        return () =>
          result.current.mutateAsync({
            itemId: 7,
            file: new File(['x'], 'x.png', { type: 'image/png' }),
            onProgress: () => undefined,
          });
      },
      ['items', 'dashboard'],
    ],
  ];

  it.each(cases)('%s', async (_name, hook, expected) => {
    const xhr = installFakeXhr(() => ({
      status: 201,
      body: { id: 4, name: 'x.png', contentType: 'image/png', size: 1 },
    }));
    try {
      const { queryClient, wrapper } = setUp();
      const send = hook({ wrapper });
      await act(() => send());
      expect(invalidated(queryClient)).toEqual(expected);
    } finally {
      xhr.restore();
    }
  });

  it('a refused change invalidates nothing, except that a 409 says the stock on screen is stale', async () => {
    const { mock, queryClient, wrapper } = setUp();
    mock.on('POST /api/items/8/sell/', { status: 400, body: { price: ['A valid number is required.'] } });
    const { result } = renderHook(useSellItem, { wrapper });
    const sell = () =>
      result.current.mutateAsync({
        id: 8,
        input: {
          price: 'x',
          currency: 'GBP',
          exchangeRate: '1',
          paymentMethod: 'Cash',
          clientId: null,
          date: '2026-01-10',
          notes: '',
        },
      });
    await act(() => expect(sell()).rejects.toThrow());
    expect(invalidated(queryClient)).toEqual([]);

    mock.on('POST /api/items/8/sell/', { status: 409, body: { detail: 'This item is already sold.' } });
    await act(() => expect(sell()).rejects.toThrow());
    expect(invalidated(queryClient)).toEqual(['items']);
  });
});
