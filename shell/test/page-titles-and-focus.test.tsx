import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from './render-app';

beforeEach(() => {
  document.title = 'Loupe';
});

const nav = () => screen.getByRole('navigation', { name: 'Main' });

describe("the shell's own pages title the document", () => {
  it.each([
    ['/dashboard', 'Dashboard', 'Dashboard · Loupe'],
    ['/unauthorized', 'Unauthorized', 'Unauthorized · Loupe'],
    ['/no-such-page', 'Page not found', 'Page not found · Loupe'],
  ])('%s is "%s"', async (route, heading, title) => {
    renderApp({ route });
    await screen.findByRole('heading', { level: 1, name: heading });
    // The title is set in an effect, which React may run after the heading is on screen.
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('leaving the dashboard for a page that sets no title does not keep "Dashboard"', async () => {
    const { user } = renderApp();
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await user.click(within(nav()).getByRole('link', { name: 'Reports' }));
    await screen.findByRole('heading', { level: 1, name: 'Reports' });
    // The dashboard's title goes back in its effect's clean-up, which React may run after the new heading shows.
    await waitFor(() => expect(document.title).not.toBe('Dashboard · Loupe'));
  });
});

describe('focus after a navigation', () => {
  it('stays put on the first load, then moves to the new page heading after each navigation', async () => {
    const { user } = renderApp();
    const dashboard = await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(dashboard).not.toHaveFocus();

    await user.click(within(nav()).getByRole('link', { name: 'Reports' }));
    // The remote's screen arrives after its code: the heading is awaited, then focused.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Reports' })).toHaveFocus());
    const reports = screen.getByRole('heading', { level: 1, name: 'Reports' });
    expect(reports).toHaveAttribute('tabindex', '-1');

    await user.click(within(nav()).getByRole('link', { name: 'Dashboard' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toHaveFocus());
  });

  it('not after the redirects of the first load (/ → /dashboard)', async () => {
    renderApp({ route: '/' });
    const dashboard = await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(dashboard).not.toHaveFocus();
  });

  it('the search box takes the person to the results with focus on their heading', async () => {
    const { user } = renderApp();
    await user.type(await screen.findByPlaceholderText('Serial Number / QR Code...'), 'RLX{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'All Inventory Stock' })).toHaveFocus(),
    );
  });
});
