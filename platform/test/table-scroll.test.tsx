import { render, screen } from '@testing-library/react';
import { ThemeModeProvider } from '../src/theme';
import { Table, TableScroll } from '../src/ui';

/** jsdom lays nothing out: give every element the widths a browser would measure. */
function widths(scrollWidth: number, clientWidth: number) {
  const scroll = jest.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scrollWidth);
  const client = jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(clientWidth);
  return () => {
    scroll.mockRestore();
    client.mockRestore();
  };
}

function Ledger() {
  return (
    <ThemeModeProvider>
      <TableScroll>
        <Table>
          <caption>Recent ledger entries</caption>
          <tbody>
            <tr>
              <td>£2,500.00</td>
            </tr>
          </tbody>
        </Table>
      </TableScroll>
    </ThemeModeProvider>
  );
}

describe('TableScroll', () => {
  it('a table wider than its box makes the box a region named after the caption, reachable by Tab', () => {
    const restore = widths(900, 500);
    try {
      render(<Ledger />);
      const region = screen.getByRole('region', { name: 'Recent ledger entries' });
      expect(region).toHaveAttribute('tabindex', '0');
      expect(region).toContainElement(screen.getByRole('table'));
    } finally {
      restore();
    }
  });

  it('a table that fits adds no tab stop and no landmark', () => {
    const restore = widths(500, 500);
    try {
      render(<Ledger />);
      expect(screen.queryByRole('region')).not.toBeInTheDocument();
      expect(screen.getByRole('table').parentElement).not.toHaveAttribute('tabindex');
    } finally {
      restore();
    }
  });
});
