import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { AuthProvider, RequireAuth, RequireRole, rememberedPath, useAuth } from '../src/auth';
import { http } from '../src/http';
import { setShopTimeZone, shopZone } from '../src/lib/dates';
import { ThemeModeProvider } from '../src/theme';
import { authCheckAs, createFetchMock, LocationProbe, type FetchMock } from '../src/testing';

function Who() {
  const { user, role, loading } = useAuth();
  return <p>{loading ? 'checking' : user ? `${user.username}/${role}` : 'nobody'}</p>;
}

function Nav() {
  const navigate = useNavigate();
  return (
    <>
      <button onClick={() => navigate('/a')}>to a</button>
      <button onClick={() => navigate('/b')}>to b</button>
    </>
  );
}

function Actions({ onDone }: { onDone?: (v: unknown) => void }) {
  const auth = useAuth();
  return (
    <>
      <button onClick={() => auth.login('gold', 'pw').then(onDone, onDone)}>login</button>
      <button onClick={() => void auth.logout()}>logout</button>
      <button onClick={() => void http.get('/api/profile/me/').catch(() => undefined)}>profile</button>
    </>
  );
}

function mount(mock: FetchMock, initial = '/a', fullPageLoad = jest.fn()) {
  window.fetch = mock.fetch;
  render(
    <MemoryRouter initialEntries={[initial]}>
      <ThemeModeProvider>
        <AuthProvider fullPageLoad={fullPageLoad}>
          <Who />
          <Nav />
          <Actions />
          <Routes>
            <Route path="/a" element={<RequireAuth>page a</RequireAuth>} />
            <Route path="/b" element={<RequireRole roles={['platinum']}>page b</RequireRole>} />
            <Route path="/login" element={<p>login page</p>} />
            <Route path="/unauthorized" element={<p>unauthorized page</p>} />
          </Routes>
          <LocationProbe />
        </AuthProvider>
      </ThemeModeProvider>
    </MemoryRouter>,
  );
  return fullPageLoad;
}

describe('auth', () => {
  it('throws the spec message outside the provider', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Who />)).toThrow('useAuth must be used inside <AuthProvider>');
    spy.mockRestore();
  });

  it('shows the loading spinner first, then the guarded page; re-checks the session on every path change', async () => {
    const mock = createFetchMock({ 'GET /auth-check/': { body: authCheckAs('platinum') } });
    mount(mock);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('page a')).toBeInTheDocument();
    expect(screen.getByText('platinum/platinum')).toBeInTheDocument();
    expect(mock.callsTo('GET', '/auth-check/')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'to b' }));
    expect(await screen.findByText('page b')).toBeInTheDocument();
    await waitFor(() => expect(mock.callsTo('GET', '/auth-check/')).toHaveLength(2));
  });

  it("days are read in the shop's zone that auth-check names, and in no shop's zone after a 401", async () => {
    setShopTimeZone(null);
    const check = authCheckAs('gold');
    const mock = createFetchMock({
      'GET /auth-check/': {
        body: { ...check, shop: { id: 1, name: 'Loupe NY', time_zone: 'America/New_York' } },
      },
      'GET /api/profile/me/': {
        status: 401,
        body: { detail: 'Authentication credentials were not provided.' },
      },
    });
    mount(mock, '/a');
    expect(await screen.findByText('page a')).toBeInTheDocument();
    expect(shopZone()).toBe('America/New_York');
    mock.on('GET /auth-check/', { body: authCheckAs(null) });
    await userEvent.click(screen.getByRole('button', { name: 'profile' }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(shopZone()).toBeUndefined();
  });

  it('sends an anonymous visitor to /login remembering where they were going', async () => {
    const mock = createFetchMock({ 'GET /auth-check/': { body: authCheckAs(null) } });
    mount(mock, '/a');
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('counts a failed auth-check as signed out', async () => {
    const mock = createFetchMock({ 'GET /auth-check/': { status: 500, body: 'boom' } });
    mount(mock, '/a');
    expect(await screen.findByText('login page')).toBeInTheDocument();
  });

  it('role guard sends users outside the list to /unauthorized', async () => {
    const mock = createFetchMock({ 'GET /auth-check/': { body: authCheckAs('gold') } });
    mount(mock, '/b');
    expect(await screen.findByText('unauthorized page')).toBeInTheDocument();
  });

  it('a 401 on any call clears the user and replaces history with /login', async () => {
    const mock = createFetchMock({
      'GET /auth-check/': { body: authCheckAs('gold') },
      'GET /api/profile/me/': {
        status: 401,
        body: { detail: 'Authentication credentials were not provided.' },
      },
    });
    mount(mock, '/a');
    expect(await screen.findByText('page a')).toBeInTheDocument();
    mock.on('GET /auth-check/', { body: authCheckAs(null) });
    await userEvent.click(screen.getByRole('button', { name: 'profile' }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(screen.getByText('nobody')).toBeInTheDocument();
  });

  it('sign-out clears the user and does a full page load of /login even when the call fails', async () => {
    const mock = createFetchMock({
      'GET /auth-check/': { body: authCheckAs('gold') },
      'GET /csrf/': { cookies: { csrftoken: 't' } },
      'POST /logout/': { status: 500, body: { detail: 'down' } },
    });
    const fullPageLoad = mount(mock, '/a');
    expect(await screen.findByText('page a')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'logout' }));
    await waitFor(() => expect(fullPageLoad).toHaveBeenCalledWith('/login'));
    expect(mock.callsTo('POST', '/logout/')).toHaveLength(1);
    expect(screen.getByText('nobody')).toBeInTheDocument();
  });

  it('sign-in posts the credentials then re-checks the session', async () => {
    let signedIn = false;
    const mock = createFetchMock({
      'GET /auth-check/': () => ({ body: authCheckAs(signedIn ? 'gold' : null) }),
      'GET /csrf/': { cookies: { csrftoken: 't' } },
      'POST /token/': () => {
        signedIn = true;
        return { body: {} };
      },
    });
    mount(mock, '/login');
    expect(await screen.findByText('nobody')).toBeInTheDocument();
    await act(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'login' }));
    });
    expect(await screen.findByText('gold/gold')).toBeInTheDocument();
    expect(mock.callsTo('POST', '/token/')[0]?.body).toEqual({ username: 'gold', password: 'pw' });
  });

  it('remembers the path to return to after sign-in', () => {
    expect(rememberedPath({ from: { pathname: '/clients', search: '?page=2', hash: '' } })).toBe(
      '/clients?page=2',
    );
    expect(rememberedPath(null)).toBe('/dashboard');
    expect(rememberedPath({ from: { pathname: '/login' } })).toBe('/dashboard');
  });
});
