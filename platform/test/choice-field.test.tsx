import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeModeProvider } from '../src/theme';
import { ChoiceField } from '../src/ui/choice-field';

type Direction = 'received' | 'paid';

it('offers the values in order with their words, and hands back the chosen value', async () => {
  const onChange = jest.fn<void, [Direction]>();
  render(
    <ThemeModeProvider>
      <ChoiceField<Direction>
        label="Direction"
        value="received"
        options={['received', 'paid']}
        labels={{ received: 'Received from client' }}
        error="Choose a direction."
        onChange={onChange}
      />
    </ThemeModeProvider>,
  );
  const select = screen.getByRole('combobox', { name: 'Direction' });
  expect(
    screen.getAllByRole('option').map((option) => [option.textContent, option.getAttribute('value')]),
  ).toEqual([
    ['Received from client', 'received'],
    ['paid', 'paid'],
  ]);
  expect(select).toHaveAccessibleDescription('Choose a direction.');
  await userEvent.selectOptions(select, 'paid');
  expect(onChange).toHaveBeenCalledWith('paid');
});
