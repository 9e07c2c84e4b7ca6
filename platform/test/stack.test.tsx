import { render, screen } from '@testing-library/react';
import { ThemeModeProvider } from '../src/theme';
import { Stack } from '../src/ui';

it('Stack spreads a row’s children apart only when asked', () => {
  render(
    <ThemeModeProvider>
      <Stack $row role="group" aria-label="Packed" />
      <Stack $row $spread role="group" aria-label="Spread" />
    </ThemeModeProvider>,
  );
  expect(getComputedStyle(screen.getByRole('group', { name: 'Packed' })).justifyContent).toBe('flex-start');
  expect(getComputedStyle(screen.getByRole('group', { name: 'Spread' })).justifyContent).toBe(
    'space-between',
  );
  expect(getComputedStyle(screen.getByRole('group', { name: 'Spread' })).flexWrap).toBe('wrap');
});
