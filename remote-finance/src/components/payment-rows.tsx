import { CURRENCIES, PAYMENT_DIRECTIONS, PAYMENT_METHODS } from '@loupe/contracts';
import { Button, ChoiceField, FieldError, FieldGrid, TextField, VisuallyHidden } from '@loupe/platform';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { DIRECTION_LABELS, paymentField, type PaymentValues } from '../lib/payment-values';

/*
 * Rows of a form that takes several of a thing — a deal's lines and payments, a purchase's items and payments
 * out — each a group of fields named by its legend ("Payment 2"), so a screen reader says which row a "Price"
 * belongs to, laid out as a grid that stacks on a phone. Shared by the deals and purchases features.
 */

export const RowList = styled.ol`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space(3)};
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
`;

const Box = styled.fieldset`
  margin: 0;
  min-width: 0;
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)} 0`};
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radius};
  legend {
    padding: 0 ${({ theme }) => theme.space(1)};
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;

const RowEnd = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

/** The id of a row's field, so a screen can move the focus to a new row or to the first field in error. */
export const rowFieldId = (key: string, field: string) => `row-${key}-${field}`;

export type RowErrors = Partial<Record<string, string>> | undefined;

/** One row: its legend, its fields, and Remove (named after the row for a screen reader). */
export function RowBox({
  legend,
  removeLabel,
  onRemove,
  note,
  children,
}: {
  legend: string;
  removeLabel: string;
  onRemove(): void;
  note?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box>
      <legend>{legend}</legend>
      {children}
      <RowEnd>
        {note ?? <span />}
        <Button variant="ghost" onClick={onRemove}>
          Remove<VisuallyHidden> {removeLabel}</VisuallyHidden>
        </Button>
      </RowEnd>
    </Box>
  );
}

/** An amount typed as text, so the service parses exactly what was typed (as the Sell dialog does). */
export function AmountField({
  id,
  name,
  label,
  value,
  error,
  hint,
  required = true,
  onChange,
}: {
  id: string;
  /** The form's name for it (a row's: rowFieldName), so the form can focus it when it is in error. */
  name?: string;
  label: string;
  value: string;
  error?: string;
  hint?: string;
  required?: boolean;
  onChange(value: string): void;
}) {
  return (
    <TextField
      id={id}
      name={name}
      label={label}
      inputMode="decimal"
      autoComplete="off"
      required={required}
      value={value}
      error={error}
      hint={hint}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

interface PaymentRowsProps {
  payments: PaymentValues[];
  errors: Record<string, Record<string, string>>;
  onChange(key: string, patch: Partial<PaymentValues>): void;
  onRemove(key: string): void;
  /**
   * Whether each payment says if it is in or out. Left out where the direction is fixed: a reservation's deposit
   * is in, a purchase's payments are out.
   */
  allowOut?: boolean;
}

/** The payments of a form, one group each ("Payment 1"), in the order they were added. */
export function PaymentRows({ payments, errors, onChange, onRemove, allowOut = true }: PaymentRowsProps) {
  return (
    <RowList aria-label="Payments">
      {payments.map((p, index) => (
        <li key={p.key}>
          <RowBox
            legend={`Payment ${index + 1}`}
            removeLabel={`payment ${index + 1}`}
            onRemove={() => onRemove(p.key)}
          >
            <PaymentFields payment={p} errors={errors[p.key]} onChange={onChange} allowOut={allowOut} />
          </RowBox>
        </li>
      ))}
    </RowList>
  );
}

/** One payment's fields: method, amount in its currency, the rate to pounds for another currency, in or out. */
export function PaymentFields({
  payment: p,
  errors,
  onChange,
  allowOut = true,
}: {
  payment: PaymentValues;
  errors: RowErrors;
  onChange(key: string, patch: Partial<PaymentValues>): void;
  allowOut?: boolean;
}) {
  return (
    <FieldGrid $min={150}>
      <ChoiceField
        id={rowFieldId(p.key, 'method')}
        name={paymentField(p.key, 'method')}
        label="Method"
        value={p.method}
        options={PAYMENT_METHODS}
        error={errors?.method}
        onChange={(method) => onChange(p.key, { method })}
      />
      <AmountField
        id={rowFieldId(p.key, 'amount')}
        name={paymentField(p.key, 'amount')}
        label={`Amount (${p.currency})`}
        value={p.amount}
        error={errors?.amount}
        onChange={(amount) => onChange(p.key, { amount })}
      />
      <ChoiceField
        id={rowFieldId(p.key, 'currency')}
        name={paymentField(p.key, 'currency')}
        label="Currency"
        value={p.currency}
        options={CURRENCIES}
        error={errors?.currency}
        onChange={(currency) => onChange(p.key, { currency })}
      />
      {p.currency !== 'GBP' ? (
        <AmountField
          id={rowFieldId(p.key, 'exchangeRate')}
          name={paymentField(p.key, 'exchangeRate')}
          label="Exchange rate"
          value={p.exchangeRate}
          error={errors?.exchangeRate}
          hint={`£ per 1 ${p.currency}.`}
          onChange={(exchangeRate) => onChange(p.key, { exchangeRate })}
        />
      ) : null}
      {allowOut ? (
        <ChoiceField
          id={rowFieldId(p.key, 'direction')}
          name={paymentField(p.key, 'direction')}
          label="In or out"
          value={p.direction}
          options={PAYMENT_DIRECTIONS}
          labels={DIRECTION_LABELS}
          error={errors?.direction}
          hint={p.direction === 'out' ? 'The shop pays the client.' : undefined}
          onChange={(direction) => onChange(p.key, { direction })}
        />
      ) : errors?.direction ? (
        <FieldError>{errors.direction}</FieldError>
      ) : null}
    </FieldGrid>
  );
}
