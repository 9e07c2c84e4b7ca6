import { NOMINEE_NOT_ELIGIBLE, type AuthCheck } from '@loupe/contracts';
import { authCheckAs, createFetchMock, renderWithProviders, type FetchMock } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GoldManagementPage } from '../src/features/memberships/components/gold-management-page';

// The owner names the nominated officer on Gold Management (issue 25 item 1, MLR 2017 reg. 21(3)).

const MEMBERSHIPS = '/api/shops/1/memberships/';
const OFFICER = '/api/shops/1/nominated-officer/';

function server(): FetchMock {
  let officer: number | null = null;
  const mock = createFetchMock({
    'GET /auth-check/': (): { body: AuthCheck } => ({
      body: authCheckAs('platinum', { nominatedOfficer: officer === authCheckAs('platinum').user?.id }),
    }),
    'GET /csrf/': { cookies: { csrftoken: 't' } },
    [`GET ${MEMBERSHIPS}`]: {
      body: {
        results: [
          { id: 5, user: 12, role: 'gold', active: true },
          { id: 6, user: 13, role: 'gold', active: false },
        ],
        count: 2,
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
