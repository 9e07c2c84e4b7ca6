import { HttpError } from '../src/http';
import { errorMessage, isNotFound, readServerErrors } from '../src/lib/server-errors';

const refused = (status: number, data: unknown) => new HttpError(status, data);

describe('readServerErrors', () => {
  it('puts field-keyed lists next to their fields, messages joined', () => {
    const errors = readServerErrors(
      refused(400, {
        email: ['Enter a valid email address.', 'Too long.'],
        name: ['This field is required.'],
      }),
      'Could not save.',
    );
    expect(errors).toEqual({
      fields: { email: 'Enter a valid email address. Too long.', name: 'This field is required.' },
      lines: {},
      form: null,
    });
  });

  it('shows the detail and the non-field errors above the form', () => {
    expect(readServerErrors(refused(403, { detail: 'Not allowed.' }), 'Could not save.').form).toBe(
      'Not allowed.',
    );
    const nonField = readServerErrors(
      refused(400, { non_field_errors: ['A value is too large.'] }),
      'Could not save.',
    );
    expect(nonField).toEqual({ fields: {}, lines: {}, form: 'A value is too large.' });
  });

  it('falls back to the given words when nothing explains the failure', () => {
    expect(readServerErrors(new Error('offline'), 'Could not save.').form).toBe('Could not save.');
    expect(readServerErrors(refused(500, 'Internal error'), 'Could not save.').form).toBe('Could not save.');
  });

  it('splits a list field reported line by line into rows', () => {
    const errors = readServerErrors(
      refused(400, {
        transactions: [
          'Line 2: clientId: This field is required.',
          'Line 2: clientId: Unknown client.',
          'Line 1: amount: Ensure this value is greater than 0.',
          'At least one transaction is required.',
        ],
      }),
      'Could not save.',
      { linesOf: 'transactions' },
    );
    expect(errors).toEqual({
      fields: { transactions: 'At least one transaction is required.' },
      lines: {
        0: { amount: 'Ensure this value is greater than 0.' },
        1: { clientId: 'This field is required. Unknown client.' },
      },
      form: null,
    });
    const onlyLines = readServerErrors(refused(400, { transactions: ['Line 1: amount: Bad.'] }), 'x', {
      linesOf: 'transactions',
    });
    expect(onlyLines).toEqual({ fields: {}, lines: { 0: { amount: 'Bad.' } }, form: null });
  });
});

it('maps the service names onto the form fields and says the rest above the form', () => {
  const names = { amount: 'amount', expense_date: 'date', sale_date: 'date' };
  const errors = readServerErrors(
    refused(400, {
      expense_date: ['Too early.'],
      sale_date: ['Not a day.'],
      shop: ['Unknown shop.'],
      amount: ['Bad.'],
    }),
    'Could not save.',
    { fields: names },
  );
  expect(errors).toEqual({
    fields: { date: 'Too early. Not a day.', amount: 'Bad.' },
    lines: {},
    form: 'Unknown shop.',
  });
  const unknownOnly = readServerErrors(refused(400, { shop: ['Unknown shop.'] }), 'Could not save.', {
    fields: names,
  });
  expect(unknownOnly).toEqual({ fields: {}, lines: {}, form: 'Unknown shop.' });
});

describe('errorMessage and isNotFound', () => {
  it('gives one line for an alert', () => {
    expect(errorMessage(refused(403, { detail: 'Not allowed.' }), 'Failed.')).toBe('Not allowed.');
    expect(errorMessage(refused(400, { a: ['One.'], b: ['Two.'] }), 'Failed.')).toBe('One. Two.');
    expect(errorMessage(new Error('offline'), 'Failed.')).toBe('Failed.');
  });

  it('knows a 404', () => {
    expect(isNotFound(refused(404, { detail: 'Not found.' }))).toBe(true);
    expect(isNotFound(refused(403, {}))).toBe(false);
    expect(isNotFound(new Error('x'))).toBe(false);
  });
});
