import type { AuditEvent } from '@loupe/contracts';
import { renderWithProviders } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditClientPage } from '../src/features/clients/components/edit-client-page';
import { FakeClientsServer, makeClient } from './support/fake-clients';

const GRACE = makeClient(7, 'Grace Hopper', { phone: '020 7946 0999' });

const PHONE_CHANGED: AuditEvent = {
  id: 41,
  at: '2026-11-23T14:05:00Z',
  actor: 'platinum',
  actorId: 1,
  entity: 'client',
  entityId: 7,
  recordName: 'Grace Hopper',
  action: 'update',
  summary: 'Updated the client',
  changes: [{ field: 'Phone', before: '020 7946 0000', after: '020 7946 0999' }],
};

let alertSpy: jest.SpyInstance;
beforeEach(() => {
  alertSpy = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
});
afterEach(() => alertSpy.mockRestore());

const renderEdit = () =>
  renderWithProviders(<EditClientPage />, { route: '/clients/edit/7', path: '/clients/edit/:id' });

describe('the History panel on /clients/edit/:id', () => {
  it('shows the client’s trail, asked of the client’s own history endpoint', async () => {
    const server = new FakeClientsServer([GRACE]);
    server.history.set(7, [PHONE_CHANGED]);
    renderEdit();
    const panel = await screen.findByRole('region', { name: 'History' });
    expect(within(panel).getByRole('heading', { level: 2, name: 'History' })).toBeInTheDocument();
    expect(await within(panel).findByText('Updated the client')).toBeInTheDocument();
    expect(within(panel).getByText('platinum')).toBeInTheDocument();
    expect(within(panel).getByText('Phone: 020 7946 0000 → 020 7946 0999')).toBeInTheDocument();
    expect(server.mock.callsTo('GET', '/api/clients/7/history/')).toHaveLength(1);
  });

  it('says so when the client has no history yet', async () => {
    new FakeClientsServer([GRACE]);
    renderEdit();
    const panel = await screen.findByRole('region', { name: 'History' });
    expect(await within(panel).findByText('No history yet.')).toBeInTheDocument();
  });

  it('is asked again after the client’s update, so the trail shows it', async () => {
    const server = new FakeClientsServer([GRACE]);
    const { mock } = server;
    renderEdit();
    await screen.findByText('No history yet.');
    await userEvent.type(screen.getByLabelText('Notes'), ' Likes Rolex.');
    await userEvent.click(screen.getByRole('button', { name: 'Update Client' }));
    await waitFor(() => expect(alertSpy).toHaveBeenCalledWith('Client updated'));
    const calls = mock.calls.filter((call) => call.method === 'PUT' || call.path.endsWith('/history/'));
    expect(calls.map((call) => call.method)).toEqual(['GET', 'PUT', 'GET']);
  });
});
