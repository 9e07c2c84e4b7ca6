import {
  CURRENCIES,
  OTHER_LINE_VAT_RATES,
  PAYMENT_DIRECTIONS,
  PAYMENT_METHODS,
  STOCK_TYPES,
  type Currency,
} from '@loupe/contracts';
import {
  Button,
  ChoiceField,
  FieldError,
  FieldGrid,
  formatMoney,
  TextField,
  VisuallyHidden,
} from '@loupe/platform';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { DIRECTION_LABELS, LINE_KIND_LABELS, VAT_RATE_LABELS } from '../lib/deal-labels';
import {
  DESCRIPTION_MAX,
  itemName,
  type ItemLineValues,
  type LineValues,
  type OtherLineValues,
  type PartExchangeValues,
  type PaymentValues,
} from '../lib/deal-values';

/*
 * The Deal screen's lines and payments, each row a group of fields named by its legend ("Line 2: Other line"),
 * so a screen reader says which row a "Price" belongs to, and laid out as a grid that stacks on a phone.
 */

const List = styled.ol`
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

/** The id of a row's field, so the screen can move the focus to a new row or to the first field in error. */
export const rowFieldId = (key: string, field: string) => `deal-${key}-${field}`;

type Errors = Partial<Record<string, string>> | undefined;

function RowBox({
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
function AmountField({
  id,
  label,
  value,
  error,
  hint,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  error?: string;
  hint?: string;
  onChange(value: string): void;
}) {
  return (
    <TextField
      id={id}
      label={label}
      inputMode="decimal"
      autoComplete="off"
      required
      value={value}
      error={error}
      hint={hint}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

export function lineLegend(line: LineValues, index: number): string {
  const n = `Line ${index + 1}`;
  if (line.kind === 'item') return `${n}: Item ${line.item.serial} — ${itemName(line.item)}`;
  return `${n}: ${line.kind === 'other' ? 'Other line' : LINE_KIND_LABELS.part_exchange}`;
}

interface LinesProps {
  lines: LineValues[];
  currency: Currency;
  errors: Record<string, Record<string, string>>;
  onChange(key: string, patch: Partial<LineValues>): void;
  onRemove(key: string): void;
}

export function DealLines({ lines, currency, errors, onChange, onRemove }: LinesProps) {
  return (
    <List aria-label="Lines">
      {lines.map((line, index) => (
        <li key={line.key}>
          <RowBox
            legend={lineLegend(line, index)}
            removeLabel={lineLegend(line, index)}
            onRemove={() => onRemove(line.key)}
          >
            {line.kind === 'item' ? (
              <ItemLine line={line} currency={currency} errors={errors[line.key]} onChange={onChange} />
            ) : line.kind === 'other' ? (
              <OtherLine line={line} currency={currency} errors={errors[line.key]} onChange={onChange} />
            ) : (
              <PartExchangeLine
                line={line}
                currency={currency}
                errors={errors[line.key]}
                onChange={onChange}
              />
            )}
          </RowBox>
        </li>
      ))}
    </List>
  );
}

interface LineProps<L extends LineValues> {
  line: L;
  currency: Currency;
  errors: Errors;
  onChange(key: string, patch: Partial<L>): void;
}

function ItemLine({ line, currency, errors, onChange }: LineProps<ItemLineValues>) {
  const price = line.item.suggestedPrice;
  return (
    <FieldGrid $min={180}>
      <AmountField
        id={rowFieldId(line.key, 'price')}
        label={`Price (${currency})`}
        value={line.price}
        error={errors?.price ?? errors?.itemId}
        hint={price !== null ? `Listing price ${formatMoney(price)}` : undefined}
        onChange={(value) => onChange(line.key, { price: value })}
      />
    </FieldGrid>
  );
}

function OtherLine({ line, currency, errors, onChange }: LineProps<OtherLineValues>) {
  return (
    <FieldGrid $min={180}>
      <TextField
        id={rowFieldId(line.key, 'description')}
        label="Description"
        required
        autoComplete="off"
        maxLength={DESCRIPTION_MAX}
        hint="A strap, a service, an engraving…"
        value={line.description}
        error={errors?.description}
        onChange={(event) => onChange(line.key, { description: event.target.value })}
      />
      <AmountField
        id={rowFieldId(line.key, 'price')}
        label={`Price (${currency})`}
        value={line.price}
        error={errors?.price}
        onChange={(value) => onChange(line.key, { price: value })}
      />
      <ChoiceField
        id={rowFieldId(line.key, 'vatRate')}
        label="VAT"
        value={line.vatRate}
        options={OTHER_LINE_VAT_RATES}
        labels={VAT_RATE_LABELS}
        error={errors?.vatRate}
        onChange={(vatRate) => onChange(line.key, { vatRate })}
      />
    </FieldGrid>
  );
}

function PartExchangeLine({ line, currency, errors, onChange }: LineProps<PartExchangeValues>) {
  const text = (field: 'serial' | 'brand' | 'model' | 'description', label: string, max: number) => (
    <TextField
      id={rowFieldId(line.key, field)}
      label={label}
      required={field === 'serial'}
      autoComplete="off"
      maxLength={max}
      value={line[field]}
      error={errors?.[field]}
      onChange={(event) => onChange(line.key, { [field]: event.target.value })}
    />
  );
  return (
    <>
      <FieldGrid $min={160}>
        {text('serial', 'Serial', 100)}
        <ChoiceField
          id={rowFieldId(line.key, 'stockType')}
          label="Stock type"
          value={line.stockType}
          options={STOCK_TYPES}
          error={errors?.stockType}
          onChange={(stockType) => onChange(line.key, { stockType })}
        />
        {text('brand', 'Brand', 60)}
        {text('model', 'Model', 60)}
      </FieldGrid>
      <FieldGrid $min={180}>
        {text('description', 'Description', 2000)}
        <AmountField
          id={rowFieldId(line.key, 'price')}
          label={`Allowance (${currency})`}
          value={line.price}
          error={errors?.price}
          hint="Taken off what the client pays; the piece joins the stock at this cost."
          onChange={(value) => onChange(line.key, { price: value })}
        />
      </FieldGrid>
    </>
  );
}

interface PaymentsProps {
  payments: PaymentValues[];
  errors: Record<string, Record<string, string>>;
  onChange(key: string, patch: Partial<PaymentValues>): void;
  onRemove(key: string): void;
  /** Out is offered only where the shop may pay the client (not on a reservation's deposit). */
  allowOut?: boolean;
}

export function DealPayments({ payments, errors, onChange, onRemove, allowOut = true }: PaymentsProps) {
  return (
    <List aria-label="Payments">
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
    </List>
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
  errors: Errors;
  onChange(key: string, patch: Partial<PaymentValues>): void;
  allowOut?: boolean;
}) {
  return (
    <FieldGrid $min={150}>
      <ChoiceField
        id={rowFieldId(p.key, 'method')}
        label="Method"
        value={p.method}
        options={PAYMENT_METHODS}
        error={errors?.method}
        onChange={(method) => onChange(p.key, { method })}
      />
      <AmountField
        id={rowFieldId(p.key, 'amount')}
        label={`Amount (${p.currency})`}
        value={p.amount}
        error={errors?.amount}
        onChange={(amount) => onChange(p.key, { amount })}
      />
      <ChoiceField
        id={rowFieldId(p.key, 'currency')}
        label="Currency"
        value={p.currency}
        options={CURRENCIES}
        error={errors?.currency}
        onChange={(currency) => onChange(p.key, { currency })}
      />
      {p.currency !== 'GBP' ? (
        <AmountField
          id={rowFieldId(p.key, 'exchangeRate')}
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
