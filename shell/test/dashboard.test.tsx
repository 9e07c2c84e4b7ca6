import { screen, within } from '@testing-library/react';
import type { DashboardWidget } from '@loupe/platform';
import { loadRemoteWidgets, resetRemote } from '../src/federation/remote-loader';
import { renderApp } from './render-app';

const widget = (id: string, title: string, tab?: 'clients' | 'stats', order?: number): DashboardWidget => ({
  id,
  title,
  tab,
  order,
  Component: () => <p>{title} content</p>,
});

describe('welcome banner', () => {
  it('is dismissible, and the dismissal persists under localStorage.welcomeDismissed', async () => {
    const first = renderApp();
    expect(await screen.findByRole('heading', { name: 'Welcome, Pat' })).toBeInTheDocument();
    await first.user.click(screen.getByRole('button', { name: 'Dismiss welcome message' }));
    expect(screen.queryByRole('heading', { name: /Welcome/ })).not.toBeInTheDocument();
    expect(window.localStorage.getItem('welcomeDismissed')).toBe('true');
    first.unmount();

    renderApp();
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Welcome/ })).not.toBeInTheDocument();
  });
});

describe('tabs', () => {
  it('are ARIA tabs Clients and Stats, switched by click and arrow keys', async () => {
    jest
      .mocked(loadRemoteWidgets)
      .mockImplementation(async (key) =>
        key === 'clients'
          ? [widget('debtors', 'Debtors', 'clients')]
          : key === 'finance'
            ? [widget('sales', 'Sales Summary', 'stats')]
            : [],
      );
    const { user } = renderApp();
    const tablist = await screen.findByRole('tablist', { name: 'Dashboard sections' });
    const clients = within(tablist).getByRole('tab', { name: 'Clients' });
    const stats = within(tablist).getByRole('tab', { name: 'Stats' });
    expect(clients).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Debtors content')).toBeInTheDocument();
    expect(screen.getByRole('tabpanel', { name: 'Clients' })).toContainElement(
      screen.getByText('Debtors content'),
    );

    await user.click(stats);
    expect(stats).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Stats' })).toHaveTextContent('Sales Summary content');
    expect(screen.queryByText('Debtors content')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard?tab=stats');

    await user.keyboard('{ArrowLeft}');
    expect(clients).toHaveAttribute('aria-selected', 'true');
    expect(clients).toHaveFocus();
    expect(stats).toHaveAttribute('tabindex', '-1');
  });
});

describe('widgets', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.mocked(console.error).mockRestore());

  it('shows widgets above the tabs in order, and a small fallback for a widgets module that fails', async () => {
    let clientsUp = false;
    jest.mocked(loadRemoteWidgets).mockImplementation(async (key) => {
      if (key === 'inventory') return [widget('stock', 'Stock Summary', undefined, 2)];
      if (key === 'finance') return [widget('revenue', 'Revenue', undefined, 1)];
      // Every other remote of the list with widgets (online, …) has none here: only Clients is down.
      if (key !== 'clients') return [];
      if (!clientsUp) throw new Error('remote down');
      return [widget('balances', 'Client Balances')];
    });
    const { user } = renderApp();
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Clients widgets are unavailable.');
    expect(await screen.findByText('Stock Summary content')).toBeInTheDocument();
    const texts = screen.getAllByText(/ content$/, { selector: 'p' }).map((node) => node.textContent);
    expect(texts).toEqual(['Revenue content', 'Stock Summary content']);

    clientsUp = true;
    await user.click(within(notice).getByRole('button', { name: 'Retry' }));
    expect(resetRemote).toHaveBeenCalledWith('clients');
    expect(await screen.findByText('Client Balances content')).toBeInTheDocument();
    expect(screen.queryByText('Clients widgets are unavailable.')).not.toBeInTheDocument();
  });

  it('contains a widget that throws to its own card', async () => {
    function Exploding(): never {
      throw new Error('widget bug');
    }
    jest
      .mocked(loadRemoteWidgets)
      .mockImplementation(async (key) =>
        key === 'finance'
          ? [{ id: 'pl', title: 'Profit & Loss', Component: Exploding }, widget('sales', 'Sales Summary')]
          : [],
      );
    renderApp();
    expect(await screen.findByText('Profit & Loss could not be shown.')).toBeInTheDocument();
    expect(screen.getByText('Sales Summary content')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
  });
});
