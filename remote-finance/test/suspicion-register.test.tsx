import { NOMINATED_OFFICER_ONLY, NCA_REFERENCE_REQUIRED, type SuspicionReport } from '@loupe/contracts';
import { authCheckAs, createFetchMock, renderWithProviders, type FetchMock } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SuspicionRegisterPage } from '../src/features/suspicions/components/suspicion-register-page';

// /compliance/reports (issue 25 item 1): the nominated officer's register of suspicious activity reports.

const LIST = '/api/compliance/suspicions/';
const DECIDE = '/api/compliance/suspicions/3/decision/';

const REPORT: SuspicionReport = {
  id: 3,
  reference: 'SAR-0003',
  subject: 'deal',
  subject_id: 41,
  subject_name: 'Deal 41',
  client_id: 12,
  client_name: 'Victor Cash',
  grounds: 'Paid £9,500 in used notes and asked how to keep it off the records.',
  reported_by: 'silver',
  reported_at: '2026-11-20T10:00:00Z',
  decision: null,
  nca_reference: null,
  disclosed_on: null,
  notes: '',
  decided_by: null,
  decided_at: null,
};

function server(officer: boolean): FetchMock {
  let report = REPORT;
  const mock = createFetchMock({
    'GET /auth-check/': { body: authCheckAs('gold', { nominatedOfficer: officer }) },
    'GET /csrf/': { cookies: { csrftoken: 't' } },
    [`GET ${LIST}`]: () =>
      officer
        ? { body: { results: [report], count: 1 } }
        : { status: 403, body: { detail: NOMINATED_OFFICER_ONLY } },
    [`POST ${DECIDE}`]: (call) => {
      const body = call.body as { nca_reference?: string; disclosed_on?: string | null; notes: string };
      if (!body.nca_reference) return { status: 400, body: { nca_reference: [NCA_REFERENCE_REQUIRED] } };
      report = {
        ...report,
        decision: 'disclosed',
        nca_reference: body.nca_reference,
        disclosed_on: body.disclosed_on ?? null,
        notes: body.notes,
        decided_by: 'gold',
        decided_at: '2026-11-21T09:00:00Z',
      };
      return { body: report };
    },
  });
  globalThis.fetch = mock.fetch;
  return mock;
}

const show = () =>
  renderWithProviders(<SuspicionRegisterPage />, {
    route: '/compliance/reports',
    path: '/compliance/reports',
  });

describe('the register of suspicious activity reports', () => {
  it('tells anyone but the nominated officer that it is not theirs, and asks the service nothing', async () => {
    const mock = server(false);
    show();
    expect(await screen.findByText(NOMINATED_OFFICER_ONLY)).toBeInTheDocument();
    expect(mock.callsTo('GET', LIST)).toHaveLength(0);
  });

  it('lists each report with its grounds, and records the officer’s disclosure', async () => {
    const mock = server(true);
    show();
    const report = await screen.findByRole('article', { name: /SAR-0003: Deal/ });
    expect(within(report).getByRole('link', { name: 'Deal 41' })).toHaveAttribute('href', '/deals/41');
    expect(within(report).getByText(REPORT.grounds)).toBeInTheDocument();
    expect(within(report).getByText('Victor Cash')).toBeInTheDocument();
    expect(within(report).getByText('Awaiting your decision')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(report).getByRole('button', { name: 'Record the decision on SAR-0003' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decision on SAR-0003' });
    expect(within(dialog).getByRole('combobox', { name: 'Decision' })).toHaveValue('disclosed');
    await user.click(within(dialog).getByRole('button', { name: 'Save the decision' }));
    expect(await within(dialog).findByText(NCA_REFERENCE_REQUIRED)).toBeInTheDocument();
    // The service's 400 sits at its field, which takes the focus; typing there clears it.
    const reference = within(dialog).getByRole('textbox', { name: 'NCA reference' });
    await waitFor(() => expect(reference).toHaveFocus());
    expect(reference).toHaveAccessibleDescription(expect.stringContaining(NCA_REFERENCE_REQUIRED));

    await user.type(reference, 'NCA-2026-000123');
    expect(within(dialog).queryByText(NCA_REFERENCE_REQUIRED)).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Disclosed on'), '2026-11-21');
    await user.click(within(dialog).getByRole('button', { name: 'Save the decision' }));
    expect(await screen.findByText('SAR-0003: Disclosed to the NCA recorded.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mock.callsTo('POST', DECIDE).at(-1)?.body).toEqual({
      decision: 'disclosed',
      notes: '',
      nca_reference: 'NCA-2026-000123',
      disclosed_on: '2026-11-21',
    });
    const updated = await screen.findByRole('article', { name: /SAR-0003/ });
    expect(await within(updated).findByText('NCA-2026-000123')).toBeInTheDocument();
    expect(within(updated).getByText('Disclosed to the NCA')).toBeInTheDocument();
  });

  it('asks for the reasons when no disclosure is made', async () => {
    server(true);
    show();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Record the decision on SAR-0003' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decision on SAR-0003' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Decision' }), 'No disclosure');
    expect(within(dialog).queryByRole('textbox', { name: 'NCA reference' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Why no disclosure is made' })).toBeInTheDocument();
  });
});
