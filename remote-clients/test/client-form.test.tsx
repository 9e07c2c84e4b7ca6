import { NO_ADDRESS } from '@loupe/contracts';
import { renderWithProviders } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AddClientPage } from '../src/features/clients/components/add-client-page';
import { EditClientPage } from '../src/features/clients/components/edit-client-page';
import { FakeClientsServer, makeClient, makeDocument, makeEntry } from './support/fake-clients';
import { installFakeXhr, type SentUpload, type UploadReply } from '@loupe/platform/testing';

const GRACE = makeClient(7, 'Grace Hopper', {
  email: 'grace@example.com',
  phone: '+1 555 0100',
  status: 'inactive',
  notes: 'Prefers Omega.',
  balance: -320.4,
  kyc: true,
});

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
const renderAdd = () => renderWithProviders(<AddClientPage />, { route: '/clients/add' });
const renderEdit = (id: string | number = 7) =>
  renderWithProviders(<EditClientPage />, { route: `/clients/edit/${id}`, path: '/clients/edit/:id' });
const field = (label: string) => screen.getByLabelText(label);
const pdf = (name = 'passport.pdf') => new File(['%PDF-1.7 test'], name, { type: 'application/pdf' });

function uploads(
  reply: (sent: SentUpload) => UploadReply = () => ({ status: 201, body: makeDocument(40) }),
  manual = false,
) {
  xhr = installFakeXhr(reply, { manual });
  return xhr;
}

describe('/clients/add', () => {
  it('shows Add Client with its fields, the KYC input accepting .pdf,.jpg,.png, Save Client and Cancel', async () => {
    new FakeClientsServer([]);
    renderAdd();
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Client' })).toBeInTheDocument();
    for (const label of ['Name', 'Email', 'Phone', 'Notes']) expect(field(label)).toHaveValue('');
    expect(field('Status')).toHaveValue('active');
    expect(
      within(field('Status'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Active', 'Not Active']);
    const kyc = field('KYC Document');
    expect(kyc).toHaveAttribute('type', 'file');
    expect(kyc.getAttribute('accept')).toBe('.pdf,.jpg,.png');
    expect(screen.getByRole('button', { name: 'Save Client' })).toHaveAttribute('type', 'submit');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(location()).toBe('/clients');
  });

  it('requires name and email before any call, shown next to the fields, focus on the first', async () => {
    const server = new FakeClientsServer([]);
    renderAdd();
    await userEvent.click(await screen.findByRole('button', { name: 'Save Client' }));
    expect(field('Name')).toHaveAccessibleDescription('Name is required.');
    expect(field('Email')).toHaveAccessibleDescription('Email is required.');
    expect(field('Name')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(field('Name')).toHaveFocus());
    expect(server.mock.callsTo('POST', '/api/clients/')).toHaveLength(0);
    expect(alertSpy).not.toHaveBeenCalled();

    // Typing into a field clears its error.
    await userEvent.type(field('Name'), 'Ada');
    expect(field('Name')).not.toHaveAttribute('aria-invalid');
  });

  it.each([
    'not-an-email',
    'ada@',
    '@example.com',
    'ada@example',
    'ada lovelace@example.com',
    'ada@exa mple.com',
  ])('refuses the email "%s" before any call', async (email) => {
    const server = new FakeClientsServer([]);
    renderAdd();
    await userEvent.type(await screen.findByLabelText('Name'), 'Ada Lovelace');
    await userEvent.type(field('Email'), email);
    await userEvent.click(screen.getByRole('button', { name: 'Save Client' }));
    expect(field('Email')).toHaveAccessibleDescription('Enter a valid email address.');
    expect(screen.getByText('Enter a valid email address.')).toHaveAttribute('role', 'alert');
    expect(server.mock.callsTo('POST', '/api/clients/')).toHaveLength(0);
    expect(alertSpy).not.toHaveBeenCalled();
  });

  it('refuses a phone number the service would refuse', async () => {
    const server = new FakeClientsServer([]);
    renderAdd();
    await userEvent.type(await screen.findByLabelText('Name'), 'Ada');
    await userEvent.type(field('Email'), 'ada@example.com');
    await userEvent.type(field('Phone'), 'call me');
    await userEvent.click(screen.getByRole('button', { name: 'Save Client' }));
    expect(field('Phone')).toHaveAccessibleDescription('Enter a valid phone number.');
    expect(server.mock.callsTo('POST', '/api/clients/')).toHaveLength(0);
  });

  it('saves the client, then alerts "Client added successfully", then goes back to /clients', async () => {
    const server = new FakeClientsServer([]);
    alertSpy.mockImplementation(() => {
      // The alert comes after the save succeeded, and before the navigation.
      expect(server.mock.callsTo('POST', '/api/clients/')).toHaveLength(1);
      expect(location()).toBe('/clients/add');
    });
    renderAdd();
    await userEvent.type(await screen.findByLabelText('Name'), '  Ada Lovelace ');
    await userEvent.type(field('Email'), 'ada@example.com');
    await userEvent.type(field('Phone'), '+44 (0)20 7946-0001');
    await userEvent.selectOptions(field('Status'), 'Not Active');
    await userEvent.type(field('Notes'), 'Collects Cartier.');
    await userEvent.click(screen.getByRole('button', { name: 'Save Client' }));
    await waitFor(() => expect(location()).toBe('/clients'));
    expect(alertSpy).toHaveBeenCalledTimes(1);
    expect(alertSpy).toHaveBeenCalledWith('Client added successfully');
    const post = server.mock.callsTo('POST', '/api/clients/')[0]!;
    expect(post.body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+44 (0)20 7946-0001',
      status: 'inactive',
      notes: 'Collects Cartier.',
      // No address typed: every part blank, the country as the form holds it (the service's default).
      ...NO_ADDRESS,
    });
    expect(post.headers['x-csrftoken']).toBe('tok');
    expect(server.clients.map((c) => c.name)).toEqual(['Ada Lovelace']);
  });

  it('uploads the chosen KYC document to the new client with progress, and alerts only after the upload', async () => {
    const server = new FakeClientsServer([]);
    const fake = uploads(undefined, true);
    renderAdd();
    await userEvent.type(await screen.findByLabelText('Name'), 'Ada Lovelace');
    await userEvent.type(field('Email'), 'ada@example.com');
    await userEvent.upload(field('KYC Document'), pdf());
    expect(screen.getByText(/passport\.pdf/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save Client' }));

    const progress = await screen.findByRole('progressbar', { name: 'KYC upload' });
    await waitFor(() => expect(progress).toHaveAttribute('value', '40'));
    expect(screen.getByText('Uploading… 40%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Client' })).toBeDisabled();
    expect(alertSpy).not.toHaveBeenCalled();

    fake.release();
    await waitFor(() => expect(location()).toBe('/clients'));
    expect(alertSpy).toHaveBeenCalledWith('Client added successfully');
    expect(fake.sent).toHaveLength(1);
    const sent = fake.sent[0]!;
    const id = server.clients[0]!.id;
    expect(sent.url).toBe(`/api/api/clients/${id}/kyc/`);
    expect(sent.headers['x-csrftoken']).toBe('tok');
    expect((sent.body.get('file') as File).name).toBe('passport.pdf');
  });

  it('shows the server’s field errors next to the fields and keeps what was typed', async () => {
    const server = new FakeClientsServer([]);
    server.mock.on('POST /api/clients/', {
      status: 400,
      body: {
        email: ['Enter a valid email address.'],
        name: ['Ensure this field has no more than 200 characters.'],
      },
    });
    renderAdd();
    await userEvent.type(await screen.findByLabelText('Name'), 'Ada Lovelace');
    await userEvent.type(field('Email'), 'ada@xn--bcher-kva.example');
    await userEvent.type(field('Notes'), 'Keep me');
    await userEvent.click(screen.getByRole('button', { name: 'Save Client' }));
    await waitFor(() => expect(field('Email')).toHaveAccessibleDescription('Enter a valid email address.'));
    expect(field('Name')).toHaveAccessibleDescription('Ensure this field has no more than 200 characters.');
    expect(screen.getByText('Please correct the highlighted fields.')).toBeInTheDocument();
    expect(field('Name')).toHaveValue('Ada Lovelace');
    expect(field('Email')).toHaveValue('ada@xn--bcher-kva.example');
    expect(field('Notes')).toHaveValue('Keep me');
    expect(location()).toBe('/clients/add');
    expect(alertSpy).not.toHaveBeenCalled();
  });

  it('reports a failure without field errors above the form', async () => {
    const server = new FakeClientsServer([]);
    server.mock.on('POST /api/clients/', { status: 503 });
    renderAdd();
    await userEvent.type(await screen.findByLabelText('Name'), 'Ada');
    await userEvent.type(field('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save Client' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The client could not be saved. Please try again.',
    );
    expect(field('Name')).toHaveValue('Ada');
    expect(alertSpy).not.toHaveBeenCalled();
  });

  it('when the KYC upload is refused the client is kept; Save Client again updates it and retries the upload', async () => {
    const server = new FakeClientsServer([]);
    let refuse = true;
    const fake = uploads(() =>
      refuse
        ? { status: 400, body: { file: ['Upload a valid PDF, JPEG or PNG file.'] } }
        : { status: 201, body: makeDocument(41) },
    );
    renderAdd();
    await userEvent.type(await screen.findByLabelText('Name'), 'Ada Lovelace');
    await userEvent.type(field('Email'), 'ada@example.com');
    await userEvent.upload(field('KYC Document'), pdf('fake.png'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Client' }));

    expect(await screen.findByText('Upload a valid PDF, JPEG or PNG file.')).toHaveAttribute('role', 'alert');
    expect(field('KYC Document')).toHaveAccessibleDescription(/Upload a valid PDF, JPEG or PNG file\./);
    expect(
      screen.getByText(
        'The client was saved, but the KYC document was not uploaded. Choose another file or remove it, then press Save Client again.',
      ),
    ).toBeInTheDocument();
    expect(alertSpy).not.toHaveBeenCalled();
    expect(server.clients).toHaveLength(1);

    refuse = false;
    await userEvent.upload(field('KYC Document'), pdf('scan.pdf'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Client' }));
    await waitFor(() => expect(location()).toBe('/clients'));
    expect(alertSpy).toHaveBeenCalledWith('Client added successfully');
    expect(server.mock.callsTo('POST', '/api/clients/')).toHaveLength(1);
    const id = server.clients[0]!.id;
    expect(server.mock.callsTo('PUT', `/api/clients/${id}/`)).toHaveLength(1);
    expect(fake.sent.map((s) => (s.body.get('file') as File).name)).toEqual(['fake.png', 'scan.pdf']);
  });

  it('shows a too-large answer (413) at the KYC field', async () => {
    new FakeClientsServer([]);
    uploads(() => ({ status: 413, body: { detail: 'The file is larger than 10 MB.' } }));
    renderAdd();
    await userEvent.type(await screen.findByLabelText('Name'), 'Ada');
    await userEvent.type(field('Email'), 'ada@example.com');
    await userEvent.upload(field('KYC Document'), pdf());
    await userEvent.click(screen.getByRole('button', { name: 'Save Client' }));
    expect(await screen.findByText('The file is larger than 10 MB.')).toBeInTheDocument();
    expect(alertSpy).not.toHaveBeenCalled();
  });

  it('refuses a chosen file that is not a PDF, JPG or PNG, or too large, before sending it', async () => {
    new FakeClientsServer([]);
    const fake = uploads();
    const user = userEvent.setup({ applyAccept: false });
    renderAdd();
    await user.upload(
      await screen.findByLabelText('KYC Document'),
      new File(['x'], 'notes.docx', { type: 'application/msword' }),
    );
    expect(screen.getByText('Choose a PDF, JPG or PNG file.')).toBeInTheDocument();
    const big = new File(['x'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    await user.upload(field('KYC Document'), big);
    expect(screen.getByText('The file is larger than 10 MB.')).toBeInTheDocument();

    await user.upload(field('KYC Document'), pdf());
    expect(screen.queryByText('The file is larger than 10 MB.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove File' }));
    expect(screen.queryByText(/passport\.pdf/)).not.toBeInTheDocument();
    await user.type(field('Name'), 'Ada');
    await user.type(field('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Save Client' }));
    await waitFor(() => expect(location()).toBe('/clients'));
    expect(fake.sent).toHaveLength(0);
  });
});

describe('/clients/edit/:id', () => {
  it('loads the real record into Edit Client with its balance', async () => {
    const server = new FakeClientsServer([GRACE]);
    renderEdit();
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Client' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Name')).toHaveValue('Grace Hopper');
    expect(field('Email')).toHaveValue('grace@example.com');
    expect(field('Phone')).toHaveValue('+1 555 0100');
    expect(field('Status')).toHaveValue('inactive');
    expect(field('Notes')).toHaveValue('Prefers Omega.');
    expect(field('KYC Document').getAttribute('accept')).toBe('.pdf,.jpg,.png');
    expect(screen.getByText(/^Balance:/)).toHaveTextContent('-£320.40 (owes the shop)');
    expect(screen.getByRole('button', { name: 'Update Client' })).toBeInTheDocument();
    expect(server.mock.callsTo('GET', '/api/clients/7/')).toHaveLength(1);
  });

  it('saves the changes, then alerts "Client updated", then goes back to /clients', async () => {
    const server = new FakeClientsServer([GRACE]);
    alertSpy.mockImplementation(() => {
      expect(server.mock.callsTo('PUT', '/api/clients/7/')).toHaveLength(1);
      expect(location()).toBe('/clients/edit/7');
    });
    renderEdit();
    const name = await screen.findByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Grace B. Hopper');
    await userEvent.selectOptions(field('Status'), 'Active');
    await userEvent.click(screen.getByRole('button', { name: 'Update Client' }));
    await waitFor(() => expect(location()).toBe('/clients'));
    expect(alertSpy).toHaveBeenCalledWith('Client updated');
    expect(server.mock.callsTo('PUT', '/api/clients/7/')[0]?.body).toEqual({
      name: 'Grace B. Hopper',
      email: 'grace@example.com',
      phone: '+1 555 0100',
      status: 'active',
      notes: 'Prefers Omega.',
      ...NO_ADDRESS,
      version: 1,
    });
    expect(server.find(7)?.name).toBe('Grace B. Hopper');
  });

  it('uploads a further KYC document after the update, then alerts', async () => {
    new FakeClientsServer([GRACE]);
    const fake = uploads();
    renderEdit();
    await userEvent.upload(await screen.findByLabelText('KYC Document'), pdf('address.pdf'));
    await userEvent.click(screen.getByRole('button', { name: 'Update Client' }));
    await waitFor(() => expect(location()).toBe('/clients'));
    expect(fake.sent[0]?.url).toBe('/api/api/clients/7/kyc/');
    expect(alertSpy).toHaveBeenCalledWith('Client updated');
  });

  it('validates before any call and keeps the server’s field errors with what was typed', async () => {
    const server = new FakeClientsServer([GRACE]);
    renderEdit();
    const name = await screen.findByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.clear(field('Email'));
    await userEvent.type(field('Email'), 'grace(at)example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Update Client' }));
    expect(field('Name')).toHaveAccessibleDescription('Name is required.');
    expect(field('Email')).toHaveAccessibleDescription('Enter a valid email address.');
    expect(server.mock.callsTo('PUT', '/api/clients/7/')).toHaveLength(0);

    server.mock.on('PUT /api/clients/7/', { status: 400, body: { phone: ['Enter a valid phone number.'] } });
    await userEvent.type(name, 'Grace');
    await userEvent.clear(field('Email'));
    await userEvent.type(field('Email'), 'grace@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Update Client' }));
    await waitFor(() => expect(field('Phone')).toHaveAccessibleDescription('Enter a valid phone number.'));
    expect(field('Name')).toHaveValue('Grace');
    expect(field('Email')).toHaveValue('grace@example.org');
    expect(alertSpy).not.toHaveBeenCalled();
    expect(location()).toBe('/clients/edit/7');
  });

  it('lists the KYC documents on file with download links, and the recent ledger', async () => {
    const server = new FakeClientsServer([GRACE]);
    server.documents.set(7, [
      makeDocument(31, { name: 'passport.pdf', size: 2_400_000 }),
      makeDocument(30, { name: 'utility bill.png', contentType: 'image/png', size: 90_000 }),
    ]);
    server.ledger.set(7, [
      makeEntry(3, {
        direction: 'paid',
        amount: -0.0125,
        currency: 'BTC',
        exchangeRate: 48000,
        amountGbp: -600,
        method: 'Bitcoin',
        date: '2026-02-20',
        note: 'Refund',
      }),
      makeEntry(2, { amount: 279.6, amountGbp: 279.6, date: '2026-02-01' }),
    ]);
    renderEdit();
    const documents = await screen.findByRole('list', { name: 'KYC documents on file' });
    const links = within(documents).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['passport.pdf', '/api/api/clients/7/kyc/31/'],
      ['utility bill.png', '/api/api/clients/7/kyc/30/'],
    ]);
    expect(documents).toHaveTextContent('PDF, 2.3 MB');
    expect(documents).toHaveTextContent('PNG, 88 KB');

    const ledger = await screen.findByRole('table', { name: 'Recent ledger entries' });
    const rows = within(ledger).getAllByRole('row').slice(1);
    expect(rows.map((r) => Array.from((r as HTMLTableRowElement).cells).map((c) => c.textContent))).toEqual([
      // The last cell is Status: each payment can be voided there (issue 12).
      ['20 Feb 2026', 'Paid', '₿0.0125', '48000', '▼ -£600.00 (owes the shop)', 'Bitcoin', 'Refund', 'Void'],
      ['1 Feb 2026', 'Received', '£279.60', '—', '▲ £279.60 (the shop owes)', 'Cash', '', 'Void'],
    ]);
    expect(server.mock.callsTo('GET', '/api/clients/7/ledger/')[0]?.url).toContain('page_size=10');
  });

  it('says when no KYC document or ledger entry exists yet', async () => {
    new FakeClientsServer([GRACE]);
    renderEdit();
    expect(await screen.findByText('No KYC documents on file.')).toBeInTheDocument();
    expect(await screen.findByText('No payments or charges yet.')).toBeInTheDocument();
  });

  it('an unknown id (or another shop’s client) is a clear not-found message, not a form', async () => {
    const server = new FakeClientsServer([GRACE]);
    server.mock.on('GET /api/clients/99/', { status: 404, body: { detail: 'Not found.' } });
    renderEdit(99);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Client not found: it does not exist, or it belongs to another shop.',
    );
    expect(screen.getByRole('link', { name: 'Back to Clients' })).toHaveAttribute('href', '/clients');
    expect(screen.queryByRole('button', { name: 'Update Client' })).not.toBeInTheDocument();
  });

  it('a non-numeric id is not found without asking the server', async () => {
    const server = new FakeClientsServer([GRACE]);
    renderEdit('abc');
    expect(await screen.findByText(/Client not found/)).toBeInTheDocument();
    expect(server.mock.calls.filter((c) => c.path.startsWith('/api/clients'))).toHaveLength(0);
  });

  it('a failed load says so and Retry asks again', async () => {
    const server = new FakeClientsServer([GRACE]);
    let fail = true;
    server.mock.on('GET /api/clients/7/', () => (fail ? { status: 500 } : { body: GRACE }));
    renderEdit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load the client.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('Name')).toHaveValue('Grace Hopper');
  });
});
