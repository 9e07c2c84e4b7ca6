import { act, screen, within } from '@testing-library/react';
import { clearToasts, notify } from '@loupe/platform';
import { renderApp } from './render-app';

describe('the one toaster', () => {
  afterEach(() => act(() => clearToasts()));

  it('is rendered once in the signed-in layout, and a toast raised through the shared platform shows in it', async () => {
    renderApp({ role: 'gold' });
    await screen.findByTestId('top-bar');
    // Sonner comes in its own chunk, once the signed-in layout mounts the toaster.
    const regions = await screen.findAllByRole('region', { name: /Notifications/ });
    expect(regions).toHaveLength(1);
    // What a remote does: it calls the platform singleton's notify, not a toaster of its own.
    act(() => notify('Report pinned.'));
    expect(await within(regions[0]!).findByText('Report pinned.')).toBeInTheDocument();
  });

  it('follows the theme the user chose', async () => {
    window.localStorage.setItem('theme', 'light');
    renderApp({ role: 'gold' });
    await screen.findByTestId('top-bar');
    act(() => notify('Saved.'));
    const region = await screen.findByRole('region', { name: /Notifications/ });
    await within(region).findByText('Saved.');
    expect(region.querySelector('[data-sonner-toaster]')).toHaveAttribute('data-sonner-theme', 'light');
  });
});
