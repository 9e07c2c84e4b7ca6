import { RISK_NOT_ALLOWED, RISK_REASON_REQUIRED, type ClientRisk, type Role } from '@loupe/contracts';
import { authCheckAs, renderWithProviders } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditClientPage } from '../src/features/clients/components/edit-client-page';
import { FakeClientsServer, makeClient, makeRisk } from './support/fake-clients';
import { installFakeXhr } from '@loupe/platform/testing';

// Issue 25 item 1 on the client's page: the "Risk rating" section. Platinum and gold rate the client, file the
// enhanced due diligence evidence and record the senior approval; silver reads it (it decides what they may sell).

const RISK = '/api/clients/7/risk/';

const riskOf = (over: Partial<ClientRisk> = {}): ClientRisk => makeRisk(7, over);

const HIGH_MISSING = riskOf({
  rating: 'high',
  reasons: ['pep'],
  ratedBy: 'gold',
  ratedAt: '2026-03-01T09:00:00.000Z',
  eddRequired: true,
  eddThresholdGbp: '1000.00',
  eddMissing: ['source_of_funds', 'source_of_wealth', 'senior_approval'],
});

function serve(role: Role, risk: ClientRisk) {
  const server = new FakeClientsServer([makeClient(7, 'Grace Hopper', { kyc: true })]);
  server.mock.on('GET /auth-check/', { body: authCheckAs(role) });
  let current = risk;
  server.mock.on(`GET ${RISK}`, () => ({ body: current }));
  server.mock.on(`PUT ${RISK}`, (call) => {
    const body = call.body as { rating: ClientRisk['rating']; reasons: ClientRisk['reasons']; notes: string };
    if (body.rating === 'high' && body.reasons.length === 0)
      return { status: 400, body: { reasons: [RISK_REASON_REQUIRED] } };
    current = riskOf({
      ...body,
      ratedBy: role,
      ratedAt: '2026-03-01T09:00:00.000Z',
      eddRequired: body.rating === 'high',
      eddMissing: body.rating === 'high' ? ['source_of_funds', 'source_of_wealth', 'senior_approval'] : [],
    });
    return { body: current };
  });
  server.mock.on(`POST ${RISK}approval/`, (call) => {
    current = {
      ...current,
      approvedBy: role,
      approvedAt: '2026-03-01T10:00:00.000Z',
      approvalNotes: (call.body as { notes: string }).notes,
      eddMissing: current.eddMissing.filter((m) => m !== 'senior_approval'),
    };
    return { body: current };
  });
  return { server, set: (r: ClientRisk) => (current = r) };
}

const renderEdit = () =>
  renderWithProviders(<EditClientPage />, { route: '/clients/edit/7', path: '/clients/edit/:id' });
const section = async () => within(await screen.findByRole('region', { name: 'Risk rating' }));
const fact = (s: ReturnType<typeof within>, term: string) => s.getByText(term).nextElementSibling;

describe('the Risk rating section of the client’s page', () => {
  it('shows an unrated client as standard; gold rates them high with a reason', async () => {
    const { server } = serve('gold', riskOf());
    renderEdit();
    const s = await section();
    expect(await s.findByText('Standard')).toBeInTheDocument();
    expect(fact(s, 'Rated')).toHaveTextContent('Not rated yet');
    expect(fact(s, 'Enhanced due diligence')).toHaveTextContent('Not needed at this rating');

    await userEvent.click(s.getByRole('button', { name: 'Change rating' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Risk rating of Grace Hopper' }));
    await userEvent.click(dialog.getByRole('radio', { name: 'High' }));
    // No reason: the service's 400 shows at the reasons.
    await userEvent.click(dialog.getByRole('button', { name: 'Save rating' }));
    expect(await dialog.findByText(RISK_REASON_REQUIRED)).toBeInTheDocument();
    // The keyboard is put on the first reason; choosing one clears the message.
    const pep = dialog.getByRole('checkbox', { name: 'Politically exposed person' });
    expect(pep).toHaveFocus();
    await userEvent.click(pep);
    expect(dialog.queryByText(RISK_REASON_REQUIRED)).not.toBeInTheDocument();
    await userEvent.type(dialog.getByLabelText('Notes'), 'Deputy minister');
    await userEvent.click(dialog.getByRole('button', { name: 'Save rating' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.mock.callsTo('PUT', RISK).map((c) => c.body)).toEqual([
      { rating: 'high', reasons: [], notes: '' },
      { rating: 'high', reasons: ['pep'], notes: 'Deputy minister' },
    ]);
    const after = await section();
    expect(await after.findByText('High')).toBeInTheDocument();
    expect(fact(after, 'Reasons')).toHaveTextContent('Politically exposed person');
    expect(fact(after, 'Enhanced due diligence')).toHaveTextContent(
      'Incomplete: sales, purchases and payments from £0 will be refused. Missing: source of funds evidence, ' +
        'source of wealth evidence, senior approval',
    );
  });

  it('records the senior approval and files evidence for a high-risk client', async () => {
    const { server, set } = serve('platinum', HIGH_MISSING);
    const xhr = installFakeXhr(() => {
      const next = {
        ...HIGH_MISSING,
        eddMissing: ['source_of_wealth', 'senior_approval'],
        documents: [
          {
            id: 3,
            kind: 'source_of_funds',
            name: 'statement.pdf',
            contentType: 'application/pdf',
            size: 2048,
            uploadedBy: 'platinum',
            uploadedAt: '2026-03-01T09:30:00.000Z',
          },
        ],
      } satisfies ClientRisk;
      set(next);
      return { status: 201, body: next };
    });
    renderEdit();
    const s = await section();
    expect(await s.findByText(/Incomplete: sales, purchases and payments from £1,000/)).toBeInTheDocument();

    await userEvent.click(s.getByRole('button', { name: 'Add evidence' }));
    const add = within(await screen.findByRole('dialog', { name: 'Add enhanced due diligence evidence' }));
    expect(add.getByLabelText('Evidence of')).toHaveValue('source_of_funds');
    await userEvent.upload(
      add.getByLabelText('Document'),
      new File(['%PDF-1.4'], 'statement.pdf', { type: 'application/pdf' }),
    );
    await userEvent.click(add.getByRole('button', { name: 'Upload evidence' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(xhr.sent.map((u) => u.url)).toEqual(['/api/api/clients/7/risk/source-of-funds/']);
    const filed = await section();
    expect(await filed.findByRole('link', { name: 'statement.pdf' })).toHaveAttribute(
      'href',
      '/api/api/clients/7/risk/evidence/3/',
    );

    await userEvent.click(filed.getByRole('button', { name: 'Record senior approval' }));
    const approve = within(
      await screen.findByRole('dialog', { name: 'Approve Grace Hopper as a high-risk client' }),
    );
    await userEvent.type(approve.getByLabelText('Notes'), 'Seen the trust deed');
    await userEvent.click(approve.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.mock.callsTo('POST', `${RISK}approval/`).map((c) => c.body)).toEqual([
      { notes: 'Seen the trust deed' },
    ]);
    const approved = await section();
    expect(
      await approved.findByText(/^Approved by platinum on .*: Seen the trust deed$/),
    ).toBeInTheDocument();
    xhr.restore();
  });

  it('asks for a file before uploading evidence, and says the service’s refusal at the file', async () => {
    serve('gold', HIGH_MISSING);
    const xhr = installFakeXhr(() => ({
      status: 400,
      body: { file: ['The file is not a PDF, JPEG or PNG.'] },
    }));
    renderEdit();
    await userEvent.click(await (await section()).findByRole('button', { name: 'Add evidence' }));
    const add = within(await screen.findByRole('dialog', { name: 'Add enhanced due diligence evidence' }));
    await userEvent.click(add.getByRole('button', { name: 'Upload evidence' }));
    expect(await add.findByText('Choose a file to upload.')).toBeInTheDocument();
    expect(xhr.sent).toHaveLength(0);

    await userEvent.selectOptions(add.getByLabelText('Evidence of'), 'source_of_wealth');
    await userEvent.upload(
      add.getByLabelText('Document'),
      new File(['%PDF-1.4'], 'will.pdf', { type: 'application/pdf' }),
    );
    expect(add.queryByText('Choose a file to upload.')).not.toBeInTheDocument();
    await userEvent.click(add.getByRole('button', { name: 'Upload evidence' }));
    expect(await add.findByText('The file is not a PDF, JPEG or PNG.')).toBeInTheDocument();
    expect(xhr.sent.map((u) => u.url)).toEqual(['/api/api/clients/7/risk/source-of-wealth/']);
    // The dialog stays with what was chosen, ready to try again.
    expect(add.getByLabelText('Evidence of')).toHaveValue('source_of_wealth');
    expect(add.getByRole('button', { name: 'Upload evidence' })).toBeEnabled();
    xhr.restore();
  });

  it('lets silver read the rating, with the buttons disabled and the reason said', async () => {
    serve('silver', HIGH_MISSING);
    renderEdit();
    const s = await section();
    expect(await s.findByText('High')).toBeInTheDocument();
    for (const name of ['Change rating', 'Add evidence', 'Record senior approval']) {
      const button = s.getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(RISK_NOT_ALLOWED);
    }
  });
});
