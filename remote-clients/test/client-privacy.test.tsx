import {
  API_BASE,
  type AuthCheck,
  type ErasureOutcome,
  type RetentionClient,
  type Role,
} from '@loupe/contracts';
import { authCheckAs, renderWithProviders } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditClientPage } from '../src/features/clients/components/edit-client-page';
import { FakeClientsServer, makeClient } from './support/fake-clients';

// Privacy and retention on the client's page (issue 25 item 3): the owner or the nominated officer reads the
// retention clock, places a legal hold, records an erasure request and downloads the subject access export.

const RETENTION = '/api/clients/7/retention/';
const HOLD = '/api/clients/7/legal-hold/';
const ERASURE = '/api/clients/7/erasure-requests/';

function serve(role: Role, officer = false) {
  const server = new FakeClientsServer([makeClient(7, 'Grace Hopper', { phone: '020 7946 0001' })]);
  const auth: AuthCheck = { ...authCheckAs(role), nominated_officer: officer };
  server.mock.on('GET /auth-check/', { body: auth });
  const clock: RetentionClient = {
    clientId: 7,
    name: 'Grace Hopper',
    lastTransactionOn: '2025-01-10',
    retainUntil: '2030-01-10',
    due: false,
    hold: null,
    erasedAt: null,
  };
  server.mock.on(`GET ${RETENTION}`, () => ({ body: clock }));
  server.mock.on(`POST ${HOLD}`, (call) => {
    clock.hold = {
      reason: (call.body as { reason: string }).reason,
      setBy: role,
      setAt: '2026-03-01T09:00:00.000Z',
    };
    return { status: 201, body: clock };
  });
  const outcome: ErasureOutcome = {
    id: 1,
    receivedOn: '2026-02-20',
    erased: ['Email', 'Phone'],
    refused: [
      {
        what: 'Name, address and identity verification',
        reason: 'Kept under the Money Laundering Regulations 2017, reg. 40(3).',
        until: '2030-01-10',
      },
    ],
  };
  server.mock.on(`POST ${ERASURE}`, { status: 201, body: outcome });
  return server;
}

const renderEdit = () =>
  renderWithProviders(<EditClientPage />, { route: '/clients/edit/7', path: '/clients/edit/:id' });
const card = async () => within(await screen.findByRole('region', { name: 'Privacy and retention' }));

describe('Privacy and retention on the client’s page', () => {
  it('shows the owner the retention clock and the subject access export as a download', async () => {
    serve('platinum');
    renderEdit();
    const c = await card();
    expect(await c.findByText('Records kept until')).toBeInTheDocument();
    expect(c.getByText('Records kept until').nextElementSibling).toHaveTextContent('10 Jan 2030');
    expect(c.getByText('Last transaction').nextElementSibling).toHaveTextContent('10 Jan 2025');
    expect(c.getByText('Legal hold').nextElementSibling).toHaveTextContent('None');
    const download = c.getByRole('link', { name: 'Download subject access export' });
    expect(download).toHaveAttribute('href', `${API_BASE}/api/clients/7/subject-access/`);
    expect(download).toHaveAttribute('download');
  });

  it('places a legal hold with a reason, refusing a blank one without asking the service', async () => {
    const server = serve('gold', true);
    renderEdit();
    await userEvent.click(await (await card()).findByRole('button', { name: 'Place legal hold' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Place a legal hold on Grace Hopper' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Place hold' }));
    expect(await dialog.findByText('Reason is required.')).toBeInTheDocument();
    expect(dialog.getByLabelText('Reason')).toHaveFocus();
    // Spaces alone are no reason either.
    await userEvent.type(dialog.getByLabelText('Reason'), '   ');
    await userEvent.click(dialog.getByRole('button', { name: 'Place hold' }));
    expect(await dialog.findByText('Reason is required.')).toBeInTheDocument();
    expect(server.mock.callsTo('POST', HOLD)).toHaveLength(0);
    await userEvent.clear(dialog.getByLabelText('Reason'));
    await userEvent.type(dialog.getByLabelText('Reason'), 'HMRC enquiry 2026/14');
    await userEvent.click(dialog.getByRole('button', { name: 'Place hold' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.mock.callsTo('POST', HOLD).map((c) => c.body)).toEqual([
      { reason: 'HMRC enquiry 2026/14' },
    ]);
    const c = await card();
    expect(await c.findByText(/^HMRC enquiry 2026\/14 \(set by gold on /)).toBeInTheDocument();
    expect(c.getByRole('button', { name: 'Lift legal hold' })).toBeInTheDocument();
  });

  it('records an erasure request and shows what was erased and what is kept, why and until when', async () => {
    const server = serve('platinum');
    renderEdit();
    await userEvent.click(await (await card()).findByRole('button', { name: 'Record erasure request' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Erasure request from Grace Hopper' }));
    const field = dialog.getByLabelText('Received on');
    await userEvent.clear(field);
    await userEvent.type(field, '2026-02-20');
    await userEvent.click(dialog.getByRole('button', { name: 'Erase what can go' }));
    const answered = within(await dialog.findByRole('region', { name: 'Erasure request answered' }));
    expect(answered.getByText('Email, Phone')).toBeInTheDocument();
    expect(answered.getByText(/reg\. 40\(3\)\. It can go on 10 Jan 2030\./)).toBeInTheDocument();
    expect(server.mock.callsTo('POST', ERASURE).map((c) => c.body)).toEqual([{ receivedOn: '2026-02-20' }]);
  });

  it('refuses a future day without asking, and shows the service’s refusal above the form, keeping the day', async () => {
    const server = serve('platinum');
    server.mock.on(`POST ${ERASURE}`, {
      status: 409,
      body: { detail: 'An erasure request received on this day is already recorded.' },
    });
    renderEdit();
    await userEvent.click(await (await card()).findByRole('button', { name: 'Record erasure request' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Erasure request from Grace Hopper' }));
    const field = dialog.getByLabelText('Received on');
    await userEvent.clear(field);
    await userEvent.type(field, '2999-01-01');
    await userEvent.click(dialog.getByRole('button', { name: 'Erase what can go' }));
    expect(await dialog.findByText('The date cannot be in the future.')).toBeInTheDocument();
    expect(field).toHaveFocus();
    expect(server.mock.callsTo('POST', ERASURE)).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, '2026-02-20');
    expect(dialog.queryByText('The date cannot be in the future.')).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Erase what can go' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'An erasure request received on this day is already recorded.',
    );
    expect(field).toHaveValue('2026-02-20');
    expect(dialog.queryByRole('region', { name: 'Erasure request answered' })).not.toBeInTheDocument();
    expect(server.mock.callsTo('POST', ERASURE)).toHaveLength(1);
  });

  it('is not shown to a member who is neither the owner nor the nominated officer', async () => {
    const server = serve('gold');
    renderEdit();
    expect(await screen.findByRole('region', { name: 'Due diligence' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Privacy and retention' })).not.toBeInTheDocument();
    expect(server.mock.callsTo('GET', RETENTION)).toHaveLength(0);
  });
});
