import type { Locator } from 'playwright-core';

/**
 * A stock list row's action as a person reaches it (issue 21): Sell is the row's own button; Return, Checkout,
 * Promote and Edit are entries of the row's "More" menu, which this opens first when it is not open yet.
 */
export async function rowAction(row: Locator, serial: string, name: string): Promise<Locator> {
  if (name === 'Sell') return row.getByRole('button', { name: 'Sell', exact: true });
  const label = `More actions for ${serial}`;
  const menu = row.page().getByRole('menu', { name: label });
  if (!(await menu.isVisible())) await row.getByRole('button', { name: label, exact: true }).click();
  return menu.getByRole('menuitem', { name, exact: true });
}
