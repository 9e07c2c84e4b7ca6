import type { SessionInfo, SessionList } from '@loupe/contracts';
import { authCheckAs, createFetchMock, renderWithProviders, type FetchMock } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccountSettingsPage } from '../src/features/account/components/account-settings-page';

const SESSIONS = '/api/account/sessions/';
const SIGN_OUT_OTHERS = '/api/account/sessions/sign-out-others/';

const session = (overrides: Partial<SessionInfo> & Pick<SessionInfo, 'id' | 'device'>): SessionInfo => ({
  ip_address: '192.0.2.10',
  created_at: '2026-03-01T09:00:00Z',
  last_seen_at: '2026-03-09T14:05:00Z',
  current: false,
  ...overrides,
});

const THIS = session({ id: 'cur', device: 'Firefox 140 on macOS', ip_address: '192.0.2.1', current: true });
const PHONE = session({
  id: 'p1',
  device: 'Safari 18 on iOS',
  ip_address: '198.51.100.7',
  // 23:30 UTC is already the next day in Tokyo, the shop's zone below.
  last_seen_at: '2026-03-09T23:30:00Z',
});
const LAPTOP = session({ id: 'l 2', device: 'Chrome 142 on Linux', ip_address: '203.0.113.5' });

/**
 * A sessions service that keeps the live sessions and ends them as asked, in a shop whose zone is Tokyo (so a
 * time shown in the browser's zone, UTC here, would read differently).
 */
function server(initial: SessionInfo[] = [PHONE, THIS, LAPTOP]): FetchMock {
  let live = [...initial];
  const list = (): SessionList => ({ results: live, count: live.length });
  const check = authCheckAs('gold');
  const mock = createFetchMock({
    'GET /auth-check/': { body: { ...check, shop: { id: 1, name: 'Loupe Demo', time_zone: 'Asia/Tokyo' } } },
    'GET /csrf/': { cookies: { csrftoken: 't' } },
    'GET /api/profile/me/': { body: { id: 2, username: 'gold', email: '', first_name: '', last_name: '' } },
    [`GET ${SESSIONS}`]: () => ({ body: list() }),
    [`POST ${SIGN_OUT_OTHERS}`]: () => {
      const ended = live.filter((s) => !s.current).length;
      live = live.filter((s) => s.current);
      return { body: { detail: `Signed out ${ended} other sessions.`, count: ended } };
    },
  });
  for (const { id } of initial) {
    mock.on(`DELETE ${SESSIONS}${encodeURIComponent(id)}/`, () => {
      const before = live.length;
      live = live.filter((s) => s.id !== id);
      return live.length < before ? { status: 204 } : { status: 404, body: { detail: 'Not found.' } };
    });
  }
  window.fetch = mock.fetch;
  return mock;
}

const renderPage = () => renderWithProviders(<AccountSettingsPage />, { route: '/account/settings' });
const sessionList = () => screen.findByRole('list', { name: 'Your sessions' });
const rows = async () => within(await sessionList()).getAllByRole('listitem');
const region = () => screen.getByRole('region', { name: 'Your sessions' });
const signOutOthersButton = () => within(region()).getByRole('button', { name: 'Sign out other sessions' });

/** The page with its sessions loaded. */
async function renderLoaded() {
  renderPage();
  await sessionList();
}

/** Presses "Sign out other sessions" and answers the dialog that asks first. */
async function askToSignOutOthers() {
  await userEvent.click(signOutOthersButton());
  return screen.getByRole('dialog', { name: 'Sign out other sessions?' });
}

const confirmIn = (dialog: HTMLElement) =>
  userEvent.click(within(dialog).getByRole('button', { name: 'Sign out other sessions' }));

describe('/account/settings — Your sessions', () => {
  it('lists each session with its device, address and last seen in the shop zone, this one first and marked', async () => {
    server();
    renderPage();
    expect(screen.getByRole('heading', { level: 2, name: 'Your sessions' })).toBeInTheDocument();
    expect(within(region()).getByText('Loading sessions...')).toBeInTheDocument();
    const [first, second, third] = await rows();
    expect(first).toHaveTextContent('Firefox 140 on macOS');
    expect(first).toHaveTextContent('This device');
    expect(first).toHaveTextContent('192.0.2.1');
    // No way to end this session from here: signing out does that.
    expect(within(first as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
    expect(second).toHaveTextContent('Safari 18 on iOS');
    expect(second).toHaveTextContent('198.51.100.7 · Last seen 10 Mar 2026, 08:30');
    expect(second).not.toHaveTextContent('This device');
    expect(third).toHaveTextContent('Chrome 142 on Linux');
    expect(third).toHaveTextContent('203.0.113.5 · Last seen 9 Mar 2026, 23:05');
  });

  it('names each Sign out button after its device and describes it by its address', async () => {
    server();
    await renderLoaded();
    const button = screen.getByRole('button', { name: 'Sign out Chrome 142 on Linux' });
    expect(button).toHaveAccessibleDescription(/^203\.0\.113\.5 · Last seen/);
    expect(screen.getByRole('button', { name: 'Sign out Safari 18 on iOS' })).toBeEnabled();
    expect(signOutOthersButton()).toBeEnabled();
  });

  it('signs one session out with DELETE to its id and shows the list without it', async () => {
    const mock = server();
    await renderLoaded();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out Chrome 142 on Linux' }));
    expect(await within(region()).findByRole('status')).toHaveTextContent('Signed out Chrome 142 on Linux.');
    // The id is a path segment, encoded.
    expect(mock.callsTo('DELETE', `${SESSIONS}l%202/`)).toHaveLength(1);
    expect(mock.calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
    expect(mock.callsTo('GET', SESSIONS)).toHaveLength(2);
    expect(await rows()).toHaveLength(2);
    expect(await sessionList()).not.toHaveTextContent('Chrome 142 on Linux');
    expect(await sessionList()).toHaveTextContent('Safari 18 on iOS');
    // The button that had focus is gone: the outcome takes it rather than the top of the page.
    expect(within(region()).getByRole('status').parentElement).toHaveFocus();
  });

  it('treats a session that had already ended as signed out, and refreshes the list all the same', async () => {
    const mock = server();
    await renderLoaded();
    // Ended elsewhere in the meantime: the service no longer knows it.
    mock.on(`DELETE ${SESSIONS}p1/`, { status: 404, body: { detail: 'Not found.' } });
    mock.on(`GET ${SESSIONS}`, { body: { results: [THIS, LAPTOP], count: 2 } });
    await userEvent.click(screen.getByRole('button', { name: 'Sign out Safari 18 on iOS' }));
    expect(await within(region()).findByRole('status')).toHaveTextContent(
      'Safari 18 on iOS was already signed out.',
    );
    await waitFor(async () => expect(await sessionList()).not.toHaveTextContent('Safari 18 on iOS'));
  });

  it('ignores another sign-out while one is under way, and marks the buttons unavailable meanwhile', async () => {
    const mock = server();
    let release: () => void = () => undefined;
    mock.on(
      `DELETE ${SESSIONS}p1/`,
      () => new Promise((resolve) => (release = () => resolve({ status: 204 }))),
    );
    await renderLoaded();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out Safari 18 on iOS' }));
    const laptopButton = screen.getByRole('button', { name: 'Sign out Chrome 142 on Linux' });
    await waitFor(() => expect(laptopButton).toHaveAttribute('aria-disabled', 'true'));
    await userEvent.click(laptopButton);
    await userEvent.click(signOutOthersButton());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    release();
    expect(await within(region()).findByRole('status')).toHaveTextContent('Signed out Safari 18 on iOS.');
    expect(mock.calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Sign out Chrome 142 on Linux' })).not.toHaveAttribute(
      'aria-disabled',
    );
  });

  it('says why one session could not be signed out', async () => {
    const mock = server();
    await renderLoaded();
    mock.on(`DELETE ${SESSIONS}p1/`, { status: 500, body: 'Internal Server Error' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign out Safari 18 on iOS' }));
    expect(await within(region()).findByRole('alert')).toHaveTextContent(
      'The session could not be signed out. Please try again.',
    );
    // Focus stays on the button, ready for a second try.
    expect(screen.getByRole('button', { name: 'Sign out Safari 18 on iOS' })).toHaveFocus();
    expect(await sessionList()).toHaveTextContent('Safari 18 on iOS');
  });

  it('asks before signing the other sessions out, then shows what the server said and the list left', async () => {
    const mock = server();
    await renderLoaded();
    const dialog = await askToSignOutOthers();
    expect(dialog).toHaveTextContent('This signs out 2 other sessions on other devices or browsers');
    expect(mock.callsTo('POST', SIGN_OUT_OTHERS)).toHaveLength(0);

    await confirmIn(dialog);
    expect(await within(region()).findByRole('status')).toHaveTextContent(/^Signed out 2 other sessions\.$/);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(mock.callsTo('POST', SIGN_OUT_OTHERS)).toHaveLength(1);
    expect(mock.callsTo('POST', SIGN_OUT_OTHERS)[0]?.headers['x-csrftoken']).toBe('t');
    const left = await rows();
    expect(left).toHaveLength(1);
    expect(left[0]).toHaveTextContent('This device');
    expect(signOutOthersButton()).toBeDisabled();
    // Its opener is disabled now, so focus goes to what happened rather than to the top of the page.
    expect(within(region()).getByRole('status').parentElement).toHaveFocus();
  });

  it('signs nothing out when the question is closed', async () => {
    const mock = server();
    await renderLoaded();
    const dialog = await askToSignOutOthers();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Escape is a way out too.
    await userEvent.click(signOutOthersButton());
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(mock.callsTo('POST', SIGN_OUT_OTHERS)).toHaveLength(0);
    expect(await rows()).toHaveLength(3);
    expect(signOutOthersButton()).toHaveFocus();
  });

  it('keeps the question open with the reason when the sign-out fails', async () => {
    const mock = server();
    mock.on(`POST ${SIGN_OUT_OTHERS}`, { status: 429, body: { detail: 'Request was throttled.' } });
    await renderLoaded();
    const dialog = await askToSignOutOthers();
    await confirmIn(dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Request was throttled.');
    expect(await rows()).toHaveLength(3);
  });

  it('with this session alone, disables "Sign out other sessions" and says why', async () => {
    server([THIS]);
    renderPage();
    const [only] = await rows();
    expect(only).toHaveTextContent('This device');
    const button = signOutOthersButton();
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('You are not signed in anywhere else.');
  });

  it('says when the sessions cannot be loaded, and Retry asks again', async () => {
    const mock = server();
    mock.on(`GET ${SESSIONS}`, { status: 500, body: { detail: 'Try later.' } });
    renderPage();
    expect(await within(region()).findByRole('alert')).toHaveTextContent(
      'Failed to load your sessions. Try later.',
    );
    expect(
      within(region()).queryByRole('button', { name: 'Sign out other sessions' }),
    ).not.toBeInTheDocument();

    mock.on(`GET ${SESSIONS}`, { body: { results: [THIS, LAPTOP], count: 2 } });
    await userEvent.click(within(region()).getByRole('button', { name: 'Retry' }));
    expect(await rows()).toHaveLength(2);
    expect(within(region()).queryByRole('alert')).not.toBeInTheDocument();
  });
});
