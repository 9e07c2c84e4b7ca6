import { useAuth } from '@loupe/platform';
import { authCheckAs, createFetchMock, renderWithProviders, type FetchMock } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccountSettingsPage } from '../src/features/account/components/account-settings-page';

const FORCED = 'Choose a new password to go on.';

/** How the shell holds a user who must change the password: it reads the session's flag through useAuth. */
function ForcedChangeNotice() {
  const { mustChangePassword } = useAuth();
  return mustChangePassword ? <p>{FORCED}</p> : null;
}

const thisSession = {
  id: 'cur',
  device: 'Firefox 140 on macOS',
  ip_address: '192.0.2.1',
  created_at: '2026-03-01T09:00:00Z',
  last_seen_at: '2026-03-09T14:05:00Z',
  current: true,
};
const laptop = { ...thisSession, id: 'l1', device: 'Chrome 142 on Linux', current: false };

const profile = { id: 2, username: 'gold', email: 'gold@loupe.test', first_name: 'Gil', last_name: 'Gold' };

function server(): FetchMock {
  const mock = createFetchMock({
    'GET /auth-check/': { body: authCheckAs('gold') },
    'GET /csrf/': { cookies: { csrftoken: 't' } },
    'GET /api/profile/me/': { body: profile },
    'PUT /api/profile/update_profile/': (call) => ({ body: { id: 2, ...(call.body as object) } }),
    'POST /api/account/change-password/': { body: { detail: 'Password changed successfully.' } },
    'GET /api/account/sessions/': { body: { results: [thisSession], count: 1 } },
  });
  window.fetch = mock.fetch;
  return mock;
}

const renderPage = () => renderWithProviders(<AccountSettingsPage />, { route: '/account/settings' });
const profileForm = () => screen.getByRole('form', { name: 'Profile' });
const passwordForm = () => screen.getByRole('form', { name: 'Change password' });

async function fillPasswords(current: string, next: string, confirm: string) {
  if (current) await userEvent.type(screen.getByLabelText('Current password'), current);
  if (next) await userEvent.type(screen.getByLabelText('New password'), next);
  if (confirm) await userEvent.type(screen.getByLabelText('Confirm new password'), confirm);
}

describe('/account/settings — profile', () => {
  it('loads the profile into the form, with the username read-only, and shows the user ID', async () => {
    server();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Email')).toHaveValue('gold@loupe.test');
    expect(screen.getByLabelText('Username')).toHaveValue('gold');
    expect(screen.getByLabelText('Username')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('First name')).toHaveValue('Gil');
    expect(screen.getByLabelText('Last name')).toHaveValue('Gold');
    expect(screen.getByText('Your user ID: 2')).toBeInTheDocument();
  });

  it('shows a spinner while the profile loads', async () => {
    server();
    renderPage();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await screen.findByLabelText('Email');
  });

  it('says "Failed to load profile data." when the profile cannot be loaded', async () => {
    const mock = server();
    mock.on('GET /api/profile/me/', { status: 500, body: { detail: 'boom' } });
    renderPage();
    expect(await screen.findByText('Failed to load profile data.')).toHaveAttribute('role', 'alert');
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
    // The password form does not depend on the profile.
    expect(screen.getByRole('button', { name: 'Change Password' })).toBeInTheDocument();
  });

  it('saves username, email, first and last name with PUT and confirms', async () => {
    const mock = server();
    renderPage();
    const email = await screen.findByLabelText('Email');
    await userEvent.clear(email);
    await userEvent.type(email, 'gil@example.com');
    await userEvent.clear(screen.getByLabelText('Last name'));
    await userEvent.type(screen.getByLabelText('Last name'), 'Goldsmith{Enter}');
    expect(await screen.findByText('Profile updated successfully.')).toHaveAttribute('role', 'status');
    expect(mock.callsTo('PUT', '/api/profile/update_profile/')[0]?.body).toEqual({
      username: 'gold',
      email: 'gil@example.com',
      first_name: 'Gil',
      last_name: 'Goldsmith',
    });
    expect(screen.getByLabelText('Last name')).toHaveValue('Goldsmith');
  });

  it('on failure says "Failed to update profile.", shows the field errors and keeps what was typed', async () => {
    const mock = server();
    mock.on('PUT /api/profile/update_profile/', {
      status: 400,
      body: { email: ['Enter a valid email address.'] },
    });
    renderPage();
    const email = await screen.findByLabelText('Email');
    await userEvent.clear(email);
    await userEvent.type(email, 'not-an-email');
    await userEvent.click(within(profileForm()).getByRole('button', { name: 'Save Changes' }));
    expect(await within(profileForm()).findByText('Failed to update profile.')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(within(profileForm()).getByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('not-an-email');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Profile updated successfully.')).not.toBeInTheDocument();
  });

  it('says "Failed to update profile." for a failure without field errors', async () => {
    const mock = server();
    mock.on('PUT /api/profile/update_profile/', () => {
      throw new TypeError('Failed to fetch');
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update profile.')).toBeInTheDocument();
  });
});

describe('/account/settings — change password', () => {
  it('requires all three fields and sends nothing otherwise', async () => {
    const mock = server();
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(screen.getByText('Current password is required.')).toBeInTheDocument();
    expect(screen.getByText('New password is required.')).toBeInTheDocument();
    expect(screen.getByText('Please confirm the new password.')).toBeInTheDocument();
    await fillPasswords('old-secret', 'n3w-Passphrase!', '');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(screen.getByText('Please confirm the new password.')).toBeInTheDocument();
    expect(screen.queryByText('Current password is required.')).not.toBeInTheDocument();
    expect(mock.callsTo('POST', '/api/account/change-password/')).toHaveLength(0);
  });

  it('refuses a confirmation that does not match with "New passwords do not match." and sends nothing', async () => {
    const mock = server();
    renderPage();
    await fillPasswords('old-secret', 'n3w-Passphrase!', 'n3w-Passphrase?');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(screen.getByText('New passwords do not match.')).toBeInTheDocument();
    expect(mock.callsTo('POST', '/api/account/change-password/')).toHaveLength(0);
  });

  it('disables the form while submitting, then confirms and clears the three fields', async () => {
    const mock = server();
    let release: () => void = () => undefined;
    mock.on(
      'POST /api/account/change-password/',
      () =>
        new Promise(
          (resolve) => (release = () => resolve({ body: { detail: 'Password changed successfully.' } })),
        ),
    );
    renderPage();
    await fillPasswords('old-secret', 'n3w-Passphrase!', 'n3w-Passphrase!');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Change Password' })).toBeDisabled());
    expect(screen.getByLabelText('Current password')).toBeDisabled();
    expect(screen.getByLabelText('New password')).toBeDisabled();
    expect(screen.getByLabelText('Confirm new password')).toBeDisabled();
    release();
    expect(await screen.findByText('Password changed successfully.')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: 'Change Password' })).toBeEnabled();
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    expect(screen.getByLabelText('New password')).toHaveValue('');
    expect(screen.getByLabelText('Confirm new password')).toHaveValue('');
    expect(mock.callsTo('POST', '/api/account/change-password/')[0]?.body).toEqual({
      current_password: 'old-secret',
      new_password: 'n3w-Passphrase!',
    });
  });

  it('shows new_password, then current_password, then detail, lists joined with spaces', async () => {
    const mock = server();
    mock.on('POST /api/account/change-password/', {
      status: 400,
      body: {
        detail: 'Please check the form.',
        current_password: ['Your old password was entered incorrectly. Please enter it again.'],
        new_password: ['This password is too short.', 'This password is too common.'],
      },
    });
    renderPage();
    await fillPasswords('wrong', 'short', 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    const alert = await within(passwordForm()).findByRole('alert');
    expect(alert).toHaveTextContent(
      /^This password is too short\. This password is too common\. Your old password was entered incorrectly\. Please enter it again\. Please check the form\.$/,
    );
    // What was typed stays, so the user can correct it.
    expect(screen.getByLabelText('Current password')).toHaveValue('wrong');
  });

  it('shows only the parts present, e.g. current_password alone or detail alone', async () => {
    const mock = server();
    mock.on('POST /api/account/change-password/', {
      status: 400,
      body: { current_password: ['Your old password was entered incorrectly. Please enter it again.'] },
    });
    renderPage();
    await fillPasswords('wrong', 'n3w-Passphrase!', 'n3w-Passphrase!');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await within(passwordForm()).findByRole('alert')).toHaveTextContent(
      /^Your old password was entered incorrectly\. Please enter it again\.$/,
    );

    mock.on('POST /api/account/change-password/', {
      status: 403,
      body: { detail: 'CSRF Failed: token missing.' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() =>
      expect(within(passwordForm()).getByRole('alert')).toHaveTextContent(/^CSRF Failed: token missing\.$/),
    );
  });

  it('tells the rule for a new password under its field, tied to it as its description', async () => {
    server();
    renderPage();
    const next = screen.getByLabelText('New password');
    expect(next).toHaveAccessibleDescription('At least 12 characters.');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    // The field's error joins the rule, first.
    expect(next).toHaveAccessibleDescription('New password is required. At least 12 characters.');
  });

  it('after a change, checks the session again, reloads the sessions and sends the rotated CSRF token', async () => {
    const mock = server();
    // Forced to change the password until the server says otherwise.
    let mustChange = true;
    mock.on('GET /auth-check/', () => ({ body: authCheckAs('gold', { mustChangePassword: mustChange }) }));
    let sessions = [thisSession, laptop];
    mock.on('GET /api/account/sessions/', () => ({ body: { results: sessions, count: sessions.length } }));
    mock.on('POST /api/account/change-password/', () => {
      // The server gives this session a new id and token, and ends the others.
      mustChange = false;
      sessions = [thisSession];
      return { body: { detail: 'Password changed successfully.' }, cookies: { csrftoken: 'rotated' } };
    });
    renderWithProviders(
      <>
        <ForcedChangeNotice />
        <AccountSettingsPage />
      </>,
      { route: '/account/settings' },
    );
    const sessionList = await screen.findByRole('list', { name: 'Your sessions' });
    expect(within(sessionList).getAllByRole('listitem')).toHaveLength(2);
    expect(await screen.findByText(FORCED)).toBeInTheDocument();

    await fillPasswords('old-secret', 'n3w-Passphrase!', 'n3w-Passphrase!');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password changed successfully.')).toBeInTheDocument();
    await waitFor(() => expect(within(sessionList).getAllByRole('listitem')).toHaveLength(1));
    // The shell lifts its hold on the account screens once the session says so, with no navigation.
    await waitFor(() => expect(screen.queryByText(FORCED)).not.toBeInTheDocument());

    // The next request that changes something carries the new token, read from the cookie it arrived in.
    await userEvent.click(within(profileForm()).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully.')).toBeInTheDocument();
    expect(mock.callsTo('POST', '/api/account/change-password/')[0]?.headers['x-csrftoken']).toBe('t');
    expect(mock.callsTo('PUT', '/api/profile/update_profile/')[0]?.headers['x-csrftoken']).toBe('rotated');
  });

  it('falls back to "Password update failed." when the answer names no reason', async () => {
    const mock = server();
    mock.on('POST /api/account/change-password/', { status: 500, body: 'Internal Server Error' });
    renderPage();
    await fillPasswords('old-secret', 'n3w-Passphrase!', 'n3w-Passphrase!');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await within(passwordForm()).findByRole('alert')).toHaveTextContent(/^Password update failed\.$/);
  });
});
