import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeModeProvider } from '../src/theme';
import { nextOrdering, pageTitle, SortableHeader, sortDirection, usePageTitle } from '../src/ui';

function Titled({ title }: { title: string }) {
  usePageTitle(title);
  return <h1>{title}</h1>;
}

describe('usePageTitle', () => {
  beforeEach(() => {
    document.title = 'Loupe';
  });

  it('titles the document "<page> · Loupe" while the page is shown, and gives the title back after', () => {
    const { rerender, unmount } = render(<Titled title="Clients" />);
    expect(document.title).toBe('Clients · Loupe');
    rerender(<Titled title="Reports" />);
    expect(document.title).toBe('Reports · Loupe');
    unmount();
    expect(document.title).toBe('Loupe');
  });

  it('an empty title leaves the product name alone', () => {
    expect(pageTitle('')).toBe('Loupe');
    expect(pageTitle('Page not found')).toBe('Page not found · Loupe');
  });
});

function SortedTable() {
  const [ordering, setOrdering] = useState('-created_at');
  return (
    <ThemeModeProvider>
      <table>
        <thead>
          <tr>
            <SortableHeader field="name" ordering={ordering} onSort={setOrdering}>
              Name
            </SortableHeader>
            <SortableHeader field="balance" ordering={ordering} onSort={setOrdering}>
              Balance
            </SortableHeader>
          </tr>
        </thead>
      </table>
      <output>{ordering}</output>
    </ThemeModeProvider>
  );
}

describe('SortableHeader', () => {
  it('reads the Django-style ordering', () => {
    expect(sortDirection('name', 'name')).toBe('ascending');
    expect(sortDirection('-name', 'name')).toBe('descending');
    expect(sortDirection('-names', 'name')).toBeNull();
    expect(nextOrdering('', 'name')).toBe('name');
    expect(nextOrdering('name', 'name')).toBe('-name');
    expect(nextOrdering('-name', 'name')).toBe('name');
  });

  it('aria-sort is on the sorted column only, and a press sorts ascending, then descending', async () => {
    render(<SortedTable />);
    const name = screen.getByRole('columnheader', { name: /Name/ });
    const balance = screen.getByRole('columnheader', { name: /Balance/ });
    expect(name).not.toHaveAttribute('aria-sort');
    expect(balance).not.toHaveAttribute('aria-sort');

    await userEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(name).toHaveAttribute('aria-sort', 'ascending');
    expect(balance).not.toHaveAttribute('aria-sort');
    expect(screen.getByRole('status')).toHaveTextContent('name');

    await userEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(name).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('status')).toHaveTextContent('-name');

    await userEvent.click(screen.getByRole('button', { name: /Balance/ }));
    expect(name).not.toHaveAttribute('aria-sort');
    expect(balance).toHaveAttribute('aria-sort', 'ascending');
  });
});
