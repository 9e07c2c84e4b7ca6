import type { Profile } from '@loupe/contracts';
import { useAuth, type QueryClient } from '@loupe/platform';
import {
  authCheckAs,
  createFetchMock,
  createTestQueryClient,
  renderWithProviders,
  type FetchMock,
} from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccountSettingsPage } from '../src/features/account/components/account-settings-page';
import { ProfileSettingsPage } from '../src/features/account/components/profile-settings-page';

const PROFILE = '/api/profile/me/';
const UPDATE = '/api/profile/update_profile/';

/** A profile service that stores what is saved, and a session whose user is the stored profile. */
function server(): FetchMock {
  let stored: Profile = {
    id: 2,
    username: 'gold',
    email: 'gold@loupe.test',
    first_name: 'Gil',
    last_name: 'Gold',
  };
  const mock = createFetchMock({
    'GET /auth-check/': () => ({ body: { ...authCheckAs('gold'), user: { ...stored } } }),
    'GET /csrf/': { cookies: { csrftoken: 't' } },
    [`GET ${PROFILE}`]: () => ({ body: { ...stored } }),
    [`PUT ${UPDATE}`]: (call) => {
      stored = { ...stored, ...(call.body as Partial<Profile>), username: stored.username };
      return { body: { ...stored } };
    },
  });
  window.fetch = mock.fetch;
  return mock;
}

/** How the shell greets the signed-in user (its welcome banner reads the session's user the same way). */
function Greeting() {
  const { user } = useAuth();
  return <p>Welcome, {user?.first_name ?? 'nobody'}</p>;
}

const detail = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;

async function rename(firstName: string) {
  const field = await screen.findByLabelText('First name');
  await userEvent.clear(field);
  await userEvent.type(field, firstName);
  await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
  await screen.findByText('Profile updated successfully.');
}

describe('the profile through the shared cache', () => {
  it('a saved profile refreshes the name the shell shows for the signed-in user', async () => {
    const mock = server();
    renderWithProviders(
      <>
        <Greeting />
        <AccountSettingsPage />
      </>,
      { route: '/account/settings' },
    );
    expect(await screen.findByText('Welcome, Gil')).toBeInTheDocument();
    await rename('Gilbert');
    expect(await screen.findByText('Welcome, Gilbert')).toBeInTheDocument();
    // The save's answer is the stored profile: it goes into the cache without a second read.
    expect(mock.callsTo('GET', PROFILE)).toHaveLength(1);
  });

  it('a save on Account Settings shows on Profile Settings beside it, with no reload', async () => {
    const mock = server();
    renderWithProviders(
      <>
        <AccountSettingsPage />
        <ProfileSettingsPage />
      </>,
      { route: '/account/settings' },
    );
    // The Account Settings form is the first of the two.
    const [form] = await screen.findAllByRole('form', { name: 'Profile' });
    const accountForm = within(form as HTMLElement);
    await waitFor(() => expect(detail('First name')).toHaveTextContent('Gil'));
    // Both screens read one copy of the profile.
    expect(mock.callsTo('GET', PROFILE)).toHaveLength(1);
    await userEvent.clear(accountForm.getByLabelText('Last name'));
    await userEvent.type(accountForm.getByLabelText('Last name'), 'Goldsmith');
    await userEvent.click(accountForm.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(detail('Last name')).toHaveTextContent('Goldsmith'));
  });

  it('going back to a settings screen shows the profile at once, without waiting for the service', async () => {
    const mock = server();
    const queryClient: QueryClient = createTestQueryClient();
    const first = renderWithProviders(<AccountSettingsPage />, { route: '/account/settings', queryClient });
    expect(await screen.findByLabelText('Email')).toHaveValue('gold@loupe.test');
    first.unmount();

    mock.on(`GET ${PROFILE}`, () => new Promise(() => undefined));
    renderWithProviders(<ProfileSettingsPage />, { route: '/profile/settings', queryClient });
    expect(screen.getByLabelText('Email')).toHaveValue('gold@loupe.test');
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(mock.callsTo('GET', PROFILE)).toHaveLength(1);
    await waitFor(() => expect(detail('Role')).toHaveTextContent('Gold'));
  });

  it('titles each screen after its heading', async () => {
    server();
    const account = renderWithProviders(<AccountSettingsPage />, { route: '/account/settings' });
    expect(document.title).toBe('Account Settings · Loupe');
    await screen.findByLabelText('Email');
    account.unmount();
    renderWithProviders(<ProfileSettingsPage />, { route: '/profile/settings' });
    expect(document.title).toBe('Profile Settings · Loupe');
    await screen.findByLabelText('Email');
  });
});
