import { NOMINEE_NOT_ELIGIBLE, type AuthCheck } from '@loupe/contracts';
import { authCheckAs, createFetchMock, renderWithProviders, type FetchMock } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GoldManagementPage } from '../src/features/memberships/components/gold-management-page';

// The owner names the nominated officer on Gold Management (issue 25 item 1, MLR 2017 reg. 21(3)).

const MEMBERSHIPS = '/api/shops/1/memberships/';
const OFFICER = '/api/shops/1/nominated-officer/';

const GOLDS = [
  { id: 5, user: 12, role: 'gold', active: true },
  { id: 6, user: 13, role: 'gold', active: false },
];

function server(golds = GOLDS, named: number | null = null): FetchMock {
  let officer: number | null = named;
  const mock = createFetchMock({
    'GET /auth-check/': (): { body: AuthCheck } => ({
      body: authCheckAs('platinum', { nominatedOfficer: officer === authCheckAs('platinum').user?.id }),
    }),
    'GET /csrf/': { cookies: { csrftoken: 't' } },
    [`GET ${MEMBERSHIPS}`]: {
      body: {
        results: golds,
        count: golds.length,
      },
    },
    [`GET ${OFFICER}`]: () => ({ body: { user: officer } }),
    [`PUT ${OFFICER}`]: (call) => {
      const { user } = call.body as { user: number | null };
      if (user === 999) return { status: 400, body: { user: [NOMINEE_NOT_ELIGIBLE] } };
      officer = user;
      return { body: { user } };
    },
  });
  window.fetch = mock.fetch;
  return mock;
}

it('names an active gold member or the owner, or nobody, and says so', async () => {
  const mock = server();
  renderWithProviders(<GoldManagementPage />, { route: '/management/gold' });
  const card = await screen.findByRole('form', { name: 'Nominated officer' });
  const select = within(card).getByRole('combobox', { name: 'Nominated officer' });
  await waitFor(() => expect(select).toHaveValue(''));
  // The inactive gold member is no choice.
  await waitFor(() =>
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Nobody named', 'You (the owner)', 'User #12 (gold)']),
  );
  const user = userEvent.setup();
  await user.selectOptions(select, 'User #12 (gold)');
  await user.click(within(card).getByRole('button', { name: 'Save nominated officer' }));
  expect(await screen.findByText('Nominated officer saved.')).toBeInTheDocument();
  expect(mock.callsTo('PUT', OFFICER).map((c) => c.body)).toEqual([{ user: 12 }]);
  await waitFor(() => expect(select).toHaveValue('12'));

  await user.selectOptions(select, 'Nobody named');
  await user.click(within(card).getByRole('button', { name: 'Save nominated officer' }));
  await waitFor(() => expect(mock.callsTo('PUT', OFFICER).at(-1)?.body).toEqual({ user: null }));
});

it("shows the service's refusal beside the choice, with the focus, and keeps the officer named", async () => {
  // User #999 left the shop after the list was read: the service refuses them (NOMINEE_NOT_ELIGIBLE).
  const mock = server([...GOLDS, { id: 7, user: 999, role: 'gold', active: true }], 12);
  renderWithProviders(<GoldManagementPage />, { route: '/management/gold' });
  const card = await screen.findByRole('form', { name: 'Nominated officer' });
  const select = within(card).getByRole('combobox', { name: 'Nominated officer' });
  // The officer on record is the choice as the card opens.
  await waitFor(() => expect(select).toHaveValue('12'));
  const user = userEvent.setup();
  await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(4));
  await user.selectOptions(select, 'User #999 (gold)');
  await user.click(within(card).getByRole('button', { name: 'Save nominated officer' }));
  await waitFor(() =>
    expect(select).toHaveAccessibleDescription(expect.stringContaining(NOMINEE_NOT_ELIGIBLE)),
  );
  expect(select).toHaveFocus();
  expect(select).toHaveValue('999');
  expect(screen.queryByText('Nominated officer saved.')).not.toBeInTheDocument();
  expect(mock.callsTo('PUT', OFFICER).map((c) => c.body)).toEqual([{ user: 999 }]);
});
