import { SUSPICION_GROUNDS_REQUIRED, SUSPICION_RECEIVED_HINT } from '@loupe/contracts';
import { authCheckAs, renderWithProviders } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditClientPage } from '../src/features/clients/components/edit-client-page';
import { FakeClientsServer, makeClient } from './support/fake-clients';

// "Report a suspicion" on the client's page (issue 25 item 1): any member, silver included, sends what made
// them suspicious to the nominated officer and is shown only that it was received, with its reference.

const SUSPICIONS = '/api/compliance/suspicions/';
const GROUNDS = 'Wanted to pay £12,000 in cash split over three visits.';

function serve() {
  const server = new FakeClientsServer([makeClient(7, 'Grace Hopper')]);
  server.mock.on('GET /auth-check/', { body: authCheckAs('silver') });
  server.mock.on(`POST ${SUSPICIONS}`, (call) =>
    (call.body as { grounds: string }).grounds.includes('refuse')
      ? { status: 400, body: { grounds: ['Control characters are not allowed.'] } }
      : { status: 201, body: { reference: 'SAR-0007', received_at: '2026-03-01T09:00:00.000Z' } },
  );
  return server;
}

const renderEdit = () =>
  renderWithProviders(<EditClientPage />, { route: '/clients/edit/7', path: '/clients/edit/:id' });

describe('Report a suspicion on the client page', () => {
  it('sends the grounds about this client and shows only that it was received, with the reference', async () => {
    const server = serve();
    renderEdit();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Report a suspicion' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report a suspicion' });
    const grounds = within(dialog).getByRole('textbox', { name: 'What made you suspicious?' });
    expect(grounds).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Send the report' }));
    expect(await within(dialog).findByText(SUSPICION_GROUNDS_REQUIRED)).toBeInTheDocument();
    expect(server.mock.callsTo('POST', SUSPICIONS)).toHaveLength(0);

    await user.type(grounds, GROUNDS);
    await user.click(within(dialog).getByRole('button', { name: 'Send the report' }));
    const received = await screen.findByRole('dialog', { name: 'Report received' });
    expect(within(received).getByText('Report received. Reference SAR-0007.')).toBeInTheDocument();
    expect(within(received).getByText(SUSPICION_RECEIVED_HINT)).toBeInTheDocument();
    expect(server.mock.callsTo('POST', SUSPICIONS).map((c) => c.body)).toEqual([
      { subject: 'client', subject_id: 7, grounds: GROUNDS },
    ]);

    // Closed, the page says nothing about it; opened again, the form is empty.
    await user.click(within(received).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(/SAR-0007|Report received/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Report a suspicion' }));
    expect(
      within(await screen.findByRole('dialog', { name: 'Report a suspicion' })).getByRole('textbox', {
        name: 'What made you suspicious?',
      }),
    ).toHaveValue('');
  });

  it('shows the service’s refusal at the field', async () => {
    serve();
    renderEdit();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Report a suspicion' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report a suspicion' });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'What made you suspicious?' }),
      'refuse this',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send the report' }));
    expect(await within(dialog).findByText('Control characters are not allowed.')).toBeInTheDocument();
  });
});
