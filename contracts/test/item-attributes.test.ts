import {
  CONDITION_GRADES,
  CONDITION_GRADE_LABELS,
  INVALID_NUMBER,
  ITEM_ATTRIBUTE_NAMES,
  NO_ATTRIBUTES,
  readItemAttributes,
  readPositiveDecimal,
  stockNumberOf,
  stockNumberText,
} from '../src';

// The item attribute rules (contracts/src/item-attributes.ts): the service's item input and the item form read
// attributes with readItemAttributes, so both accept and refuse the same values in the same words.

describe('readItemAttributes', () => {
  it('reads what a form types and what a JSON body sends alike', () => {
    const typed = readItemAttributes(
      {
        referenceNumber: ' 126610LN ',
        year: '2021',
        caseDiameterMm: '41.50',
        weightGrams: '1,204.5',
        fineness: ' 750 ',
        movement: 'automatic',
        conditionGrade: 'very_good',
        metal: 'Yellow gold',
        box: true,
        papers: false,
      },
      2026,
    );
    expect(typed.errors).toEqual({});
    expect(typed.values).toEqual({
      referenceNumber: '126610LN',
      year: 2021,
      caseDiameterMm: '41.5',
      weightGrams: '1204.5',
      fineness: 750,
      movement: 'automatic',
      conditionGrade: 'very_good',
      metal: 'Yellow gold',
      box: true,
      papers: false,
    });
    const sent = readItemAttributes({ year: 2021, caseDiameterMm: 41.5, fineness: 750 }, 2026);
    expect(sent).toEqual({ values: { year: 2021, caseDiameterMm: '41.5', fineness: 750 }, errors: {} });
  });

  it('gives back only what was sent, blanks as none', () => {
    expect(readItemAttributes({}, 2026)).toEqual({ values: {}, errors: {} });
    expect(
      readItemAttributes({ year: '', caseDiameterMm: null, movement: '', metal: null, dial: '  ' }, 2026)
        .values,
    ).toEqual({ year: null, caseDiameterMm: null, movement: null, metal: '', dial: '' });
  });

  it('bounds the year from 1800 to the current year, fineness 1..999, as whole numbers', () => {
    const errors = (input: Parameters<typeof readItemAttributes>[0]) =>
      readItemAttributes(input, 2026).errors;
    expect(errors({ year: 1800 })).toEqual({});
    expect(errors({ year: 2026 })).toEqual({});
    expect(errors({ year: 1799 })).toEqual({ year: 'Ensure this value is greater than or equal to 1800.' });
    expect(errors({ year: '2027' })).toEqual({ year: 'Ensure this value is less than or equal to 2026.' });
    expect(errors({ year: '1,995' })).toEqual({ year: 'A valid integer is required.' });
    expect(errors({ year: 2021.5 })).toEqual({ year: 'A valid integer is required.' });
    expect(errors({ fineness: 0 })).toEqual({ fineness: 'Ensure this value is greater than or equal to 1.' });
    expect(errors({ fineness: '1000' })).toEqual({
      fineness: 'Ensure this value is less than or equal to 999.',
    });
  });

  it('reads decimals by the one amount rule, positive, within their digits', () => {
    expect(readPositiveDecimal('40', { maxWholeDigits: 3, maxDecimals: 2 })).toEqual({ value: '40' });
    expect(readPositiveDecimal('10,50', { maxWholeDigits: 3, maxDecimals: 2 })).toEqual({
      error: INVALID_NUMBER,
    });
    expect(readPositiveDecimal('£40', { maxWholeDigits: 3, maxDecimals: 2 })).toEqual({
      error: INVALID_NUMBER,
    });
    expect(readPositiveDecimal('0', { maxWholeDigits: 3, maxDecimals: 2 })).toEqual({
      error: 'Ensure this value is greater than 0.',
    });
    expect(readPositiveDecimal('1000', { maxWholeDigits: 3, maxDecimals: 2 })).toEqual({
      error: 'Ensure that there are no more than 3 digits before the decimal point.',
    });
    expect(readPositiveDecimal('40.125', { maxWholeDigits: 3, maxDecimals: 2 })).toEqual({
      error: 'Ensure that there are no more than 2 decimal places.',
    });
    expect(readPositiveDecimal(Number.NaN, { maxWholeDigits: 3, maxDecimals: 2 })).toEqual({
      error: INVALID_NUMBER,
    });
  });

  it('takes choices only from their lists, and text no longer than its column', () => {
    const { errors } = readItemAttributes(
      { movement: 'Automatic', conditionGrade: 'mint', metal: 'gold', hallmark: 'x'.repeat(101) },
      2026,
    );
    expect(errors).toEqual({
      movement: '"Automatic" is not a valid choice.',
      conditionGrade: '"mint" is not a valid choice.',
      metal: '"gold" is not a valid choice.',
      hallmark: 'Ensure this field has no more than 100 characters.',
    });
  });

  it('has one label per grade, best first, and a blank value for every attribute', () => {
    expect(CONDITION_GRADES.map((g) => CONDITION_GRADE_LABELS[g])).toEqual([
      'Unworn',
      'Excellent',
      'Very good',
      'Good',
      'Fair',
    ]);
    expect(Object.keys(NO_ATTRIBUTES).sort()).toEqual([...ITEM_ATTRIBUTE_NAMES].sort());
  });
});

describe('stock numbers as searched and printed', () => {
  it('reads a number, "#N" and "Stock no. N" as printed; nothing else', () => {
    expect(stockNumberOf('1042')).toBe(1042);
    expect(stockNumberOf(' #1042 ')).toBe(1042);
    expect(stockNumberOf(stockNumberText(1042))).toBe(1042);
    expect(stockNumberText(7)).toBe('Stock no. 7');
    expect(stockNumberOf('0')).toBeNull();
    expect(stockNumberOf('RLX-1042')).toBeNull();
    expect(stockNumberOf('10 42')).toBeNull();
    expect(stockNumberOf('1234567890')).toBeNull();
  });
});
