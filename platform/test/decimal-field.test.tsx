import { render, screen } from '@testing-library/react';
import { ThemeModeProvider } from '../src/theme';
import { DecimalField } from '../src/ui';

const renderField = (places: number) =>
  render(
    <ThemeModeProvider>
      <DecimalField label="Amount" name="amount" places={places} value="12.5" onChange={() => undefined} />
    </ThemeModeProvider>,
  );

describe('DecimalField', () => {
  it('is text with a decimal keyboard, so it holds an amount as the screens show it ("10,500")', async () => {
    renderField(2);
    const input = screen.getByRole('textbox', { name: 'Amount' });
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAttribute('inputmode', 'decimal');
    expect(input).toHaveValue('12.5');
  });
});
