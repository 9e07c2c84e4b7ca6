import type { Endpoints } from './endpoints';

/**
 * Issue 24: the endpoint groups whose answers follow an item's availability, beyond the items' own — so the
 * browser's cache resources of the same names (platform/src/query/resources.ts derives a resource from each
 * group) are marked stale by every screen that moves stock (remote-inventory's Sell, Check Out, Return and the
 * void of a sale; remote-finance's deals), written here once for all of them:
 * - `marketplace`: an item sold, reserved or checked out leaves the storefront and so the feeds' item lists
 *   (a returned one comes back); a sale of a watch in the Chrono24 feed not made through Chrono24 makes a
 *   report due (remote-online's card and list), and a void closes it;
 * - `wants`: an open wanted-list match whose item is no longer available reads lapsed, and is open again once
 *   the item is back in stock (remote-clients' matches and the dashboard's card).
 * Values only: the browser bundle takes this file as it is (browser.ts).
 */
export const STOCK_FOLLOWERS = ['marketplace', 'wants'] as const satisfies readonly (keyof Endpoints)[];
