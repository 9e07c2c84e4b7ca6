import {
  CURRENCIES,
  PAYMENT_METHODS,
  TRANSACTION_TYPES,
  type Currency,
  type PaymentMethod,
  type TransactionType,
} from '@loupe/contracts';
import { Button, ChoiceField, FieldGrid, formatMoney, Stack, TextField } from '@loupe/platform';
import styled from 'styled-components';
import { ClientPicker, type ClientChoice } from '@loupe/platform';
import { TRANSACTION_LABELS } from '../lib/labels';
import { lineTotal, purchasePriceTotal } from '../lib/purchase-price';

/** One purchase transaction as the form holds it. */
export interface TransactionRow {
  /** Stable React key; rows can be removed from the middle. */
  key: number;
  type: TransactionType;
  amount: string;
  currency: Currency;
  exchangeRate: string;
  feePercent: string;
  client: ClientChoice | null;
  /** How a cash line was paid (issue 22): the purchase document's method; only Cash meets the AML guard. */
  method: PaymentMethod;
}

export type RowErrors = Partial<
  Record<'type' | 'amount' | 'currency' | 'exchangeRate' | 'feePercent' | 'clientId' | 'method', string>
>;

let nextKey = 1;

/** A new line with SPEC §9's defaults: cash, GBP, exchange rate 1, fee 0 %. */
export function newTransaction(): TransactionRow {
  return {
    key: nextKey++,
    type: 'cash',
    amount: '',
    currency: 'GBP',
    exchangeRate: '1',
    feePercent: '0',
    client: null,
    method: 'Cash',
  };
}

/** Bitcoin is paid in bitcoin: the method follows a change of currency to or from BTC unless chosen otherwise. */
function currencyChange(row: TransactionRow, currency: Currency): Partial<TransactionRow> {
  if (currency === 'BTC' && row.method === 'Cash') return { currency, method: 'Bitcoin' };
  if (currency !== 'BTC' && row.method === 'Bitcoin') return { currency, method: 'Cash' };
  return { currency };
}

const Line = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
  margin: 0 0 ${({ theme }) => theme.space(3)};
  legend {
    font-weight: 600;
    padding: 0 ${({ theme }) => theme.space(1)};
  }
`;

const AddLine = styled.div`
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

const Muted = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.muted};
`;

interface TransactionsEditorProps {
  rows: TransactionRow[];
  errors: Record<number, RowErrors>;
  onChange(rows: TransactionRow[]): void;
  disabled?: boolean;
}

/**
 * The purchase transactions of an item being added: cash lines in any currency, at a rate and minus a fee;
 * credit and debt lines are GBP amounts owed to or by a client (SPEC §3, §5).
 */
export function TransactionsEditor({ rows, errors, onChange, disabled }: TransactionsEditorProps) {
  const update = (key: number, change: Partial<TransactionRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));

  const setType = (row: TransactionRow, type: TransactionType) =>
    update(
      row.key,
      type === 'cash'
        ? { type, client: null }
        : // Credit and debt are "the amount as is": pounds, no rate, no fee.
          { type, currency: 'GBP', exchangeRate: '1', feePercent: '0' },
    );

  return (
    <section aria-labelledby="transactions-heading">
      <h2 id="transactions-heading">Purchase Transactions</h2>
      {rows.length === 0 ? <Muted>No transactions: the purchase price is £0.00.</Muted> : null}
      {rows.map((row, index) => {
        const n = index + 1;
        const rowErrors = errors[index] ?? {};
        const cash = row.type === 'cash';
        const total = lineTotal(row);
        return (
          <Line key={row.key} disabled={disabled}>
            <legend>Transaction {n}</legend>
            <FieldGrid $min={150}>
              <ChoiceField
                label="Type"
                value={row.type}
                error={rowErrors.type}
                options={TRANSACTION_TYPES}
                labels={TRANSACTION_LABELS}
                onChange={(type) => setType(row, type)}
              />
              <TextField
                label="Amount"
                inputMode="decimal"
                autoComplete="off"
                required
                value={row.amount}
                error={rowErrors.amount}
                onChange={(event) => update(row.key, { amount: event.target.value })}
              />
              <ChoiceField
                label="Currency"
                value={row.currency}
                disabled={!cash}
                error={rowErrors.currency}
                options={CURRENCIES}
                onChange={(currency) => update(row.key, currencyChange(row, currency))}
              />
              <TextField
                label="Exchange Rate"
                inputMode="decimal"
                autoComplete="off"
                readOnly={!cash}
                value={row.exchangeRate}
                error={rowErrors.exchangeRate}
                onChange={(event) => update(row.key, { exchangeRate: event.target.value })}
              />
              <TextField
                label="Fee (%)"
                inputMode="decimal"
                autoComplete="off"
                readOnly={!cash}
                value={row.feePercent}
                error={rowErrors.feePercent}
                onChange={(event) => update(row.key, { feePercent: event.target.value })}
              />
              {cash ? (
                <ChoiceField
                  label="Paid by"
                  value={row.method}
                  error={rowErrors.method}
                  options={PAYMENT_METHODS}
                  onChange={(method) => update(row.key, { method })}
                />
              ) : null}
            </FieldGrid>
            {cash ? null : (
              <ClientPicker
                label="Client"
                required
                value={row.client}
                error={rowErrors.clientId}
                onChange={(client) => update(row.key, { client })}
              />
            )}
            <Stack $row $spread $gap={2}>
              <span>
                {cash ? 'In GBP' : row.type === 'credit' ? 'Owed to the client' : 'Settles the client’s debt'}
                : <strong>{total ? formatMoney(total) : '—'}</strong>
              </span>
              <Button
                variant="ghost"
                aria-label={`Remove transaction ${n}`}
                onClick={() => onChange(rows.filter((other) => other.key !== row.key))}
              >
                Remove
              </Button>
            </Stack>
          </Line>
        );
      })}
      <AddLine>
        <Button variant="secondary" disabled={disabled} onClick={() => onChange([...rows, newTransaction()])}>
          Add Transaction
        </Button>
      </AddLine>
      <TextField
        label="Purchase Price (£)"
        readOnly
        aria-live="polite"
        value={purchasePriceTotal(rows)}
        hint="Cash: amount × exchange rate, less the fee. Credit and debt: the amount as is."
      />
    </section>
  );
}
