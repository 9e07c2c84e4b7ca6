import type { Membership } from '@loupe/contracts';
import type { QueryClient } from '@loupe/platform';
import {
  authCheckAs,
  createFetchMock,
  createTestQueryClient,
  renderWithProviders,
  type FetchMock,
} from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GoldManagementPage } from '../src/features/memberships/components/gold-management-page';
import { SilverManagementPage } from '../src/features/memberships/components/silver-management-page';

const MEMBERSHIPS = '/api/shops/1/memberships/';

/**
 * The memberships service as the screens rely on it: a list per role, and adding a user who is already a
 * member changes that membership (200, same id) instead of creating a second one (201). It keeps what was
 * added, so a list asked again after an add shows it, as the real service's would.
 */
function server(role: 'platinum' | 'gold' | null, list: Membership[] = []): FetchMock {
  const members = list.map((member) => ({ ...member }));
  let nextId = 100;
  const mock = createFetchMock({
    'GET /auth-check/': { body: authCheckAs(role) },
    'GET /csrf/': { cookies: { csrftoken: 't' } },
    [`GET ${MEMBERSHIPS}`]: (call) => {
      const wanted = new URL(call.url, 'http://localhost').searchParams.get('role');
      const results = members.filter((member) => !wanted || member.role === wanted);
      return { body: { results, count: results.length } };
    },
    [`POST ${MEMBERSHIPS}`]: (call) => {
      const body = call.body as { user: number; role: 'gold' | 'silver'; active: boolean };
      const existing = members.find((member) => member.user === body.user);
      if (existing) {
        Object.assign(existing, { role: body.role, active: body.active });
        return { status: 200, body: { ...existing } };
      }
      const created = { id: nextId++, ...body };
      members.push(created);
      return { status: 201, body: created };
    },
  });
  window.fetch = mock.fetch;
  return mock;
}

const renderGold = (queryClient?: QueryClient) =>
  renderWithProviders(<GoldManagementPage />, { route: '/management/gold', queryClient });
const renderSilver = () => renderWithProviders(<SilverManagementPage />, { route: '/management/silver' });

async function addUser(id: string, button: string) {
  const field = await screen.findByLabelText('User ID');
  await userEvent.clear(field);
  if (id) await userEvent.type(field, id);
  await userEvent.click(screen.getByRole('button', { name: button }));
}

const items = (name: string) =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('/management/gold', () => {
  it('lists the shop’s gold members, asking the server with ?role=gold', async () => {
    const mock = server('platinum', [
      { id: 10, user: 7, role: 'gold', active: true },
      { id: 11, user: 8, role: 'gold', active: false },
    ]);
    renderGold();
    expect(await screen.findByRole('heading', { level: 1, name: 'Gold Management' })).toBeInTheDocument();
    expect(screen.getByLabelText('User ID')).toHaveAttribute('type', 'number');
    await screen.findByRole('list', { name: 'Gold members' });
    expect(items('Gold members')).toEqual(['User #7 — Active', 'User #8 — Inactive']);
    expect(screen.getByText('User #7')).toBeInTheDocument();
    expect(mock.callsTo('GET', MEMBERSHIPS)[0]?.url).toBe(`/api${MEMBERSHIPS}?role=gold`);
  });

  it('shows a spinner while the list loads', async () => {
    let release: () => void = () => undefined;
    const mock = server('platinum');
    mock.on(
      `GET ${MEMBERSHIPS}`,
      () => new Promise((resolve) => (release = () => resolve({ body: { results: [], count: 0 } }))),
    );
    renderGold();
    await waitFor(() => expect(mock.callsTo('GET', MEMBERSHIPS)).toHaveLength(1));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    release();
    expect(await screen.findByText('No gold members yet')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('says "No gold members yet" for an empty list', async () => {
    server('platinum');
    renderGold();
    expect(await screen.findByText('No gold members yet')).toBeInTheDocument();
  });

  it('says "Failed to fetch gold members" when the list fails', async () => {
    const mock = server('platinum');
    mock.on(`GET ${MEMBERSHIPS}`, { status: 500, body: { detail: 'boom' } });
    renderGold();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to fetch gold members$/);
  });

  it('adds a gold account: posts {user, role gold, active true}, appends the answer and clears the input', async () => {
    const mock = server('platinum', [{ id: 10, user: 7, role: 'gold', active: true }]);
    renderGold();
    await screen.findByRole('list', { name: 'Gold members' });
    await addUser('12', 'Add Gold Account');
    await waitFor(() => expect(items('Gold members')).toEqual(['User #7 — Active', 'User #12 — Active']));
    expect(mock.callsTo('POST', MEMBERSHIPS)[0]?.body).toEqual({ user: 12, role: 'gold', active: true });
    expect(mock.callsTo('POST', MEMBERSHIPS)[0]?.headers['x-csrftoken']).toBe('t');
    expect(screen.getByLabelText('User ID')).toHaveValue(null);
    expect(screen.getByText('User #12 is now a gold member.')).toHaveAttribute('role', 'status');
  });

  it('adds the first member to an empty list, submitting with Enter', async () => {
    server('platinum');
    renderGold();
    await screen.findByText('No gold members yet');
    await userEvent.type(screen.getByLabelText('User ID'), '5{Enter}');
    await waitFor(() => expect(items('Gold members')).toEqual(['User #5 — Active']));
    expect(screen.queryByText('No gold members yet')).not.toBeInTheDocument();
  });

  it('replaces the entry the server answered with an existing id (a promotion or reactivation)', async () => {
    const mock = server('platinum', [
      { id: 10, user: 7, role: 'gold', active: false },
      { id: 11, user: 8, role: 'gold', active: true },
    ]);
    renderGold();
    await screen.findByRole('list', { name: 'Gold members' });
    await addUser('7', 'Add Gold Account');
    await waitFor(() => expect(items('Gold members')).toEqual(['User #7 — Active', 'User #8 — Active']));
    // The row comes from the list asked again, not from the form's answer pasted in.
    expect(mock.callsTo('GET', MEMBERSHIPS)).toHaveLength(2);
  });

  it.each([
    ['', 'User ID is required.'],
    ['abc', 'User ID is required.'],
    ['1.5', 'User ID must be a positive whole number.'],
    ['-3', 'User ID must be a positive whole number.'],
    ['0', 'User ID must be a positive whole number.'],
  ])('refuses %j without calling the server', async (typed, message) => {
    const mock = server('platinum');
    renderGold();
    await screen.findByText('No gold members yet');
    await addUser(typed, 'Add Gold Account');
    expect(screen.getByText(message)).toHaveAttribute('role', 'alert');
    expect(screen.getByLabelText('User ID')).toHaveAttribute('aria-invalid', 'true');
    expect(mock.callsTo('POST', MEMBERSHIPS)).toHaveLength(0);
  });

  it('refuses text a number input cannot parse', async () => {
    const mock = server('platinum');
    renderGold();
    const field = await screen.findByLabelText('User ID');
    // jsdom does not model unparsable number input; a browser reports it through validity.badInput.
    Object.defineProperty(field, 'validity', { value: { badInput: true } });
    await userEvent.click(screen.getByRole('button', { name: 'Add Gold Account' }));
    expect(screen.getByText('User ID must be a number.')).toBeInTheDocument();
    expect(mock.callsTo('POST', MEMBERSHIPS)).toHaveLength(0);
  });

  it('shows the server’s detail, or its error about the user id, and keeps the input', async () => {
    const mock = server('platinum');
    mock.on(`POST ${MEMBERSHIPS}`, {
      status: 409,
      body: { detail: "User 1 owns this shop: the owner's membership cannot be changed." },
    });
    renderGold();
    await screen.findByText('No gold members yet');
    await addUser('1', 'Add Gold Account');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "User 1 owns this shop: the owner's membership cannot be changed.",
    );
    expect(screen.getByLabelText('User ID')).toHaveValue(1);

    mock.on(`POST ${MEMBERSHIPS}`, {
      status: 400,
      body: { user: ['Invalid pk "999" - object does not exist.'] },
    });
    await addUser('999', 'Add Gold Account');
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Invalid pk "999" - object does not exist.'),
    );
    expect(screen.getByText('No gold members yet')).toBeInTheDocument();
  });

  it('says "Submission failed" when the server names no reason', async () => {
    const mock = server('platinum');
    mock.on(`POST ${MEMBERSHIPS}`, () => {
      throw new TypeError('Failed to fetch');
    });
    renderGold();
    await screen.findByText('No gold members yet');
    await addUser('4', 'Add Gold Account');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Submission failed$/);
  });

  it('disables the button while the account is being added', async () => {
    let release: () => void = () => undefined;
    const mock = server('platinum');
    mock.on(
      `POST ${MEMBERSHIPS}`,
      () =>
        new Promise(
          (resolve) =>
            (release = () => resolve({ status: 201, body: { id: 1, user: 4, role: 'gold', active: true } })),
        ),
    );
    renderGold();
    await screen.findByText('No gold members yet');
    await addUser('4', 'Add Gold Account');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add Gold Account' })).toBeDisabled());
    await userEvent.type(screen.getByLabelText('User ID'), '{Enter}');
    release();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add Gold Account' })).toBeEnabled());
    expect(mock.callsTo('POST', MEMBERSHIPS)).toHaveLength(1);
  });

  it('renders nothing without a signed-in user, and calls nothing', async () => {
    const mock = server(null);
    const { container } = renderGold();
    await waitFor(() => expect(mock.callsTo('GET', '/auth-check/')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(container.textContent).toBe('/login');
    expect(mock.callsTo('GET', MEMBERSHIPS)).toHaveLength(0);
  });

  it('tells a user without a shop so, instead of calling the API', async () => {
    const mock = server('platinum');
    mock.on('GET /auth-check/', { body: { ...authCheckAs('platinum'), shop: null } });
    renderGold();
    expect(
      await screen.findByText('You are not a member of a shop, so there are no members to manage here.'),
    ).toHaveAttribute('role', 'status');
    expect(screen.getByRole('heading', { level: 1, name: 'Gold Management' })).toBeInTheDocument();
    expect(screen.queryByLabelText('User ID')).not.toBeInTheDocument();
    expect(mock.callsTo('GET', MEMBERSHIPS)).toHaveLength(0);
  });
});

describe('/management/silver', () => {
  it('lists silver members with "Active: Yes" / "Active: No", asking with ?role=silver', async () => {
    const mock = server('gold', [
      { id: 20, user: 3, role: 'silver', active: true },
      { id: 21, user: 9, role: 'silver', active: false },
    ]);
    renderSilver();
    expect(await screen.findByRole('heading', { level: 1, name: 'Silver Management' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Silver members' });
    expect(items('Silver members')).toEqual(['User #3 — Active: Yes', 'User #9 — Active: No']);
    expect(mock.callsTo('GET', MEMBERSHIPS)[0]?.url).toBe(`/api${MEMBERSHIPS}?role=silver`);
  });

  it('says "No silver members yet" for an empty list, with a spinner first', async () => {
    server('gold');
    renderSilver();
    await waitFor(() => expect(screen.getByText('Loading...')).toBeInTheDocument());
    expect(await screen.findByText('No silver members yet')).toBeInTheDocument();
  });

  it('says "Failed to fetch silver members" when the list fails', async () => {
    const mock = server('gold');
    mock.on(`GET ${MEMBERSHIPS}`, { status: 503 });
    renderSilver();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to fetch silver members$/);
  });

  it('adds a silver account with role silver, appends it and clears the input', async () => {
    const mock = server('gold', [{ id: 20, user: 3, role: 'silver', active: true }]);
    renderSilver();
    await screen.findByRole('list', { name: 'Silver members' });
    await addUser('14', 'Add Silver Account');
    await waitFor(() =>
      expect(items('Silver members')).toEqual(['User #3 — Active: Yes', 'User #14 — Active: Yes']),
    );
    expect(mock.callsTo('POST', MEMBERSHIPS)[0]?.body).toEqual({ user: 14, role: 'silver', active: true });
    expect(screen.getByLabelText('User ID')).toHaveValue(null);
  });

  it('refuses an empty id without calling the server', async () => {
    const mock = server('gold');
    renderSilver();
    await screen.findByText('No silver members yet');
    await addUser('', 'Add Silver Account');
    expect(screen.getByText('User ID is required.')).toBeInTheDocument();
    expect(mock.callsTo('POST', MEMBERSHIPS)).toHaveLength(0);
  });

  it('shows why an add failed: the server’s detail, or "Submission failed"', async () => {
    const mock = server('gold');
    mock.on(`POST ${MEMBERSHIPS}`, {
      status: 403,
      body: { detail: 'You do not have permission to perform this action.' },
    });
    renderSilver();
    await screen.findByText('No silver members yet');
    await addUser('2', 'Add Silver Account');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You do not have permission to perform this action.',
    );

    mock.on(`POST ${MEMBERSHIPS}`, { status: 500 });
    await addUser('2', 'Add Silver Account');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^Submission failed$/));
  });

  it('renders nothing without a signed-in user', async () => {
    const mock = server(null);
    renderSilver();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(mock.callsTo('GET', MEMBERSHIPS)).toHaveLength(0);
  });
});

describe('member lists through the shared cache', () => {
  it('an add on the gold screen refreshes the silver list shown beside it, with no reload', async () => {
    const mock = server('platinum', [
      { id: 20, user: 3, role: 'silver', active: true },
      { id: 21, user: 9, role: 'silver', active: true },
    ]);
    const queryClient = createTestQueryClient();
    renderWithProviders(
      <>
        <GoldManagementPage />
        <SilverManagementPage />
      </>,
      { route: '/management/gold', queryClient },
    );
    await screen.findByRole('list', { name: 'Silver members' });
    expect(items('Silver members')).toEqual(['User #3 — Active: Yes', 'User #9 — Active: Yes']);

    // Promoting a silver member to gold takes them off the silver list: only the shared cache can tell it.
    const goldForm = within(screen.getByRole('form', { name: 'Add Gold Account' }));
    await userEvent.type(goldForm.getByLabelText('User ID'), '3');
    await userEvent.click(goldForm.getByRole('button', { name: 'Add Gold Account' }));
    await waitFor(() => expect(items('Silver members')).toEqual(['User #9 — Active: Yes']));
    expect(items('Gold members')).toEqual(['User #3 — Active']);
    expect(mock.callsTo('POST', MEMBERSHIPS)).toHaveLength(1);
  });

  it('shows the rows it had at once when the screen is visited again', async () => {
    const mock = server('platinum', [{ id: 10, user: 7, role: 'gold', active: true }]);
    const queryClient = createTestQueryClient();
    const first = renderGold(queryClient);
    await screen.findByRole('list', { name: 'Gold members' });
    first.unmount();

    // The service is slow now; the revisit must not wait for it.
    mock.on(`GET ${MEMBERSHIPS}`, () => new Promise(() => undefined));
    renderGold(queryClient);
    expect(await screen.findByRole('list', { name: 'Gold members' })).toBeInTheDocument();
    expect(items('Gold members')).toEqual(['User #7 — Active']);
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('titles the document after the screen', async () => {
    server('gold');
    const { unmount } = renderSilver();
    await screen.findByRole('heading', { level: 1, name: 'Silver Management' });
    await waitFor(() => expect(document.title).toBe('Silver Management · Loupe'));
    unmount();
    server('platinum');
    renderGold();
    await screen.findByRole('heading', { level: 1, name: 'Gold Management' });
    await waitFor(() => expect(document.title).toBe('Gold Management · Loupe'));
  });
});
