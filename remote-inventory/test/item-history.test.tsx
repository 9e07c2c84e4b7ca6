import type { AuditEvent } from '@loupe/contracts';
import { renderWithProviders } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditItemPage } from '../src/features/items/components/edit-item-page';
import { fakeInventory, makeItem } from './support/fake-inventory';

const PROMOTED: AuditEvent = {
  id: 12,
  at: '2026-11-23T09:30:00Z',
  actor: 'gold',
  actorId: 2,
  entity: 'item',
  entityId: 7,
  recordName: 'Omega Seamaster · SN ED-7',
  action: 'update',
  summary: 'Changed the retail price',
  changes: [{ field: 'Retail price', before: '£6,100.00', after: '£5,900.00' }],
};

let alertSpy: jest.SpyInstance;
beforeEach(() => {
  alertSpy = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
});
afterEach(() => alertSpy.mockRestore());

const renderEdit = () =>
  renderWithProviders(<EditItemPage />, { route: '/inventory/edit/7', path: '/inventory/edit/:id' });

describe('the History panel on /inventory/edit/:id', () => {
  it('shows the item’s trail, asked of the item’s own history endpoint', async () => {
    const { mock } = fakeInventory([makeItem({ id: 7, serial: 'ED-7' })]);
    mock.on('GET /api/items/7/history/', { body: { results: [PROMOTED], count: 1 } });
    renderEdit();
    const panel = await screen.findByRole('region', { name: 'History' });
    expect(within(panel).getByRole('heading', { level: 2, name: 'History' })).toBeInTheDocument();
    expect(await within(panel).findByText('Changed the retail price')).toBeInTheDocument();
    expect(within(panel).getByText('gold')).toBeInTheDocument();
    expect(within(panel).getByText('Retail price: £6,100.00 → £5,900.00')).toBeInTheDocument();
    expect(mock.callsTo('GET', '/api/items/7/history/')).toHaveLength(1);
  });

  it('says so when the item has no history yet', async () => {
    fakeInventory([makeItem({ id: 7, serial: 'ED-7' })]);
    renderEdit();
    const panel = await screen.findByRole('region', { name: 'History' });
    expect(await within(panel).findByText('No history yet.')).toBeInTheDocument();
  });

  it('is asked again after the item’s update, so the trail shows it', async () => {
    const { mock, store } = fakeInventory([makeItem({ id: 7, serial: 'ED-7' })]);
    mock.on('PUT /api/items/7/', (call) => ({ body: { ...store.get(7)!, ...(call.body as object) } }));
    renderEdit();
    await screen.findByText('No history yet.');
    await userEvent.type(screen.getByLabelText('Description'), ' Box and papers.');
    await userEvent.click(screen.getByRole('button', { name: 'Update Item' }));
    await waitFor(() => expect(alertSpy).toHaveBeenCalledWith('Inventory item 7 updated successfully!'));
    const calls = mock.calls.filter((call) => call.method === 'PUT' || call.path.endsWith('/history/'));
    expect(calls.map((call) => call.method)).toEqual(['GET', 'PUT', 'GET']);
  });
});
