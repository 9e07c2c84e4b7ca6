import { screen, waitFor, within } from '@testing-library/react';
import { authCheckAs } from '@loupe/platform/testing';
import { renderApp } from './render-app';

const location = () => screen.getByTestId('location').textContent;
// jsdom applies no media queries, so it sees the drawer toggle as display:none (its desktop style) and gives it
// no accessible name; find it by what it controls instead.
const drawerToggle = () => {
  const toggle = document.querySelector<HTMLButtonElement>('button[aria-controls="app-sidebar"]');
  if (!toggle) throw new Error('no drawer toggle');
  return toggle;
};

describe('layout for signed-in users', () => {
  it('shows the top bar: logo to /dashboard, search box, user menu with username and role', async () => {
    renderApp({ role: 'gold' });
    const banner = await screen.findByTestId('top-bar');
    expect(within(banner).getByRole('link', { name: 'Loupe dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(within(banner).getByPlaceholderText('Serial Number / QR Code...')).toBeInTheDocument();
    const menuButton = within(banner).getByRole('button', { name: /gold/ });
    expect(menuButton).toHaveTextContent('gold');
    expect(menuButton).toHaveAttribute('aria-haspopup', 'menu');
    expect(drawerToggle()).toHaveAttribute('aria-label', 'Open navigation');
    expect(within(banner).getByRole('search')).toBeInTheDocument();
  });

  it('lists the sidebar exactly as the specification does, with Invoices after Reports (issue 13)', async () => {
    renderApp();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Dashboard', '/dashboard'],
      ['Watches', '/stock/watches'],
      ['Jewellery', '/stock/jewellery'],
      ['Accessories', '/stock/accessories'],
      ['Clients', '/clients'],
      ['Expenses', '/expenses'],
      ['Quick Sales', '/quicksales'],
      ['Expenses List', '/expenselist'],
      ['Reports', '/reports'],
      ['Invoices', '/invoices'],
      ['Deals', '/deals'],
      ['Purchases', '/purchases'],
      // Issue 23: the workshop's board (remote-workshop's menus.json), every member's.
      ['Workshop', '/workshop'],
      // Issue 24: website enquiries (remote-online's menus.json), every member's.
      ['Enquiries', '/online/enquiries'],
      ['Add Item', '/inventory/add'],
      ['All Stock', '/inventory/all'],
      ['In Stock', '/inventory/available'],
      ['Checked Out', '/inventory/checked-out'],
      ['Stock Take', '/inventory/stock-take'],
    ]);
    expect(within(nav).getByRole('list', { name: 'Stock' })).toBeInTheDocument();
    expect(within(nav).getByRole('list', { name: 'Inventory' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows silver Purchases only when the shop lets silver see costs (what the shop paid is a cost)', async () => {
    const sidebarLinks = async () =>
      within(await screen.findByRole('navigation', { name: 'Main' }))
        .getAllByRole('link')
        .map((link) => link.textContent);
    const hidden = renderApp({ role: 'silver' });
    expect(await sidebarLinks()).not.toContain('Purchases');
    expect(await sidebarLinks()).toContain('Deals');
    hidden.unmount();
    renderApp({
      role: 'silver',
      authCheck: { body: authCheckAs('silver', { permissionSettings: { silverSeesCosts: true } }) },
    });
    expect(await sidebarLinks()).toContain('Purchases');
  });

  it('searches all stock for the serial number on Enter', async () => {
    const { user } = renderApp();
    await user.type(await screen.findByPlaceholderText('Serial Number / QR Code...'), 'RLX 126610{Enter}');
    await waitFor(() => expect(location()).toBe('/inventory/all?search=RLX+126610'));
    expect(await screen.findByRole('heading', { name: 'All Inventory Stock' })).toBeInTheDocument();
  });

  it('closes the mobile drawer on a route change', async () => {
    const { user } = renderApp();
    await screen.findByTestId('top-bar');
    await user.click(drawerToggle());
    const toggle = drawerToggle();
    expect(toggle).toHaveAttribute('aria-label', 'Close navigation');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById('app-sidebar')).toHaveAttribute('data-open', 'true');

    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Reports' }),
    );
    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeInTheDocument();
    expect(drawerToggle()).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById('app-sidebar')).toHaveAttribute('data-open', 'false');
  });

  it('closes the drawer with Escape', async () => {
    const { user } = renderApp();
    await screen.findByTestId('top-bar');
    await user.click(drawerToggle());
    expect(screen.getByTestId('drawer-backdrop')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(drawerToggle()).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('header and sidebar visibility', () => {
  it('are hidden, with a full-screen "Loading..." spinner, while the session is being checked', async () => {
    renderApp({ authCheck: () => new Promise(() => undefined) });
    expect(screen.getByTestId('full-screen-spinner')).toHaveTextContent('Loading...');
    expect(screen.queryByTestId('top-bar')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('are hidden when nobody is signed in (the visitor lands on /login, remembered location kept)', async () => {
    renderApp({ route: '/clients', role: null });
    expect(await screen.findByRole('heading', { name: 'Sign in to Loupe' })).toBeInTheDocument();
    expect(location()).toBe('/login');
    expect(screen.queryByTestId('top-bar')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });
});

describe('user menu', () => {
  const openMenu = async (role: 'platinum' | 'gold' | 'silver') => {
    const view = renderApp({ role });
    await view.user.click(await screen.findByRole('button', { name: new RegExp(role) }));
    const menu = screen.getByRole('menu', { name: 'Account' });
    return {
      ...view,
      menu,
      items: within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    };
  };

  it('offers platinum both management screens, Activity, Shop Settings and Compliance', async () => {
    const { items, menu } = await openMenu('platinum');
    expect(items).toEqual([
      'Gold Management',
      'Silver Management',
      'Activity',
      'Shop Settings',
      'Online Selling',
      'Catalogue',
      'Outbox',
      'Compliance',
      'Settings',
      'Switch to light mode',
      'Sign out',
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Gold Management' })).toHaveAttribute(
      'href',
      '/management/gold',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Silver Management' })).toHaveAttribute(
      'href',
      '/management/silver',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Activity' })).toHaveAttribute('href', '/activity');
    expect(within(menu).getByRole('menuitem', { name: 'Compliance' })).toHaveAttribute('href', '/compliance');
    expect(within(menu).getByRole('menuitem', { name: 'Shop Settings' })).toHaveAttribute(
      'href',
      '/settings/shop',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Catalogue' })).toHaveAttribute(
      'href',
      '/settings/catalogue',
    );
    // Issue 23: the shop's outgoing e-mail (remote-admin's /settings/outbox), platinum's and gold's.
    expect(within(menu).getByRole('menuitem', { name: 'Outbox' })).toHaveAttribute(
      'href',
      '/settings/outbox',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/profile/settings',
    );
  });

  it('offers gold Silver Management, the Outbox and Compliance', async () => {
    const { items } = await openMenu('gold');
    expect(items).toEqual([
      'Silver Management',
      'Online Selling',
      'Outbox',
      'Compliance',
      'Settings',
      'Switch to light mode',
      'Sign out',
    ]);
  });

  it('offers silver no management screen', async () => {
    const { items } = await openMenu('silver');
    expect(items).toEqual(['Settings', 'Switch to light mode', 'Sign out']);
  });

  it('toggles light/dark and remembers the choice', async () => {
    const { user, menu } = await openMenu('silver');
    expect(document.documentElement.dataset.theme).toBe('dark');
    await user.click(within(menu).getByRole('menuitem', { name: 'Switch to light mode' }));
    expect(window.localStorage.getItem('theme')).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('signs out: calls the API, then a full page load of /login', async () => {
    const { user, menu, api, fullPageLoad } = await openMenu('gold');
    await user.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(fullPageLoad).toHaveBeenCalledWith('/login'));
    expect(api.callsTo('POST', '/logout/')).toHaveLength(1);
  });

  it('works from the keyboard: Enter opens on the first entry, arrows move, Escape closes and refocuses', async () => {
    const { user } = renderApp({ role: 'platinum' });
    const button = await screen.findByRole('button', { name: /platinum/ });
    button.focus();
    await user.keyboard('{Enter}');
    const menu = screen.getByRole('menu', { name: 'Account' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getByRole('menuitem', { name: 'Gold Management' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Silver Management' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Gold Management' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('takes platinum to Shop Settings from the menu', async () => {
    const { user, menu } = await openMenu('platinum');
    await user.click(within(menu).getByRole('menuitem', { name: 'Shop Settings' }));
    expect(await screen.findByRole('heading', { name: 'Shop Settings' })).toBeInTheDocument();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('takes platinum to Activity from the menu', async () => {
    const { user, menu } = await openMenu('platinum');
    await user.click(within(menu).getByRole('menuitem', { name: 'Activity' }));
    expect(await screen.findByRole('heading', { name: 'Activity' })).toBeInTheDocument();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('navigates to a management screen and closes', async () => {
    const { user, menu } = await openMenu('gold');
    await user.click(within(menu).getByRole('menuitem', { name: 'Silver Management' }));
    expect(await screen.findByRole('heading', { name: 'Silver Management' })).toBeInTheDocument();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
