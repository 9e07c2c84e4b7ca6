import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';

/**
 * A stock list row's action as a person reaches it (issue 21): Sell is the row's own button; Return, Checkout,
 * Promote and Edit are entries of its "More" menu, opened first when it is not open yet.
 */
export async function rowAction(
  row: HTMLElement,
  serial: string,
  name: string,
  user: Pick<UserEvent, 'click'> = userEvent,
): Promise<HTMLElement> {
  if (name === 'Sell') return within(row).getByRole('button', { name: 'Sell' });
  const label = `More actions for ${serial}`;
  if (!screen.queryByRole('menu', { name: label })) {
    await user.click(within(row).getByRole('button', { name: label }));
  }
  return within(screen.getByRole('menu', { name: label })).getByRole('menuitem', { name });
}
