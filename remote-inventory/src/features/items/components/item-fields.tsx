import {
  ITEM_LOCATION_MAX,
  STOCK_TYPES,
  VAT_SCHEMES,
  type StockType,
  type VatScheme,
} from '@loupe/contracts';
import {
  ChoiceField,
  DayField,
  FieldGrid,
  SelectField,
  TextAreaField,
  TextField,
  today,
} from '@loupe/platform';
import { useState } from 'react';
import { useCatalogueChoices } from '../api/get-catalogue';
import { VAT_SCHEME_LABELS } from '../lib/labels';

/** The descriptive fields, which add and edit share. */
export interface ItemFieldValues {
  serial: string;
  stockType: StockType;
  brand: string;
  model: string;
  description: string;
  purchasedOn: string;
  /** Set at purchase (issue 13): margin scheme for second-hand stock (the default), or standard-rated. */
  vatScheme: VatScheme;
  /** Where the item is kept (issue 14: stock counts can cover one location), e.g. "Safe 1"; '' for none. */
  location: string;
}

export type ItemFieldName = keyof ItemFieldValues;

/** The descriptive fields as the add and update endpoints take them: trimmed, an empty purchase date left out. */
export function itemFieldsInput(values: ItemFieldValues) {
  return {
    serial: values.serial.trim(),
    stockType: values.stockType,
    brand: values.brand,
    model: values.model,
    description: values.description.trim(),
    purchasedOn: values.purchasedOn || undefined,
    vatScheme: values.vatScheme,
    location: values.location.trim(),
  };
}

interface ItemFieldsProps {
  values: ItemFieldValues;
  errors: Partial<Record<string, string>>;
  onChange(values: ItemFieldValues): void;
  /** A sold item's VAT scheme is on its invoice: it is shown, not changed. */
  vatSchemeLocked?: boolean;
  /** The lock comes from a sale made before invoices existed: no invoice to name. */
  soldBeforeInvoices?: boolean;
}

/** Serial (required), stock type, brand then model (only the brand's models), description, purchase date. */
/**
 * A sale recorded before Loupe issued invoices (issue 13) has none: the page says so rather than name an invoice
 * that does not exist (issue 25, item 6).
 */
export const SOLD_BEFORE_INVOICES = 'Sold before invoices were issued in Loupe: no invoice on file.';
const SOLD_BEFORE_INVOICES_HINT =
  'The item was sold before invoices were issued in Loupe (no invoice on file): its VAT scheme stays as sold.';

export function ItemFields({
  values,
  errors,
  onChange,
  vatSchemeLocked = false,
  soldBeforeInvoices = false,
}: ItemFieldsProps) {
  const set = (change: Partial<ItemFieldValues>) => onChange({ ...values, ...change });
  // The shop's catalogue (issue 22): active brands and models, and what the item named when the form opened,
  // which an edited item keeps even once retired.
  const [opened] = useState(() => ({ brand: values.brand, model: values.model }));
  const catalogue = useCatalogueChoices(opened);
  const models = catalogue.modelsOf(values.brand);
  return (
    <FieldGrid $min={240}>
      <TextField
        label="Serial Number"
        name="serialNumber"
        required
        aria-required="true"
        autoComplete="off"
        value={values.serial}
        error={errors.serial}
        onChange={(event) => set({ serial: event.target.value })}
      />
      <ChoiceField
        label="Stock Type"
        value={values.stockType}
        error={errors.stockType}
        options={STOCK_TYPES}
        onChange={(stockType) => set({ stockType })}
      />
      <SelectField
        label="Brand"
        value={values.brand}
        error={errors.brand ?? catalogue.error ?? undefined}
        hint={catalogue.loading ? 'Loading the brands…' : undefined}
        aria-busy={catalogue.loading}
        // SPEC §4: changing the brand clears the chosen model.
        onChange={(event) => set({ brand: event.target.value, model: '' })}
      >
        <option value="">No brand</option>
        {catalogue.brands.map((brand) => (
          <option key={brand} value={brand}>
            {brand}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Model"
        value={values.model}
        disabled={!values.brand}
        error={errors.model}
        hint={values.brand ? undefined : 'Choose a brand first.'}
        onChange={(event) => set({ model: event.target.value })}
      >
        <option value="">{values.brand ? 'Choose a model' : 'No model'}</option>
        {models.map((model) => (
          <option key={model} value={model}>
            {model}
          </option>
        ))}
      </SelectField>
      <DayField
        label="Purchase Date"
        max={today()}
        value={values.purchasedOn}
        error={errors.purchasedOn}
        onChange={(day) => set({ purchasedOn: day })}
      />
      <ChoiceField
        label="VAT scheme"
        value={values.vatScheme}
        error={errors.vatScheme}
        options={VAT_SCHEMES}
        labels={VAT_SCHEME_LABELS}
        disabled={vatSchemeLocked}
        hint={
          vatSchemeLocked
            ? soldBeforeInvoices
              ? SOLD_BEFORE_INVOICES_HINT
              : 'The item is sold: its invoice was issued under this scheme.'
            : 'Margin scheme for stock bought from a private seller or another margin-scheme dealer.'
        }
        onChange={(vatScheme) => set({ vatScheme })}
      />
      <TextField
        label="Location"
        autoComplete="off"
        maxLength={ITEM_LOCATION_MAX}
        hint="Where the item is kept, e.g. Safe 1. A stock count can cover one location."
        value={values.location}
        error={errors.location}
        onChange={(event) => set({ location: event.target.value })}
      />
      <TextAreaField
        label="Description"
        value={values.description}
        error={errors.description}
        onChange={(event) => set({ description: event.target.value })}
      />
    </FieldGrid>
  );
}

/** Client-side checks of the shared fields; the server repeats them. */
export function checkItemFields(values: ItemFieldValues): Partial<Record<ItemFieldName, string>> {
  const errors: Partial<Record<ItemFieldName, string>> = {};
  if (!values.serial.trim()) errors.serial = 'Serial number is required.';
  if (values.model && !values.brand) errors.model = 'Choose a brand before a model.';
  if (values.purchasedOn && values.purchasedOn > today()) {
    errors.purchasedOn = 'Ensure this date is not in the future.';
  }
  return errors;
}
