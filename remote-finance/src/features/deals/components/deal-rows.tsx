import { OTHER_LINE_VAT_RATES, STOCK_TYPES, type Currency } from '@loupe/contracts';
import { ChoiceField, FieldGrid, formatMoney, TextField } from '@loupe/platform';
import {
  AmountField,
  RowBox,
  RowList,
  rowFieldId,
  type RowErrors as Errors,
} from '../../../components/payment-rows';
import { LINE_KIND_LABELS, VAT_RATE_LABELS } from '../lib/deal-labels';
import {
  DESCRIPTION_MAX,
  itemName,
  lineField,
  type ItemLineValues,
  type LineValues,
  type OtherLineValues,
  type PartExchangeValues,
} from '../lib/deal-values';

/*
 * The Deal screen's lines, each row a group of fields named by its legend ("Line 2: Other line"), so a screen
 * reader says which row a "Price" belongs to. Its payments are the shared PaymentRows (components/).
 */

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
    <RowList aria-label="Lines">
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
    </RowList>
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
        name={lineField(line.key, 'price')}
        label={`Price (${currency})`}
        value={line.price}
        error={errors?.price}
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
        name={lineField(line.key, 'description')}
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
        name={lineField(line.key, 'price')}
        label={`Price (${currency})`}
        value={line.price}
        error={errors?.price}
        onChange={(value) => onChange(line.key, { price: value })}
      />
      <ChoiceField
        id={rowFieldId(line.key, 'vatRate')}
        name={lineField(line.key, 'vatRate')}
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
      name={lineField(line.key, field)}
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
          name={lineField(line.key, 'stockType')}
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
          name={lineField(line.key, 'price')}
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
