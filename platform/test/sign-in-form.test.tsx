import type { ReactElement } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { SignInForm, SignInScreen } from '../src/auth';
import { authCheckAs, createFetchMock, renderWithProviders, type MockHandler } from '../src/testing';

/**
 * The form on its own, in no page at all: what remote-auth's /login and the shell's fallback for it both get
 * from the platform. Their own suites show it inside each frame.
 */
function mount({
  token,
  authCheck,
  ui = <SignInForm />,
}: {
  token?: MockHandler;
  authCheck?: MockHandler;
  ui?: ReactElement;
}) {
  let signedIn = false;
  const api = createFetchMock({
    'GET /auth-check/': authCheck ?? (() => ({ body: authCheckAs(signedIn ? 'silver' : null) })),
    'GET /csrf/': { cookies: { csrftoken: 'form-token' } },
    'POST /token/': token ?? (() => ((signedIn = true), { body: {} })),
  });
  window.fetch = api.fetch;
  renderWithProviders(ui, {
    route: '/login',
    extraRoutes: <Route path="/dashboard" element={<p>dashboard page</p>} />,
  });
  return api;
}

const location = () => screen.getByTestId('location').textContent;

describe('SignInForm', () => {
  it('waits for the session check with a spinner, then offers the spec’s fields and button', async () => {
    let answer: () => void = () => undefined;
    mount({
      authCheck: () => new Promise((resolve) => (answer = () => resolve({ body: authCheckAs(null) }))),
    });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Sign in' })).not.toBeInTheDocument();
    answer();
    const form = await screen.findByRole('form', { name: 'Sign in' });
    expect(within(form).getByLabelText('Username')).toHaveAttribute('autocomplete', 'username');
    expect(within(form).getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
    expect(within(form).getByRole('button', { name: 'Sign in' })).toBeEnabled();
    // The frame, not the form, titles the screen.
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });

  it('primes the CSRF cookie, signs in with it (the username trimmed) and goes to /dashboard', async () => {
    document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    const api = mount({});
    await waitFor(() => expect(api.callsTo('GET', '/csrf/')).toHaveLength(1));
    await userEvent.type(await screen.findByLabelText('Username'), '  silver ');
    await userEvent.type(screen.getByLabelText('Password'), 'loupe-demo-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    const [call] = api.callsTo('POST', '/token/');
    expect(call?.body).toEqual({ username: 'silver', password: 'loupe-demo-2026' });
    expect(call?.headers['x-csrftoken']).toBe('form-token');
  });

  it('shows the server’s detail, keeps the visitor on /login and lets them try again', async () => {
    const api = mount({ token: { status: 400, body: { detail: 'Invalid username or password.' } } });
    await userEvent.type(await screen.findByLabelText('Username'), 'silver');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password.');
    expect(location()).toBe('/login');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(api.callsTo('POST', '/token/')).toHaveLength(1);
  });

  it('requires both fields: nothing is sent, each is told beside it, and the focus goes to the first', async () => {
    const api = mount({});
    await userEvent.type(await screen.findByLabelText('Username'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const username = screen.getByLabelText('Username');
    const password = screen.getByLabelText('Password');
    expect(username).toHaveAccessibleDescription('Username is required.');
    expect(password).toHaveAccessibleDescription('Password is required.');
    expect(username).toHaveFocus();
    expect(api.callsTo('POST', '/token/')).toHaveLength(0);
    // Typing answers the field's message; the other stays until the next try.
    await userEvent.type(password, 'loupe-demo-2026');
    expect(password).not.toHaveAttribute('aria-invalid');
    expect(username).toHaveAttribute('aria-invalid', 'true');
  });

  it('says "Signing in..." while the sign-in runs, and a second press sends nothing more', async () => {
    let answer: () => void = () => undefined;
    const api = mount({
      token: () =>
        new Promise(
          (resolve) =>
            (answer = () =>
              resolve({
                status: 429,
                body: { detail: 'Request was throttled. Expected available in 42 seconds.' },
              })),
        ),
    });
    await userEvent.type(await screen.findByLabelText('Username'), 'silver');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong{Enter}');
    const busy = await screen.findByRole('button', { name: 'Signing in...' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    await userEvent.type(screen.getByLabelText('Password'), '{Enter}');
    answer();
    // The throttle's own words, as the service wrote them.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Request was throttled. Expected available in 42 seconds.',
    );
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(api.callsTo('POST', '/token/')).toHaveLength(1);
  });

  it('says the generic failure when the refusal explains nothing', async () => {
    mount({ token: { status: 500, body: {} } });
    await userEvent.type(await screen.findByLabelText('Username'), 'silver');
    await userEvent.type(screen.getByLabelText('Password'), 'secret{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Please try again.');
    expect(screen.getByLabelText('Username')).toHaveValue('silver');
  });

  it('sends someone already signed in on at once', async () => {
    mount({ authCheck: { body: authCheckAs('gold') } });
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Sign in' })).not.toBeInTheDocument();
  });
});

describe('SignInScreen', () => {
  it('titles the form as /login does, with the line its page puts under the title', async () => {
    mount({ ui: <SignInScreen subtitle="A quiet line" /> });
    const panel = await screen.findByRole('region', { name: 'Sign in to Loupe' });
    expect(within(panel).getByRole('heading', { level: 1, name: 'Sign in to Loupe' })).toBeInTheDocument();
    expect(within(panel).getByText('A quiet line')).toBeInTheDocument();
    expect(await within(panel).findByRole('form', { name: 'Sign in' })).toBeInTheDocument();
  });
});
