import {
  SANCTIONS_ALREADY_DECIDED,
  SANCTIONS_OFFICER_ONLY,
  TEXT_PROBLEM_MESSAGES,
  type SanctionsMatch,
  type SanctionsReview,
} from '@loupe/contracts';
import { authCheckAs, createFetchMock, renderWithProviders, type FetchMock } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CompliancePage } from '../src/features/compliance/components/compliance-page';
import { SanctionsPage } from '../src/features/sanctions/components/sanctions-page';

const REVIEW = '/api/compliance/sanctions/';
const DECIDE = '/api/compliance/sanctions/4/decision/';

const MATCH: SanctionsMatch = {
  id: 4,
  clientId: 12,
  clientName: 'Alexander Petrov',
  status: 'possible_match',
  score: 0.95,
  matchedName: 'Alexander PETROV',
  listed: {
    listId: '90001',
    groupType: 'Individual',
    names: [
      { name: 'Aleksandr Ivanovich PETROV', type: 'Primary name' },
      { name: 'Александр Иванович ПЕТРОВ', type: 'Non-Latin script' },
      { name: 'Alexander PETROV', type: 'Alias' },
    ],
    regime: 'Russia',
    dob: '12/03/1961',
    nationality: 'Russia',
    listedOn: '15/03/2022',
  },
  createdAt: '2026-11-20T10:00:00Z',
  decidedBy: null,
  decidedAt: null,
  note: '',
};

const REVIEWED: SanctionsReview = {
  lastImport: {
    fileName: 'ConList.csv',
    format: 'uk_sanctions_list',
    listDate: 'Report Date: 19-Nov-2026',
    rows: 9800,
    designations: 4123,
    names: 9650,
    clientsScreened: 310,
    possibleMatches: 1,
    importedAt: '2026-11-20T09:59:00Z',
  },
  open: [MATCH],
  decided: [],
};

/** The review as the service answers it to the nominated officer; decisions change what it answers next. */
function server(officer: boolean, decide?: (body: unknown) => { status?: number; body: unknown }): FetchMock {
  let review = REVIEWED;
  const mock = createFetchMock({
    'GET /auth-check/': { body: authCheckAs('gold', { nominatedOfficer: officer }) },
    'GET /csrf/': { cookies: { csrftoken: 't' } },
    [`GET ${REVIEW}`]: () =>
      officer ? { body: review } : { status: 403, body: { detail: SANCTIONS_OFFICER_ONLY } },
    [`POST ${DECIDE}`]: (call) => {
      const answer = decide?.(call.body) ?? {
        body: { ...MATCH, status: 'cleared', decidedBy: 'gold', decidedAt: '2026-11-20T11:00:00Z' },
      };
      if ((answer.status ?? 200) === 200)
        review = { ...review, open: [], decided: [answer.body as SanctionsMatch] };
      return answer;
    },
  });
  globalThis.fetch = mock.fetch;
  return mock;
}

const show = () =>
  renderWithProviders(<SanctionsPage />, { route: '/compliance/sanctions', path: '/compliance/sanctions' });

describe('/compliance/sanctions', () => {
  it("shows the nominated officer each possible match with the listed person's names, regime and birth date", async () => {
    server(true);
    show();
    const match = await screen.findByRole('article', { name: 'Alexander Petrov' });
    expect(screen.getByRole('heading', { level: 1, name: 'Sanctions screening' })).toBeInTheDocument();
    expect(within(match).getByRole('link', { name: 'Alexander Petrov' })).toHaveAttribute(
      'href',
      '/clients/12',
    );
    expect(match).toHaveTextContent('Alexander PETROV (95% similar)');
    expect(match).toHaveTextContent('Aleksandr Ivanovich PETROV');
    expect(match).toHaveTextContent('Александр Иванович ПЕТРОВ');
    expect(match).toHaveTextContent('Russia');
    expect(match).toHaveTextContent('12/03/1961');
    const last = screen.getByRole('region', { name: 'Last import of the list' });
    expect(last).toHaveTextContent('UK Sanctions List (Report Date: 19-Nov-2026)');
    expect(last).toHaveTextContent('ConList.csv');
    expect(last).toHaveTextContent('4,123 (9,650 names)');
  });

  it('clears a match after a confirmation, with the reason, and says the hold lifted', async () => {
    const mock = server(true);
    show();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Clear Alexander Petrov: not the listed person' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Clear this match?' });
    expect(mock.callsTo('POST', DECIDE)).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Born 1988, British passport seen.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear match' }));
    await waitFor(() => expect(mock.callsTo('POST', DECIDE)).toHaveLength(1));
    expect(mock.callsTo('POST', DECIDE)[0]?.headers['x-csrftoken']).toBe('t');
    expect(mock.callsTo('POST', DECIDE)[0]?.body).toEqual({
      decision: 'clear',
      note: 'Born 1988, British passport seen.',
    });
    expect(
      await screen.findByText(
        'Cleared: Alexander Petrov is not the listed person. Sales, purchases and payments are open again.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article')).not.toBeInTheDocument());
    expect(screen.getByRole('list', { name: 'Decisions' })).toHaveTextContent('Cleared: Alexander Petrov');
  });

  it('confirms a match only once asked, and shows a refusal inside the dialog', async () => {
    const mock = server(true, () => ({ status: 409, body: { detail: SANCTIONS_ALREADY_DECIDED } }));
    show();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Confirm Alexander Petrov as a true match' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Confirm this match?' });
    expect(dialog).toHaveTextContent('stays on hold');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm match' }));
    expect(await within(dialog).findByText(SANCTIONS_ALREADY_DECIDED)).toBeInTheDocument();
    expect(mock.callsTo('POST', DECIDE)[0]?.body).toEqual({ decision: 'confirm' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("puts the service's refusal of the reason at its field, and keeps what was typed", async () => {
    // The Text rule of the decision's note (contracts/src/sanctions.ts), as the service words it.
    const refused = TEXT_PROBLEM_MESSAGES.invisible;
    const mock = server(true, () => ({ status: 400, body: { note: [refused] } }));
    show();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Clear Alexander Petrov: not the listed person' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Clear this match?' });
    const reason = within(dialog).getByLabelText(/Reason/);
    await userEvent.type(reason, 'Seen in person');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear match' }));
    await waitFor(() => expect(reason).toHaveAccessibleDescription(expect.stringContaining(refused)));
    expect(reason).toHaveFocus();
    expect(reason).toHaveValue('Seen in person');
    // Said once, beside the field: nothing above the form repeats it.
    expect(within(dialog).getAllByRole('alert')).toHaveLength(1);
    expect(mock.callsTo('POST', DECIDE)).toHaveLength(1);
  });

  it('tells anyone but the nominated officer it is not theirs, without asking for it', async () => {
    const mock = server(false);
    show();
    expect(await screen.findByText(SANCTIONS_OFFICER_ONLY)).toBeInTheDocument();
    expect(mock.callsTo('GET', REVIEW)).toHaveLength(0);
    expect(screen.queryByText(/PETROV/)).not.toBeInTheDocument();
  });
});

describe('the way in from Compliance', () => {
  it('links the nominated officer to the review, and shows nobody else a word of it', async () => {
    server(true);
    const { unmount } = renderWithProviders(<CompliancePage />, {
      route: '/compliance',
      path: '/compliance',
    });
    expect(await screen.findByRole('link', { name: 'Sanctions screening' })).toHaveAttribute(
      'href',
      '/compliance/sanctions',
    );
    unmount();
    server(false);
    renderWithProviders(<CompliancePage />, { route: '/compliance', path: '/compliance' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Compliance' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/^Loading/)).not.toBeInTheDocument());
    expect(screen.queryByText(/sanctions/i)).not.toBeInTheDocument();
  });
});
