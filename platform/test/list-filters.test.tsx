import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ClientFilterPicker } from '../src/clients';
import { ListSearch } from '../src/list';
import { authCheckAs, createFetchMock, renderWithProviders } from '../src/testing';

const ELEANOR = { id: 7, name: 'Eleanor Vance', email: 'eleanor@example.com', phone: '', status: 'active' };
const MARCUS = { id: 9, name: 'Marcus Hale', email: 'marcus@example.com', phone: '', status: 'active' };

/** The shop's clients, and a signed-in session (the providers' auth check asks for one). */
function clientsServer() {
  const mock = createFetchMock({
    'GET /auth-check/': { body: authCheckAs('silver') },
    'GET /api/clients/': (call) => {
      const search = (new URL(call.url, 'http://localhost').searchParams.get('search') ?? '').toLowerCase();
      const found = [ELEANOR, MARCUS].filter((c) => c.name.toLowerCase().includes(search));
      return { body: { results: found, count: found.length } };
    },
    'GET /api/clients/7/': { body: ELEANOR },
    'GET /api/clients/9/': { body: MARCUS },
  });
  window.fetch = mock.fetch;
  return mock;
}

/** A list screen's state in miniature: the filter's value, set by the picker or from outside. */
function PickerHarness({ initial, changes }: { initial: string; changes: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <ClientFilterPicker
        label="Seller"
        hint="Any seller"
        value={value}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
      />
      <button onClick={() => setValue('')}>Clear Filters</button>
      <button onClick={() => setValue('9')}>Marcus from outside</button>
      <output aria-label="filter">{value}</output>
    </>
  );
}

describe('ClientFilterPicker (platform 1.2)', () => {
  it("shows the filtered client's name once known, and a chosen client's id becomes the filter", async () => {
    clientsServer();
    const changes: string[] = [];
    renderWithProviders(<PickerHarness initial="7" changes={changes} />);
    await waitFor(() => expect(screen.getByLabelText('Seller')).toHaveValue('Eleanor Vance'));

    await userEvent.clear(screen.getByLabelText('Seller'));
    await userEvent.type(screen.getByLabelText('Seller'), 'marc');
    await userEvent.click(await screen.findByRole('option', { name: /Marcus Hale/ }));
    expect(changes).toEqual(['', '9']);
    expect(screen.getByLabelText('filter')).toHaveTextContent('9');
    await waitFor(() => expect(screen.getByLabelText('Seller')).toHaveValue('Marcus Hale'));
  });

  it('empties itself when the filter is cleared from outside, but keeps what the user typed over the name', async () => {
    clientsServer();
    const changes: string[] = [];
    renderWithProviders(<PickerHarness initial="7" changes={changes} />);
    await waitFor(() => expect(screen.getByLabelText('Seller')).toHaveValue('Eleanor Vance'));

    // Typing over the chosen name drops the filter; the text is the user's and stays.
    await userEvent.type(screen.getByLabelText('Seller'), 'x');
    expect(changes).toEqual(['']);
    expect(screen.getByLabelText('filter')).toBeEmptyDOMElement();
    expect(screen.getByLabelText('Seller')).toHaveValue('Eleanor Vancex');

    // A filter set and then cleared from outside (Clear Filters, Back) leaves the box empty.
    await userEvent.click(screen.getByRole('button', { name: 'Marcus from outside' }));
    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(screen.getByLabelText('Seller')).toHaveValue(''));
    expect(changes).toEqual(['']);
  });

  it('names a client it cannot look up by number, and treats a value that is not an id as no filter', async () => {
    clientsServer();
    renderWithProviders(<PickerHarness initial="404" changes={[]} />);
    await waitFor(() => expect(screen.getByLabelText('Seller')).toHaveValue('Client #404'));

    renderWithProviders(<PickerHarness initial="7; drop" changes={[]} />);
    expect(screen.getAllByLabelText('Seller')[1]).toHaveValue('');
    expect(screen.getByText('Any seller')).toBeInTheDocument();
  });
});

function SearchHarness({ searches }: { searches: string[] }) {
  const [value, setValue] = useState('rolex');
  return (
    <>
      <ListSearch
        name="Jobs"
        label="Search jobs"
        placeholder="Job number"
        maxLength={20}
        value={value}
        onSearch={(text) => {
          searches.push(text);
          setValue(text);
        }}
      />
      <button onClick={() => setValue('')}>Clear Filters</button>
    </>
  );
}

describe('ListSearch (platform 1.2)', () => {
  it('sends the trimmed text when submitted, not on each key, and follows the list when it changes outside', async () => {
    clientsServer();
    const searches: string[] = [];
    renderWithProviders(<SearchHarness searches={searches} />);
    const form = await screen.findByRole('search', { name: 'Jobs' });
    const box = screen.getByRole('searchbox', { name: 'Search jobs' });
    expect(form).toContainElement(box);
    expect(box).toHaveValue('rolex');
    expect(box).toHaveAttribute('maxlength', '20');
    expect(box).toHaveAttribute('placeholder', 'Job number');

    await userEvent.clear(box);
    await userEvent.type(box, '  omega  ');
    expect(searches).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(searches).toEqual(['omega']);

    // The list is now searched by 'omega', which the box shows; Enter sends the form too.
    expect(box).toHaveValue('omega');
    await userEvent.type(box, ' seamaster{Enter}');
    expect(searches).toEqual(['omega', 'omega seamaster']);

    await act(async () => userEvent.click(screen.getByRole('button', { name: 'Clear Filters' })));
    expect(box).toHaveValue('');
  });
});
