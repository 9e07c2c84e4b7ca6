import { RequireAuth } from '@loupe/platform';
import { authCheckAs, createFetchMock, renderWithProviders, type FetchMock } from '@loupe/platform/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { SignInPage } from '../src/app/sign-in-page';

const landingRoutes = (
  <>
    <Route path="/dashboard" element={<p>dashboard page</p>} />
    <Route
      path="/clients"
      element={
        <RequireAuth>
          <p>clients page</p>
        </RequireAuth>
      }
    />
  </>
);

/** A server where POST /token/ signs `gold` in unless `tokenAnswer` says otherwise. */
function server(tokenAnswer?: Parameters<FetchMock['on']>[1]): FetchMock {
  let signedIn = false;
  const mock = createFetchMock({
    'GET /auth-check/': () => ({ body: authCheckAs(signedIn ? 'gold' : null) }),
    'GET /csrf/': { cookies: { csrftoken: 'token-1' } },
    'POST /token/': tokenAnswer ?? (() => ((signedIn = true), { body: {} })),
  });
  window.fetch = mock.fetch;
  return mock;
}

function renderLogin(route = '/login') {
  return renderWithProviders(<SignInPage />, { route, path: '/login', extraRoutes: landingRoutes });
}

async function fillAndSubmit(username = 'gold', password = 'loupe-demo-2026') {
  await userEvent.type(await screen.findByLabelText('Username'), username);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('/login, the shell’s own screen', () => {
  it('shows a title, the two fields and the Sign in button', async () => {
    server();
    renderLogin();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Loupe' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Username')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('titles the document "Sign in · Loupe"', async () => {
    server();
    renderLogin();
    await screen.findByLabelText('Username');
    await waitFor(() => expect(document.title).toBe('Sign in · Loupe'));
  });

  it('requires both fields and sends nothing when one is empty', async () => {
    const mock = server();
    renderLogin();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Username is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(screen.getByLabelText('Username'), 'gold');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.queryByText('Username is required.')).not.toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(mock.callsTo('POST', '/token/')).toHaveLength(0);
  });

  it('fetches the CSRF cookie on mount when there is none, and not when there is one', async () => {
    const mock = server();
    const first = renderLogin();
    await waitFor(() => expect(mock.callsTo('GET', '/csrf/')).toHaveLength(1));
    expect(mock.callsTo('GET', '/csrf/')[0]?.headers['x-skip-csrf']).toBe('true');
    first.unmount();
    renderLogin();
    await screen.findByLabelText('Username');
    expect(mock.callsTo('GET', '/csrf/')).toHaveLength(1);
  });

  it('says so when the CSRF cookie cannot be fetched', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const mock = server();
    mock.on('GET /csrf/', { status: 500, body: { detail: 'down' } });
    renderLogin();
    expect(await screen.findByText('Failed to initialize login. Please refresh the page.')).toHaveAttribute(
      'role',
      'alert',
    );
    spy.mockRestore();
  });

  it('reads "Signing in..." and is disabled while the sign-in is pending, then goes to /dashboard', async () => {
    let release: () => void = () => undefined;
    let signedIn = false;
    const mock = server(
      () =>
        new Promise((resolve) => {
          release = () => {
            signedIn = true;
            resolve({ body: {} });
          };
        }),
    );
    mock.on('GET /auth-check/', () => ({ body: authCheckAs(signedIn ? 'gold' : null) }));
    renderLogin();
    await fillAndSubmit();
    const button = await screen.findByRole('button', { name: 'Signing in...' });
    expect(button).toBeDisabled();
    // A second Enter while busy sends nothing more.
    await userEvent.type(screen.getByLabelText('Password'), '{Enter}');
    release();
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
    expect(mock.callsTo('POST', '/token/')).toHaveLength(1);
    expect(mock.callsTo('POST', '/token/')[0]?.body).toEqual({
      username: 'gold',
      password: 'loupe-demo-2026',
    });
    expect(mock.callsTo('POST', '/token/')[0]?.headers['x-csrftoken']).toBe('token-1');
  });

  it('submits with Enter from the password field', async () => {
    server();
    renderLogin();
    await userEvent.type(await screen.findByLabelText('Username'), 'gold');
    await userEvent.type(screen.getByLabelText('Password'), 'loupe-demo-2026{Enter}');
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
  });

  it('returns to the remembered location after sign-in', async () => {
    server();
    renderLogin('/clients?page=2');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    await fillAndSubmit();
    expect(await screen.findByText('clients page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/clients?page=2');
  });

  it('shows the detail the server answered (a 429 too) and stays on /login', async () => {
    const mock = server({ status: 400, body: { detail: 'Invalid username or password.' } });
    renderLogin();
    await fillAndSubmit('gold', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password.');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');

    mock.on('POST /token/', {
      status: 429,
      body: { detail: 'Too many failed attempts. Try again in 60 seconds.' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Too many failed attempts. Try again in 60 seconds.')).toBeInTheDocument();
    expect(screen.queryByText('Invalid username or password.')).not.toBeInTheDocument();
  });

  it('falls back to "Login failed. Please try again." without a detail', async () => {
    server({ status: 500, body: { error: 'boom' } });
    renderLogin();
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Login failed\. Please try again\.$/);
  });

  it('shows the same fallback for a non-HTTP error (network down)', async () => {
    server(() => {
      throw new TypeError('Failed to fetch');
    });
    renderLogin();
    await fillAndSubmit();
    expect(await screen.findByText('Login failed. Please try again.')).toBeInTheDocument();
  });

  it('treats an accepted token without a session as a failure', async () => {
    const mock = server({ body: {} });
    mock.on('GET /auth-check/', { body: authCheckAs(null) });
    renderLogin();
    await fillAndSubmit();
    expect(await screen.findByText('Login failed. Please try again.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('sends a user who is already signed in to /dashboard', async () => {
    const mock = server();
    mock.on('GET /auth-check/', { body: authCheckAs('platinum') });
    renderLogin();
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
  });
});
