import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeModeProvider } from '../src/theme';
import { DayField } from '../src/ui';

function Form({ onDay }: { onDay(day: string): void }) {
  const [day, setDay] = useState('2026-03-01');
  return (
    <ThemeModeProvider>
      <DayField
        label="Date"
        required
        max="2026-03-31"
        value={day}
        error={day === '' ? 'This field is required.' : undefined}
        onChange={(next) => {
          setDay(next);
          onDay(next);
        }}
      />
    </ThemeModeProvider>
  );
}

test('a day field is a labelled date input that hands back the YYYY-MM-DD day, its limits and error kept', async () => {
  const days: string[] = [];
  render(<Form onDay={(day) => days.push(day)} />);
  const input = screen.getByLabelText('Date');
  expect(input).toHaveAttribute('type', 'date');
  expect(input).toHaveAttribute('max', '2026-03-31');
  expect(input).toBeRequired();
  expect(input).toHaveValue('2026-03-01');

  await userEvent.clear(input);
  expect(days.at(-1)).toBe('');
  expect(input).toHaveAccessibleDescription('This field is required.');
  await userEvent.type(input, '2026-03-15');
  expect(days.at(-1)).toBe('2026-03-15');
  expect(input).toHaveValue('2026-03-15');
});
