import type { Action } from '@loupe/contracts';

/** The sidebar as SPEC §2 lists it, plus the screens later issues added (Invoices, Deals, Purchases). */
export interface NavLinkItem {
  label: string;
  to: string;
  /** Shown only to members who may do this (contracts' permission map); every member when absent. */
  action?: Action;
}

export interface NavGroup {
  label: string;
  items: readonly NavLinkItem[];
}

export type NavEntry = NavLinkItem | NavGroup;

export const NAV_ENTRIES: readonly NavEntry[] = [
  { label: 'Dashboard', to: '/dashboard' },
  {
    label: 'Stock',
    items: [
      { label: 'Watches', to: '/stock/watches' },
      { label: 'Jewellery', to: '/stock/jewellery' },
      { label: 'Accessories', to: '/stock/accessories' },
    ],
  },
  { label: 'Clients', to: '/clients' },
  { label: 'Expenses', to: '/expenses' },
  { label: 'Quick Sales', to: '/quicksales' },
  { label: 'Expenses List', to: '/expenselist' },
  { label: 'Reports', to: '/reports' },
  // Issue 13: every invoice and credit note, beside the other finance screens.
  { label: 'Invoices', to: '/invoices' },
  // Issue 20: sales of several items, part-exchange and layaways (remote-finance).
  { label: 'Deals', to: '/deals' },
  // Issue 22: buy-ins from private sellers and the trade, the other side of a sale (remote-finance).
  // What the shop paid is a cost: silver sees it only when the shop allows (issue 21 item 6).
  { label: 'Purchases', to: '/purchases', action: 'viewCosts' },
  {
    label: 'Inventory',
    items: [
      { label: 'Add Item', to: '/inventory/add' },
      { label: 'All Stock', to: '/inventory/all' },
      { label: 'In Stock', to: '/inventory/available' },
      { label: 'Checked Out', to: '/inventory/checked-out' },
      { label: 'Stock Take', to: '/inventory/stock-take' },
    ],
  },
];

/** The entries a member may open: links whose action they may do, groups with at least one such link. */
export function navEntriesFor(may: (action: Action) => boolean): NavEntry[] {
  const shown = (item: NavLinkItem) => item.action === undefined || may(item.action);
  return NAV_ENTRIES.flatMap((entry): NavEntry[] => {
    if (!isGroup(entry)) return shown(entry) ? [entry] : [];
    const items = entry.items.filter(shown);
    return items.length > 0 ? [{ ...entry, items }] : [];
  });
}

export function isGroup(entry: NavEntry): entry is NavGroup {
  return 'items' in entry;
}
