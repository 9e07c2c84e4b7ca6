import { authCheckAs, createFetchMock, renderWithProviders, type FetchMock } from '@loupe/platform/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { ProfileSettingsPage } from '../src/features/account/components/profile-settings-page';

function server(): FetchMock {
  const mock = createFetchMock({
    'GET /auth-check/': { body: authCheckAs('platinum') },
    'GET /csrf/': { cookies: { csrftoken: 't' } },
    'GET /api/profile/me/': {
      body: {
        id: 1,
        username: 'platinum',
        email: 'platinum@loupe.test',
        first_name: 'Pat',
        last_name: 'Owner',
      },
    },
    'PUT /api/profile/update_profile/': (call) => ({ body: { id: 1, ...(call.body as object) } }),
  });
  window.fetch = mock.fetch;
  return mock;
}

const renderPage = () =>
  renderWithProviders(<ProfileSettingsPage />, {
    route: '/profile/settings',
    extraRoutes: <Route path="/account/settings" element={<p>account settings page</p>} />,
  });

/** The value shown next to a label in the details list. */
const detail = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;

describe('/profile/settings', () => {
  it('shows who the user is: names, email, role, shop and user ID', async () => {
    server();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeInTheDocument();
    await screen.findByLabelText('Email');
    expect(detail('Username')).toHaveTextContent('platinum');
    expect(detail('Email')).toHaveTextContent('platinum@loupe.test');
    expect(detail('First name')).toHaveTextContent('Pat');
    expect(detail('Last name')).toHaveTextContent('Owner');
    expect(detail('Role')).toHaveTextContent('Platinum');
    expect(detail('Shop')).toHaveTextContent('Loupe Demo');
    expect(detail('User ID')).toHaveTextContent('1');
  });

  it('edits the profile with the same form, and the details follow the save', async () => {
    const mock = server();
    renderPage();
    expect(await screen.findByLabelText('Username')).toHaveAttribute('readonly');
    await userEvent.clear(screen.getByLabelText('First name'));
    await userEvent.type(screen.getByLabelText('First name'), 'Patricia');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully.')).toBeInTheDocument();
    expect(mock.callsTo('PUT', '/api/profile/update_profile/')[0]?.body).toMatchObject({
      first_name: 'Patricia',
    });
    expect(detail('First name')).toHaveTextContent('Patricia');
  });

  it('says "Failed to load profile data." when the profile cannot be loaded', async () => {
    const mock = server();
    mock.on('GET /api/profile/me/', { status: 500 });
    renderPage();
    expect(await screen.findByText('Failed to load profile data.')).toBeInTheDocument();
  });

  it('links to Account Settings for the password', async () => {
    server();
    renderPage();
    await screen.findByLabelText('Email');
    await userEvent.click(screen.getByRole('link', { name: 'Account Settings' }));
    expect(await screen.findByText('account settings page')).toBeInTheDocument();
  });
});
