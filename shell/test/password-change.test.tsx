import { screen, waitFor, within } from '@testing-library/react';
import { authCheckAs } from '@loupe/platform/testing';
import { renderApp } from './render-app';

const ALERT = 'Your password was set for you: choose a new one to continue.';
const location = () => screen.getByTestId('location').textContent;

/** A created account whose password its owner has to replace; the fake account screen replaces it. */
function forcedChange() {
  let mustChange = true;
  return {
    authCheck: () => ({ body: authCheckAs('silver', { mustChangePassword: mustChange }) }),
    handlers: {
      'POST /api/account/change-password/': () => {
        mustChange = false;
        return { body: { detail: 'Password updated successfully' } };
      },
    },
  };
}

describe('a password set by someone else', () => {
  it('sends every signed-in screen to /account/settings, which says why', async () => {
    renderApp({ route: '/clients', ...forcedChange() });
    await waitFor(() => expect(location()).toBe('/account/settings'));
    expect(await screen.findByRole('heading', { name: 'Account Settings' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(ALERT);
    expect(screen.queryByRole('heading', { name: 'Clients' })).not.toBeInTheDocument();
  });

  it('keeps sending the user back until the password is changed, then lifts', async () => {
    const view = renderApp({ route: '/dashboard', ...forcedChange() });
    expect(await screen.findByRole('heading', { name: 'Account Settings' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });

    await view.user.click(within(nav).getByRole('link', { name: 'Reports' }));
    await waitFor(() => expect(location()).toBe('/account/settings'));
    expect(screen.queryByRole('heading', { name: 'Reports' })).not.toBeInTheDocument();

    await view.user.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(location()).toBe('/account/settings');
    // The account screen stayed mounted as the requirement lifted: its own outcome message is still there.
    expect(screen.getByText('Password changed successfully.')).toBeInTheDocument();

    await view.user.click(within(nav).getByRole('link', { name: 'Reports' }));
    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeInTheDocument();
    expect(location()).toBe('/reports');
  });

  it('is not asked of an account whose password is its own', async () => {
    renderApp({ route: '/account/settings', role: 'silver' });
    expect(await screen.findByRole('heading', { name: 'Account Settings' })).toBeInTheDocument();
    expect(screen.queryByText(ALERT)).not.toBeInTheDocument();
  });
});
