import type { ConsignmentInput } from '@loupe/contracts';
import { Alert, DayField, FieldGrid, TextField } from '@loupe/platform';
import styled from 'styled-components';
import { ClientPicker, type ClientChoice } from '@loupe/platform';
import { checkDecimal } from '../lib/validation';

/** The consignment terms as the Add Item form holds them (issue 14: an item received on memo). */
export interface ConsignmentValues {
  on: boolean;
  supplier: ClientChoice | null;
  agreedCost: string;
  returnBy: string;
  supplierRef: string;
}

export const NO_CONSIGNMENT: ConsignmentValues = {
  on: false,
  supplier: null,
  agreedCost: '',
  returnBy: '',
  supplierRef: '',
};

export type ConsignmentErrors = Partial<Record<'supplier' | 'agreedCost' | 'supplierRef', string>>;

const Toggle = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin: ${({ theme }) => theme.space(2)} 0 ${({ theme }) => theme.space(3)};
  font-weight: 600;
  input {
    width: 18px;
    height: 18px;
  }
`;

const Group = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  padding: ${({ theme }) => theme.space(3)};
  margin: 0 0 ${({ theme }) => theme.space(4)};
  legend {
    font-weight: 600;
    padding: 0 ${({ theme }) => theme.space(1)};
  }
`;

/** Why the terms cannot be sent, or {} — the service's own rules (stock-analytics.ts). */
export function checkConsignment(values: ConsignmentValues): ConsignmentErrors {
  if (!values.on) return {};
  const errors: ConsignmentErrors = {};
  if (!values.supplier) errors.supplier = 'Choose the supplier.';
  const cost = checkDecimal(values.agreedCost, { required: true, allowZero: true });
  if (cost) errors.agreedCost = cost;
  if (values.supplierRef.trim().length > 100)
    errors.supplierRef = 'Ensure this field has no more than 100 characters.';
  return errors;
}

/** The `consignment` of ItemCreate, or undefined for stock the shop buys. */
export function consignmentInput(values: ConsignmentValues): ConsignmentInput | undefined {
  if (!values.on || !values.supplier) return undefined;
  return {
    supplierId: values.supplier.id,
    agreedCost: values.agreedCost.trim(),
    returnBy: values.returnBy || null,
    supplierRef: values.supplierRef.trim(),
  };
}

interface ConsignmentFieldsProps {
  values: ConsignmentValues;
  errors: ConsignmentErrors;
  /** The service's errors keyed `consignment` ("agreedCost: …"), shown as they come. */
  serverError?: string;
  onChange(values: ConsignmentValues): void;
}

/**
 * "Received on consignment": the supplier (a client record), the agreed cost, a return-by date and the
 * supplier's reference. Such an item has no purchase transactions: the form hides them while this is on.
 */
export function ConsignmentFields({ values, errors, serverError, onChange }: ConsignmentFieldsProps) {
  const set = (change: Partial<ConsignmentValues>) => onChange({ ...values, ...change });
  return (
    <>
      <Toggle>
        <input type="checkbox" checked={values.on} onChange={(event) => set({ on: event.target.checked })} />
        Received on consignment
      </Toggle>
      {values.on ? (
        <Group>
          <legend>Consignment from a supplier</legend>
          <p>
            The item is held for the supplier and is not the shop’s stock: the agreed cost becomes owed to the
            supplier when it sells.
          </p>
          <ClientPicker
            label="Supplier"
            required
            value={values.supplier}
            error={errors.supplier}
            onChange={(supplier) => set({ supplier })}
          />
          <FieldGrid $min={220}>
            <TextField
              label="Agreed cost (£)"
              required
              aria-required="true"
              inputMode="decimal"
              autoComplete="off"
              value={values.agreedCost}
              error={errors.agreedCost}
              onChange={(event) => set({ agreedCost: event.target.value })}
            />
            <DayField label="Return by" value={values.returnBy} onChange={(returnBy) => set({ returnBy })} />
            <TextField
              label="Supplier reference"
              autoComplete="off"
              maxLength={100}
              value={values.supplierRef}
              error={errors.supplierRef}
              onChange={(event) => set({ supplierRef: event.target.value })}
            />
          </FieldGrid>
          {serverError ? <Alert>{serverError}</Alert> : null}
        </Group>
      ) : null}
    </>
  );
}
