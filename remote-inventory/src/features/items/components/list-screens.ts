import { COST_ITEM_FILTERS, COST_ITEM_ORDERINGS, type ItemOrdering } from '@loupe/contracts';
import type { ItemFilter } from '../api/get-items';

/** The filter inputs a list's panel can offer; each is also the API's query parameter of the same name. */
export type PanelFilter = Exclude<ItemFilter, 'client'>;

/** Statuses of the items a dealer still holds (everything but sold). */
export const IN_STOCK = 'available,checked_out,unavailable';

/**
 * One inventory list screen, react-admin style: the same list controller and table for every screen, told
 * what is fixed, which filters the panel offers and which extra columns and actions it shows.
 */
export interface ListScreen {
  title: string;
  /** Query parameters the screen always sends; the user cannot change them. */
  fixed: Partial<Record<'stock_type' | 'status', string>>;
  filters: readonly PanelFilter[];
  defaultOrdering: ItemOrdering;
  /** "ABC123 (Watches)": on screens that mix stock types. */
  serialWithStockType: boolean;
  /** Client and due-date columns and the Return button. */
  checkedOutColumns: boolean;
  /** Honours `?client=<id>` (the clients list's Return). */
  clientFilter: boolean;
  /** Honours `?checkout_client=<id>` (the clients list's Check Out). */
  checkoutClient: boolean;
  /** Honours `?highlight=<id>` (where add and edit land). */
  highlight: boolean;
  /** Says what "no items" means on this screen. */
  emptyText: string;
}

// Consignment (issue 14): the shop's own stock or items held on memo for a supplier.
const PRICE_AND_MAKE: PanelFilter[] = ['brand', 'model', 'min_price', 'max_price', 'search', 'consignment'];
// Issue 22: what a watch and a jewel are described by; screens that mix stock types offer both.
const WATCH_FILTERS: PanelFilter[] = ['reference', 'condition_grade', 'box', 'papers'];
const JEWELLERY_FILTERS: PanelFilter[] = ['metal', 'condition_grade'];
const ATTRIBUTE_FILTERS: PanelFilter[] = [...WATCH_FILTERS, 'metal'];

const base = {
  fixed: {},
  filters: PRICE_AND_MAKE,
  defaultOrdering: '-created_at',
  serialWithStockType: false,
  checkedOutColumns: false,
  clientFilter: false,
  checkoutClient: false,
  highlight: false,
} satisfies Partial<ListScreen>;

export const LIST_SCREENS = {
  watches: {
    ...base,
    title: 'Inventory - Watches',
    fixed: { stock_type: 'Watches', status: IN_STOCK },
    filters: [...PRICE_AND_MAKE, ...WATCH_FILTERS],
    emptyText: 'No watches in stock match.',
  },
  jewellery: {
    ...base,
    title: 'Inventory - Jewellery',
    fixed: { stock_type: 'Jewellery', status: IN_STOCK },
    filters: [...PRICE_AND_MAKE, ...JEWELLERY_FILTERS],
    emptyText: 'No jewellery in stock matches.',
  },
  accessories: {
    ...base,
    title: 'Inventory - Accessories',
    fixed: { stock_type: 'Accessories', status: IN_STOCK },
    emptyText: 'No accessories in stock match.',
  },
  all: {
    ...base,
    title: 'All Inventory Stock',
    filters: ['stock_type', ...PRICE_AND_MAKE, ...ATTRIBUTE_FILTERS],
    serialWithStockType: true,
    emptyText: 'No items match.',
  },
  available: {
    ...base,
    title: 'In Stock',
    fixed: { status: 'available' },
    filters: ['stock_type', ...PRICE_AND_MAKE, ...ATTRIBUTE_FILTERS],
    serialWithStockType: true,
    checkoutClient: true,
    emptyText: 'No available items match.',
  },
  checkedOut: {
    ...base,
    title: 'Checked Out',
    fixed: { status: 'checked_out' },
    filters: ['stock_type', ...PRICE_AND_MAKE, ...ATTRIBUTE_FILTERS],
    defaultOrdering: 'due_date',
    serialWithStockType: true,
    checkedOutColumns: true,
    clientFilter: true,
    emptyText: 'No items are checked out.',
  },
  manage: {
    ...base,
    title: 'Manage Inventory',
    filters: ['stock_type', 'status', ...PRICE_AND_MAKE, ...ATTRIBUTE_FILTERS],
    serialWithStockType: true,
    highlight: true,
    emptyText: 'No items match.',
  },
} satisfies Record<string, ListScreen>;

export type ListScreenKey = keyof typeof LIST_SCREENS;

/** The orderings a screen offers in its Sort by choice. */
export const ORDERING_LABELS: { value: ItemOrdering; label: string; checkedOutOnly?: boolean }[] = [
  { value: '-created_at', label: 'Newest first' },
  { value: 'created_at', label: 'Oldest first' },
  { value: 'due_date', label: 'Due date, soonest first', checkedOutOnly: true },
  { value: '-due_date', label: 'Due date, latest first', checkedOutOnly: true },
  { value: 'serial', label: 'Serial number' },
  { value: 'brand', label: 'Brand' },
  { value: 'purchase_price', label: 'Purchase price, lowest first' },
  { value: '-purchase_price', label: 'Purchase price, highest first' },
  { value: 'listing_price', label: 'Listing price, lowest first' },
  { value: '-listing_price', label: 'Listing price, highest first' },
  { value: '-purchased_on', label: 'Purchase date, newest first' },
  // Issue 14: aged stock to the top with the most days first.
  { value: '-days_in_stock', label: 'Days in stock, most first' },
  { value: 'days_in_stock', label: 'Days in stock, fewest first' },
];

/**
 * The orderings a screen offers: the due date only where items are out with a due date; the purchase price only
 * to a member who may see costs (`costs`: can('viewCosts'); the API refuses it to others, issue 21).
 */
export const orderingsOf = (screen: ListScreen, costs = true) =>
  ORDERING_LABELS.filter(
    (o) =>
      (!o.checkedOutOnly || screen.checkedOutColumns) && (costs || !COST_ITEM_ORDERINGS.includes(o.value)),
  );

/** The panel's filters a member may use: the purchase-price bounds only with `costs` (can('viewCosts')). */
export const panelFiltersOf = (screen: ListScreen, costs = true): PanelFilter[] =>
  screen.filters.filter((name) => costs || !COST_ITEM_FILTERS.includes(name));

/** The URL parameters a screen reads as filters: its panel's, and the client handed over by the clients list. */
export const filtersOf = (screen: ListScreen, costs = true): ItemFilter[] => [
  ...panelFiltersOf(screen, costs),
  ...(screen.clientFilter ? (['client'] as const) : []),
];
