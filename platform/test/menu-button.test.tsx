import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeModeProvider } from '../src/theme';
import { Button, MenuButton } from '../src/ui';

/** A row's controls as the stock lists draw them (issue 21): a primary Sell and a More menu for the rest. */
function Row({ onAction }: { onAction(name: string): void }) {
  return (
    <ThemeModeProvider>
      <Button onClick={() => onAction('Sell')}>Sell</Button>
      <MenuButton
        label="More actions for X-1"
        actions={[
          { key: 'checkout', label: 'Checkout', onSelect: () => onAction('Checkout') },
          { key: 'promote', label: 'Promote', disabled: true, onSelect: () => onAction('Promote') },
          { key: 'edit', label: 'Edit', onSelect: () => onAction('Edit') },
        ]}
      >
        <span aria-hidden="true">⋯</span>
      </MenuButton>
      <button type="button">Elsewhere</button>
    </ThemeModeProvider>
  );
}

const more = () => screen.getByRole('button', { name: 'More actions for X-1' });

describe('MenuButton', () => {
  it('is closed until pressed; a click opens the menu and choosing an entry runs it, closes it and refocuses the button', async () => {
    const onAction = jest.fn();
    render(<Row onAction={onAction} />);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(more()).toHaveAttribute('aria-expanded', 'false');
    expect(more()).toHaveAttribute('aria-haspopup', 'menu');

    await userEvent.click(more());
    const menu = screen.getByRole('menu', { name: 'More actions for X-1' });
    expect(more()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Checkout',
      'Promote',
      'Edit',
    ]);
    expect(screen.getByRole('menuitem', { name: 'Promote' })).toBeDisabled();
    expect(menu).toBeInTheDocument();

    await userEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
    expect(onAction).toHaveBeenCalledWith('Edit');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(more()).toHaveFocus();
  });

  it('opens from the keyboard on the first allowed entry; arrows skip disabled ones and wrap; Escape returns to the button', async () => {
    const onAction = jest.fn();
    render(<Row onAction={onAction} />);
    more().focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'Checkout' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Checkout' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(more()).toHaveFocus();

    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus();
    await userEvent.keyboard('{Home}{Enter}');
    expect(onAction).toHaveBeenCalledWith('Checkout');
    expect(onAction).toHaveBeenCalledTimes(1);
  });

  it('a click outside or Tab closes it without running anything', async () => {
    const onAction = jest.fn();
    render(<Row onAction={onAction} />);
    await userEvent.click(more());
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    more().focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await userEvent.tab();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(onAction).not.toHaveBeenCalled();
  });
});
