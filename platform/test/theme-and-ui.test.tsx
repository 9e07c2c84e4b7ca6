import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeModeProvider, useThemeMode } from '../src/theme';
import { Alert, Modal, Spinner, TextField } from '../src/ui';
import { formatMoney } from '../src/format';

function Toggle() {
  const { mode, toggleMode } = useThemeMode();
  return <button onClick={toggleMode}>mode {mode}</button>;
}

describe('theme', () => {
  it('starts dark, and keeps the toggled choice in localStorage.theme across loads', async () => {
    const first = render(
      <ThemeModeProvider>
        <Toggle />
      </ThemeModeProvider>,
    );
    expect(screen.getByRole('button')).toHaveTextContent('mode dark');
    await userEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button')).toHaveTextContent('mode light');
    expect(window.localStorage.getItem('theme')).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');
    first.unmount();
    render(
      <ThemeModeProvider>
        <Toggle />
      </ThemeModeProvider>,
    );
    expect(screen.getByRole('button')).toHaveTextContent('mode light');
  });
});

describe('UI primitives', () => {
  it('a field has its visible label and its error is an alert tied to it', () => {
    render(
      <ThemeModeProvider>
        <TextField label="Email" error="Enter a valid email address." />
      </ThemeModeProvider>,
    );
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a valid email address.');
    expect(input).toHaveAccessibleDescription('Enter a valid email address.');
  });

  it('alerts: errors are role=alert, confirmations role=status; the spinner says Loading...', () => {
    render(
      <ThemeModeProvider>
        <Alert>bad</Alert>
        <Alert tone="success">good</Alert>
        <Spinner />
      </ThemeModeProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('bad');
    expect(screen.getAllByRole('status').map((e) => e.textContent)).toEqual(['good', 'Loading...']);
  });

  it('a modal is a labelled dialog that Escape closes', async () => {
    const onClose = jest.fn();
    render(
      <ThemeModeProvider>
        <Modal open title="Client Details" onClose={onClose}>
          body
        </Modal>
      </ThemeModeProvider>,
    );
    expect(screen.getByRole('dialog', { name: 'Client Details' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('formats money to two decimals with the currency sign', () => {
    expect(formatMoney(1234.5)).toBe('£1,234.50');
    expect(formatMoney('-20')).toBe('-£20.00');
    expect(formatMoney(3, 'USD')).toBe('$3.00');
  });
});
