import { useState } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeModeProvider } from '../src/theme';
import { FormActions, Modal } from '../src/ui';

function Opener({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <ThemeModeProvider>
      <button type="button" onClick={() => setOpen(true)}>
        Sell
      </button>
      <Modal
        open={open}
        title="Sell W-1"
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
      >
        <label>
          Price
          <input />
        </label>
        <button type="button" disabled>
          Not now
        </button>
        <button type="submit">Confirm</button>
      </Modal>
    </ThemeModeProvider>
  );
}

describe('Modal', () => {
  it('is a native modal <dialog> labelled by its title, its first field focused, the page behind not scrolling', async () => {
    render(<Opener />);
    await userEvent.click(screen.getByRole('button', { name: 'Sell' }));
    const dialog = screen.getByRole('dialog', { name: 'Sell W-1' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog).toHaveAttribute('open');
    expect(screen.getByRole('textbox', { name: 'Price' })).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('a dialog without fields is focused itself, so no button is one Enter away', () => {
    render(
      <ThemeModeProvider>
        <Modal open title="Void INV-1" onClose={() => undefined}>
          <button type="button">Void</button>
        </Modal>
      </ThemeModeProvider>,
    );
    expect(screen.getByRole('dialog', { name: 'Void INV-1' })).toHaveFocus();
  });

  it('a control marked data-autofocus is focused before the first field', () => {
    render(
      <ThemeModeProvider>
        <Modal open title="Find" onClose={() => undefined}>
          <label>
            Name
            <input />
          </label>
          <label>
            Serial
            <input data-autofocus />
          </label>
        </Modal>
      </ThemeModeProvider>,
    );
    expect(screen.getByRole('textbox', { name: 'Serial' })).toHaveFocus();
  });

  it('Tab and Shift+Tab cycle inside the dialog, skipping disabled controls', async () => {
    render(<Opener />);
    await userEvent.click(screen.getByRole('button', { name: 'Sell' }));
    const price = screen.getByRole('textbox', { name: 'Price' });
    const close = screen.getByRole('button', { name: 'Close' });

    expect(price).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus();
    await userEvent.tab();
    expect(close).toHaveFocus();
    await userEvent.tab();
    expect(price).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(close).toHaveFocus();
  });

  it('Shift+Tab from the dialog itself goes to its last control, not to the page behind', async () => {
    render(
      <ThemeModeProvider>
        <Modal open title="Void INV-1" onClose={() => undefined}>
          <button type="button">Void</button>
        </Modal>
      </ThemeModeProvider>,
    );
    expect(screen.getByRole('dialog')).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('Escape asks the owner to close it; focus returns to the opener and the page scrolls again', async () => {
    const onClose = jest.fn();
    render(<Opener onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Sell' });
    await userEvent.click(opener);
    await userEvent.tab();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
  });

  it('the Close button closes it and gives focus back too', async () => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Sell' });
    await userEvent.click(opener);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('gives focus to the page heading when what opened it can no longer take it, not to the body', async () => {
    function Sale({ returnFocus }: { returnFocus?: 'heading' }) {
      const [open, setOpen] = useState(false);
      const [sold, setSold] = useState(false);
      return (
        <ThemeModeProvider>
          <h1>Available Watches</h1>
          <button type="button" disabled={sold} onClick={() => setOpen(true)}>
            Sell
          </button>
          <Modal open={open} title="Sell W-1" returnFocus={returnFocus} onClose={() => setOpen(false)}>
            <button
              type="button"
              onClick={() => {
                setSold(true);
                setOpen(false);
              }}
            >
              Confirm
            </button>
          </Modal>
        </ThemeModeProvider>
      );
    }
    const { unmount } = render(<Sale />);
    await userEvent.click(screen.getByRole('button', { name: 'Sell' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('button', { name: 'Sell' })).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Available Watches' })).toHaveFocus());
    unmount();

    // Asked for the heading, the dialog gives it focus even while the opener could still take it.
    render(<Sale returnFocus="heading" />);
    await userEvent.click(screen.getByRole('button', { name: 'Sell' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('heading', { name: 'Available Watches' })).toHaveFocus();
  });

  it('keeps a form’s actions in view at the foot of the dialog while the fields scroll', () => {
    render(
      <ThemeModeProvider>
        <Modal open title="Sell W-1" onClose={() => undefined}>
          <form aria-label="Sell W-1">
            <FormActions submitLabel="Confirm Sale" busy={false} />
          </form>
        </Modal>
      </ThemeModeProvider>,
    );
    const actions = screen.getByRole('button', { name: 'Confirm Sale' }).parentElement!;
    expect(getComputedStyle(actions).position).toBe('sticky');
    expect(getComputedStyle(actions).bottom).toBe('0px');
  });

  it('a press on the backdrop closes it; one inside it does not', async () => {
    const onClose = jest.fn();
    render(<Opener onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sell' }));
    const dialog = screen.getByRole('dialog');
    // jsdom lays nothing out: the dialog's box is 0×0 at the origin, so (0, 0) is on it and (500, 400) is not.
    fireEvent.mouseDown(dialog, { clientX: 0, clientY: 0 });
    fireEvent.mouseDown(screen.getByRole('textbox', { name: 'Price' }), { clientX: 500, clientY: 400 });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.mouseDown(dialog, { clientX: 500, clientY: 400 });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('a native close (as Chromium does on a repeated Escape) closes it in the owner too', async () => {
    const onClose = jest.fn();
    render(<Opener onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sell' }));
    (screen.getByRole('dialog') as HTMLDialogElement).close();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('two dialogs open keep the page locked until the last closes', () => {
    const { rerender } = render(
      <ThemeModeProvider>
        <Modal open title="One" onClose={() => undefined}>
          a
        </Modal>
        <Modal open title="Two" onClose={() => undefined}>
          b
        </Modal>
      </ThemeModeProvider>,
    );
    expect(document.body.style.overflow).toBe('hidden');
    rerender(
      <ThemeModeProvider>
        <Modal open title="One" onClose={() => undefined}>
          a
        </Modal>
        <Modal open={false} title="Two" onClose={() => undefined}>
          b
        </Modal>
      </ThemeModeProvider>,
    );
    expect(document.body.style.overflow).toBe('hidden');
    rerender(
      <ThemeModeProvider>
        <Modal open={false} title="One" onClose={() => undefined}>
          a
        </Modal>
      </ThemeModeProvider>,
    );
    expect(document.body.style.overflow).toBe('');
  });
});
