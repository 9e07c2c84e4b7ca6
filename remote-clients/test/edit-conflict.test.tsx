import { formatMoment } from '@loupe/platform';
import { renderWithProviders } from '@loupe/platform/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditClientPage } from '../src/features/clients/components/edit-client-page';
import { FakeClientsServer, makeClient, makeDocument } from './support/fake-clients';
import { installFakeXhr } from '@loupe/platform/testing';

// No lost updates (issue 12 item 6): Edit Client sends the version it loaded and shows a stale save.
const GRACE = makeClient(7, 'Grace Hopper', { email: 'grace@example.com', phone: '+1 555 0100' });
const CHANGED_AT = '2026-03-01T14:05:00.000Z';

let alertSpy: jest.SpyInstance;
let xhr: ReturnType<typeof installFakeXhr> | undefined;
beforeEach(() => {
  alertSpy = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
});
afterEach(() => {
  alertSpy.mockRestore();
  xhr?.restore();
  xhr = undefined;
});

const location = () => screen.getByTestId('location').textContent ?? '';
const field = (label: string) => screen.getByLabelText(label);
const renderEdit = () =>
  renderWithProviders(<EditClientPage />, { route: '/clients/edit/7', path: '/clients/edit/:id' });
const message = () => `Changed by gold at ${formatMoment(CHANGED_AT)} \u2014 reload to see their changes`;

async function typeOver(label: string, text: string) {
  const input = field(label);
  await userEvent.clear(input);
  await userEvent.type(input, text);
}

describe('Edit Client on a client someone else changed', () => {
  it('keeps what was typed and says who changed it and when, as an alert with Reload', async () => {
    const server = new FakeClientsServer([GRACE]);
    renderEdit();
    await screen.findByLabelText('Name');
    server.changeBehind(7, { phone: '+44 20 7946 0000', notes: 'Gold called her.' }, 'gold', CHANGED_AT);
    await typeOver('Name', 'Grace B. Hopper');
    await typeOver('Notes', 'Silver typed this.');
    await userEvent.click(screen.getByRole('button', { name: 'Update Client' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message());
    expect(alert).toHaveTextContent(/1 Mar 2026/);
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    // Everything typed is still there, and nothing was overwritten or announced.
    expect(field('Name')).toHaveValue('Grace B. Hopper');
    expect(field('Notes')).toHaveValue('Silver typed this.');
    expect(field('Phone')).toHaveValue('+1 555 0100');
    expect(server.mock.callsTo('PUT', '/api/clients/7/')[0]?.body).toMatchObject({ version: 1 });
    expect(server.find(7)).toMatchObject({ name: 'Grace Hopper', notes: 'Gold called her.', version: 2 });
    expect(alertSpy).not.toHaveBeenCalled();
    expect(location()).toBe('/clients/edit/7');
    // Saving again without reloading is refused the same way: the typed values are never sent over theirs.
    await userEvent.click(screen.getByRole('button', { name: 'Update Client' }));
    await waitFor(() => expect(server.mock.callsTo('PUT', '/api/clients/7/')).toHaveLength(2));
    expect(await screen.findByRole('alert')).toHaveTextContent(message());
    expect(server.find(7)).toMatchObject({ notes: 'Gold called her.' });
  });

  it('Reload loads the client as it is now (the typed values go only then), and the next save is based on it', async () => {
    const server = new FakeClientsServer([GRACE]);
    renderEdit();
    await screen.findByLabelText('Name');
    server.changeBehind(7, { phone: '+44 20 7946 0000' }, 'gold', CHANGED_AT);
    await typeOver('Notes', 'Silver typed this.');
    await userEvent.click(screen.getByRole('button', { name: 'Update Client' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Reload' }));

    await waitFor(() => expect(field('Phone')).toHaveValue('+44 20 7946 0000'));
    expect(field('Notes')).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();

    await typeOver('Notes', 'On top of theirs.');
    await userEvent.click(screen.getByRole('button', { name: 'Update Client' }));
    await waitFor(() => expect(location()).toBe('/clients'));
    expect(alertSpy).toHaveBeenCalledWith('Client updated');
    expect(server.mock.callsTo('PUT', '/api/clients/7/')[1]?.body).toMatchObject({
      phone: '+44 20 7946 0000',
      notes: 'On top of theirs.',
      version: 2,
    });
    expect(server.find(7)).toMatchObject({
      phone: '+44 20 7946 0000',
      notes: 'On top of theirs.',
      version: 3,
    });
  });

  it('a second save from the same form (the KYC upload failed after the save) takes the version the first answered', async () => {
    const server = new FakeClientsServer([GRACE]);
    let refuse = true;
    xhr = installFakeXhr(() =>
      refuse
        ? { status: 400, body: { file: ['Upload a valid PDF, JPEG or PNG file.'] } }
        : { status: 201, body: makeDocument(41) },
    );
    renderEdit();
    await screen.findByLabelText('Name');
    await typeOver('Notes', 'First save.');
    await userEvent.upload(field('KYC Document'), new File(['x'], 'fake.pdf', { type: 'application/pdf' }));
    await userEvent.click(screen.getByRole('button', { name: 'Update Client' }));
    expect(await screen.findByText('Upload a valid PDF, JPEG or PNG file.')).toBeInTheDocument();

    refuse = false;
    await userEvent.upload(
      field('KYC Document'),
      new File(['%PDF'], 'scan.pdf', { type: 'application/pdf' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Update Client' }));
    await waitFor(() => expect(location()).toBe('/clients'));
    const puts = server.mock.callsTo('PUT', '/api/clients/7/').map((call) => call.body);
    expect(puts).toEqual([
      expect.objectContaining({ notes: 'First save.', version: 1 }),
      expect.objectContaining({ notes: 'First save.', version: 2 }),
    ]);
    expect(alertSpy).toHaveBeenCalledWith('Client updated');
  });
});
