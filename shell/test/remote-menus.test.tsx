// Must be first: the layout reads the menus when it is loaded, as the build defined them.
import './fake-remote-menus';
import { screen, within } from '@testing-library/react';
import { authCheckAs } from '@loupe/platform/testing';
import { renderApp, type Role } from './render-app';

// Issue 23 item 6: a remote's menu entries come from what it declares in its own folder, at its declared order
// and only for the members its declared action allows (fake-remote-menus.ts adds the remote "ledger").

const sidebarLinks = async () =>
  within(await screen.findByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

const userMenuItems = async (view: ReturnType<typeof renderApp>, role: Role) => {
  await view.user.click(await screen.findByRole('button', { name: new RegExp(role) }));
  return within(screen.getByRole('menu', { name: 'Account' }))
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
};

describe('menu entries a remote declares', () => {
  it('puts the sidebar link at its declared order, for a member allowed its action', async () => {
    renderApp({ role: 'gold' });
    expect((await sidebarLinks()).slice(0, 7)).toEqual([
      'Dashboard',
      'Watches',
      'Jewellery',
      'Accessories',
      'Clients',
      'Ledger',
      'Expenses',
    ]);
    expect(screen.getByRole('link', { name: 'Ledger' })).toHaveAttribute('href', '/ledger');
  });

  it('hides it from a member not allowed the action, and shows it once the shop widens the role', async () => {
    const view = renderApp({ role: 'silver' });
    expect(await sidebarLinks()).not.toContain('Ledger');
    expect(await sidebarLinks()).toContain('Expenses');
    view.unmount();
    renderApp({
      role: 'silver',
      authCheck: { body: authCheckAs('silver', { permissionSettings: { silverSeesCosts: true } }) },
    });
    expect(await sidebarLinks()).toContain('Ledger');
  });

  it('shows a link whose action no permission map knows to nobody, the owner included', async () => {
    renderApp({ role: 'platinum' });
    expect(await sidebarLinks()).toContain('Ledger');
    expect(await sidebarLinks()).not.toContain('Ledger Archive');
  });

  it('puts the user-menu link at its declared order, for the roles allowed its action only', async () => {
    const platinum = renderApp({ role: 'platinum' });
    expect((await userMenuItems(platinum, 'platinum')).slice(0, 3)).toEqual([
      'Gold Management',
      'Ledger Settings',
      'Silver Management',
    ]);
    expect(screen.getByRole('menuitem', { name: 'Ledger Settings' })).toHaveAttribute(
      'href',
      '/ledger/settings',
    );
    platinum.unmount();

    const gold = renderApp({ role: 'gold' });
    expect((await userMenuItems(gold, 'gold')).slice(0, 2)).toEqual(['Ledger Settings', 'Silver Management']);
    gold.unmount();

    const silver = renderApp({ role: 'silver' });
    expect(await userMenuItems(silver, 'silver')).not.toContain('Ledger Settings');
  });
});
