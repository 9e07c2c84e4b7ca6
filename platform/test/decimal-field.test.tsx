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
  it('steps by the last place it allows, two for pounds', () => {
    renderField(2);
    const input = screen.getByLabelText('Amount');
    expect(input).toHaveAttribute('type', 'number');
    expect(input).toHaveAttribute('inputmode', 'decimal');
    expect(input).toHaveAttribute('min', '0');
    expect(input).toHaveAttribute('step', '0.01');
    expect(input).toHaveValue(12.5);
  });

  it('and eight for bitcoin and rates, written out rather than as 1e-8', () => {
    renderField(8);
    expect(screen.getByLabelText('Amount')).toHaveAttribute('step', '0.00000001');
  });
});
