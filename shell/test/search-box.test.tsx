import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from './render-app';

// The one search of the top bar (issue 21, item 3): a combobox whose type-ahead lists items, clients and
// invoices grouped by kind, driven by the keyboard; `/` and Ctrl+K focus it; an exact scan still opens at once.

const location = () => screen.getByTestId('location').textContent;
const box = () => screen.findByRole('combobox', { name: 'Search stock' });

const RESULTS = {
  items: [
    {
      id: 7,
      serial: 'RLX-1',
      stockNumber: 1042,
      stockType: 'Watches',
      brand: 'Rolex',
      model: 'Submariner',
      referenceNumber: '126610LN',
      status: 'available',
      match: 'prefix',
    },
    {
      id: 8,
      serial: 'RLX-2',
      stockNumber: 1043,
      stockType: 'Watches',
      brand: 'Rolex',
      model: 'Daytona',
      referenceNumber: '',
      status: 'sold',
      match: 'prefix',
    },
  ],
  clients: [{ id: 31, name: 'Rolex Collector Ltd', email: 'buy@rcl.example', phone: '', match: 'prefix' }],
  invoices: [
    {
      id: 5,
      reference: 'INV-000005',
      kind: 'invoice',
      issueDate: '2026-02-01',
      buyerName: 'Ada Lovelace',
      match: 'contains',
    },
  ],
  jobs: [],
};
const EMPTY = { items: [], clients: [], invoices: [], jobs: [] };

/** The fake search: the answer for each q (EMPTY for any other), and the q of every request. */
function searchApi(answers: Record<string, object>, delays: Record<string, number> = {}) {
  const asked: string[] = [];
  return {
    asked,
    handlers: {
      'GET /api/search/': async (call: { url: string }) => {
        const q = new URL(call.url, 'http://x').searchParams.get('q') ?? '';
        asked.push(q);
        if (delays[q]) await new Promise((resolve) => setTimeout(resolve, delays[q]));
        return { body: answers[q] ?? EMPTY };
      },
      'GET /api/items/by-serial/': (call: { url: string }) => {
        const serial = new URL(call.url, 'http://x').searchParams.get('serial') ?? '';
        return serial === 'RLX-1'
          ? { body: { id: 7, serial: 'RLX-1' } }
          : { status: 404, body: { detail: `No item with serial “${serial}” in this shop.` } };
      },
    },
  };
}

describe('the top bar search', () => {
  it('lists what matches, grouped Items / Clients / Invoices, after a pause in typing', async () => {
    const fake = searchApi({ rol: RESULTS });
    const { user } = renderApp({ handlers: fake.handlers });
    const input = await box();
    expect(input).toHaveAttribute('placeholder', 'Serial Number / QR Code...');
    expect(input).toHaveAttribute('aria-expanded', 'false');

    await user.type(input, 'rol');
    const list = await screen.findByRole('listbox', { name: 'Search results' });
    expect(input).toHaveAttribute('aria-expanded', 'true');
    // One request for the three letters typed in a row: the type-ahead waits for a pause.
    expect(fake.asked).toEqual(['rol']);
    const groups = within(list).getAllByRole('group');
    expect(groups.map((group) => group.firstChild?.textContent)).toEqual(['Items', 'Clients', 'Invoices']);
    expect(within(list).getByRole('group', { name: 'Items' })).toBe(groups[0]);
    expect(
      within(groups[0] as HTMLElement)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'RLX-1 · Rolex SubmarinerStock no. 1042 · Ref. 126610LN · In stock',
      'RLX-2 · Rolex DaytonaStock no. 1043 · Sold',
    ]);
    expect(within(list).getByRole('group', { name: 'Clients' })).toHaveTextContent('Rolex Collector Ltd');
    expect(within(list).getByRole('group', { name: 'Invoices' })).toHaveTextContent(
      'INV-000005Invoice · Ada Lovelace · 2026-02-01',
    );
  });

  it('moves through the options with the arrow keys and opens the chosen one with Enter', async () => {
    const fake = searchApi({ rol: RESULTS });
    const { user } = renderApp({ handlers: fake.handlers });
    const input = await box();
    await user.type(input, 'rol');
    await screen.findByRole('listbox');

    await user.keyboard('{ArrowDown}');
    const first = screen.getByRole('option', { name: /RLX-1/ });
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', first.id);
    // Focus stays in the box (aria-activedescendant), where typing goes on.
    expect(input).toHaveFocus();

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: /Rolex Collector Ltd/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.keyboard('{ArrowDown}{ArrowDown}');
    // Past the last it comes round to the first; up from the first to the last.
    expect(screen.getByRole('option', { name: /RLX-1/ })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('option', { name: /INV-000005/ })).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()).toBe('/invoices?search=INV-000005'));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveValue('');
  });

  it('opens an item on its page and a client on its form', async () => {
    const fake = searchApi({ rol: RESULTS });
    const { user } = renderApp({ handlers: fake.handlers });
    const input = await box();
    await user.type(input, 'rol');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(location()).toBe('/inventory/item/7'));

    await user.type(input, 'rol');
    await user.click(await screen.findByRole('option', { name: /Rolex Collector Ltd/ }));
    await waitFor(() => expect(location()).toBe('/clients/edit/31'));
  });

  it('closes the list on Escape, and says when nothing matches', async () => {
    const fake = searchApi({ rol: RESULTS });
    const { user } = renderApp({ handlers: fake.handlers });
    const input = await box();
    await user.type(input, 'rol');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('rol');

    await user.clear(input);
    await user.type(input, 'zz');
    expect(
      await screen.findByText('Nothing matches “zz”. Press Enter to search all stock.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('shows the answer to the latest text only, whatever order the answers come in', async () => {
    // "ro" answers late (a slow request), "rol" at once: the late "ro" answer must not replace "rol"'s.
    const fake = searchApi(
      { ro: { ...EMPTY, clients: [RESULTS.clients[0]] }, rol: { ...EMPTY, items: [RESULTS.items[0]] } },
      { ro: 400 },
    );
    const { user } = renderApp({ handlers: fake.handlers });
    const input = await box();
    await user.type(input, 'ro');
    await waitFor(() => expect(fake.asked).toEqual(['ro']));
    await user.type(input, 'l');
    expect(await screen.findByRole('option', { name: /RLX-1/ })).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(fake.asked).toEqual(['ro', 'rol']);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'RLX-1 · Rolex SubmarinerStock no. 1042 · Ref. 126610LN · In stock',
    ]);
  });

  it('opens the item at once on a scanned serial and Enter, without waiting for the list', async () => {
    const fake = searchApi({});
    const { user } = renderApp({ handlers: fake.handlers });
    await user.type(await box(), 'RLX-1{Enter}');
    await waitFor(() => expect(location()).toBe('/inventory/item/7'));
    // The keyboard-wedge's Enter came before the pause: no search was asked for.
    expect(fake.asked).toEqual([]);
  });

  it('searches all stock on Enter when the text is no serial', async () => {
    const { user } = renderApp({ handlers: searchApi({}).handlers });
    await user.type(await box(), 'Daytona{Enter}');
    await waitFor(() => expect(location()).toBe('/inventory/all?search=Daytona'));
  });

  it('is focused by / or Ctrl+K from the page, but not while typing in another field', async () => {
    const { user } = renderApp({ handlers: searchApi({}).handlers });
    const input = await box();
    expect(input).toHaveAttribute('aria-keyshortcuts', '/ Control+K');
    expect(input).not.toHaveFocus();

    await user.keyboard('/');
    expect(input).toHaveFocus();
    // The slash is the shortcut, not text.
    expect(input).toHaveValue('');

    (document.activeElement as HTMLElement).blur();
    await user.keyboard('{Control>}k{/Control}');
    expect(input).toHaveFocus();

    // In a field of the page, "/" is a character of what is typed.
    const other = document.createElement('input');
    other.setAttribute('aria-label', 'Notes');
    document.body.appendChild(other);
    other.focus();
    await user.keyboard('/');
    expect(other).toHaveFocus();
    expect(other).toHaveValue('/');
    fireEvent.keyDown(other, { key: 'k', ctrlKey: true });
    expect(other).toHaveFocus();
    other.remove();
  });
});
