import type { Item, ItemCreate, ItemStatus } from '@loupe/contracts';
import {
  Alert,
  Button,
  Card,
  ChoiceField,
  ClientPicker,
  type ClientChoice,
  FieldGrid,
  FormActions,
  PageHeader,
  readServerErrors,
  TextField,
  today,
  usePageTitle,
} from '@loupe/platform';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useCreateItem } from '../api/create-item';
import { STATUS_LABELS } from '../lib/labels';
import { checkDecimal } from '../lib/validation';
import {
  checkConsignment,
  ConsignmentFields,
  consignmentInput,
  NO_CONSIGNMENT,
  type ConsignmentErrors,
  type ConsignmentValues,
} from './consignment-fields';
import { ImageField, useImageUpload } from './image-field';
import {
  AttributeFields,
  attributeFormValues,
  attributesInput,
  checkAttributes,
  type AttributeFormValues,
} from './attribute-fields';
import { checkItemFields, ItemFields, itemFieldsInput, type ItemFieldValues } from './item-fields';
import { TransactionsEditor, type RowErrors, type TransactionRow } from './transactions-editor';

export const ADDED_ALERT = 'Inventory item added successfully!';

/** On add the status is chosen freely (SPEC §4); checked out needs a client, so Checkout does that. */
const ADD_STATUSES: Exclude<ItemStatus, 'checked_out'>[] = ['available', 'unavailable', 'sold'];

/** Why a line cannot be sent (keyed by field), or {} — the same rules as the service. */
function checkLine(row: TransactionRow): RowErrors {
  const errors: RowErrors = {};
  const amount = checkDecimal(row.amount, { required: true, maxDecimals: row.currency === 'BTC' ? 8 : 2 });
  if (amount) errors.amount = amount;
  if (row.type === 'cash') {
    const rate = checkDecimal(row.exchangeRate, { required: true, maxDecimals: 8 });
    if (rate) errors.exchangeRate = rate;
    const fee = checkDecimal(row.feePercent, { required: true, maxDecimals: 4, allowZero: true, max: 100 });
    if (fee) errors.feePercent = fee;
  } else if (!row.client) {
    errors.clientId = 'Choose a client.';
  }
  return errors;
}

function toTransaction(row: TransactionRow): NonNullable<ItemCreate['transactions']>[number] {
  return row.type === 'cash'
    ? {
        type: 'cash',
        amount: row.amount.trim(),
        currency: row.currency,
        exchangeRate: row.exchangeRate.trim(),
        feePercent: row.feePercent.trim(),
        method: row.method,
      }
    : { type: row.type, amount: row.amount.trim(), clientId: row.client?.id ?? null };
}

/** /inventory/add (SPEC §2): the alert comes after the item (and its image) are saved, then manage. */
export function AddItemPage() {
  usePageTitle('Add Inventory Item');
  const navigate = useNavigate();
  const create = useCreateItem();
  // A count's unexpected serial arrives as ?serial= (the variance report's Add item).
  const [searchParams] = useSearchParams();
  const [fields, setFields] = useState<ItemFieldValues>({
    serial: searchParams.get('serial')?.trim() ?? '',
    stockType: 'Watches',
    brand: '',
    model: '',
    description: '',
    purchasedOn: today(),
    vatScheme: 'margin',
    location: '',
  });
  const [attributes, setAttributes] = useState<AttributeFormValues>(attributeFormValues());
  const [tradePrice, setTradePrice] = useState('');
  const [retailPrice, setRetailPrice] = useState('');
  const [status, setStatus] = useState<Exclude<ItemStatus, 'checked_out'>>('available');
  const [rows, setRows] = useState<TransactionRow[]>([]);
  /** Who sold it (issue 22): printed on the purchase invoice Add Item records with the transactions. */
  const [seller, setSeller] = useState<ClientChoice | null>(null);
  const [consignment, setConsignment] = useState<ConsignmentValues>(NO_CONSIGNMENT);
  const [consignmentErrors, setConsignmentErrors] = useState<ConsignmentErrors>({});
  const image = useImageUpload();
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [lineErrors, setLineErrors] = useState<Record<number, RowErrors>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  /** Set once the item exists but its image did not upload: only the upload is left to do. */
  const [saved, setSaved] = useState<Item | null>(null);

  function done(item: Item) {
    window.alert(ADDED_ALERT);
    navigate(`/inventory/manage?highlight=${item.id}`);
  }

  async function sendImage(item: Item): Promise<boolean> {
    if (await image.send(item.id)) return true;
    setSaved(item);
    setFormError(`Item ${item.serial} was saved, but its image was not uploaded.`);
    return false;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setFormError(null);
    if (saved) {
      setSubmitting(true);
      setErrors({});
      if (await sendImage(saved)) done(saved);
      setSubmitting(false);
      return;
    }

    const problems: Partial<Record<string, string>> = {
      ...checkItemFields(fields),
      ...checkAttributes(attributes, fields.stockType),
    };
    for (const [name, value] of [
      ['tradePrice', tradePrice],
      ['retailPrice', retailPrice],
    ] as const) {
      const problem = checkDecimal(value);
      if (problem) problems[name] = problem;
    }
    const terms = checkConsignment(consignment);
    setConsignmentErrors(terms);
    const lines: Record<number, RowErrors> = {};
    // A consignment item has no purchase transactions: the hidden lines are neither checked nor sent.
    (consignment.on ? [] : rows).forEach((row, index) => {
      const problem = checkLine(row);
      if (Object.keys(problem).length > 0) lines[index] = problem;
    });
    setErrors(problems);
    setLineErrors(lines);
    const bad = [problems, lines, terms].some((found) => Object.keys(found).length > 0);
    if (bad) {
      setFormError('Please correct the highlighted fields.');
      return;
    }

    setSubmitting(true);
    let item: Item;
    try {
      item = await create.mutateAsync({
        ...itemFieldsInput(fields),
        ...attributesInput(attributes, fields.stockType),
        tradePrice: tradePrice.trim() || null,
        retailPrice: retailPrice.trim() || null,
        status,
        ...(consignment.on
          ? { consignment: consignmentInput(consignment) }
          : {
              transactions: rows.map(toTransaction),
              ...(seller && rows.length > 0 ? { sellerId: seller.id } : {}),
            }),
      });
    } catch (error) {
      const server = readServerErrors(error, 'The item could not be saved. Please try again.', {
        linesOf: 'transactions',
      });
      setErrors(server.fields);
      setLineErrors(server.lines);
      setFormError(server.form ?? 'Please correct the highlighted fields.');
      setSubmitting(false);
      return;
    }
    if (await sendImage(item)) done(item);
    setSubmitting(false);
  }

  return (
    <>
      <PageHeader title="Add Inventory Item" />
      <Card>
        <form onSubmit={submit} noValidate aria-label="Add Inventory Item">
          {formError ? <Alert>{formError}</Alert> : null}
          <fieldset disabled={saved !== null} style={{ border: 0, padding: 0, margin: 0 }}>
            <ItemFields values={fields} errors={errors} onChange={setFields} />
            <AttributeFields
              stockType={fields.stockType}
              values={attributes}
              errors={errors}
              onChange={setAttributes}
            />
            <FieldGrid $min={240}>
              <TextField
                label="Trade Price (£)"
                inputMode="decimal"
                autoComplete="off"
                value={tradePrice}
                error={errors.tradePrice}
                onChange={(event) => setTradePrice(event.target.value)}
              />
              <TextField
                label="Retail Price (£)"
                inputMode="decimal"
                autoComplete="off"
                value={retailPrice}
                error={errors.retailPrice}
                onChange={(event) => setRetailPrice(event.target.value)}
              />
              <ChoiceField
                label="Status"
                value={status}
                error={errors.status}
                hint="To check an item out to a client, add it, then use Checkout."
                options={ADD_STATUSES}
                labels={STATUS_LABELS}
                onChange={setStatus}
              />
            </FieldGrid>
            <ConsignmentFields
              values={consignment}
              errors={consignmentErrors}
              serverError={errors.consignment}
              onChange={setConsignment}
            />
            {consignment.on ? null : (
              <TransactionsEditor rows={rows} errors={lineErrors} onChange={setRows} />
            )}
            {consignment.on || rows.length === 0 ? null : (
              <ClientPicker
                label="Bought from"
                value={seller}
                error={errors.sellerId}
                hint="The seller printed on the purchase invoice; by default the client of a credit or debt line. Left empty, it is written in by hand. Buy In records the identity and register checks."
                onChange={setSeller}
              />
            )}
            {errors.transactions ? <Alert>{errors.transactions}</Alert> : null}
          </fieldset>
          <ImageField
            label="Image"
            {...image.field}
            error={image.field.error ?? errors.file}
            disabled={submitting}
          />
          <FormActions
            submitLabel={saved ? 'Retry Upload' : 'Add Item'}
            busy={submitting}
            onCancel={saved ? undefined : () => navigate('/inventory/all')}
          >
            {saved ? (
              <Button variant="secondary" disabled={submitting} onClick={() => done(saved)}>
                Continue Without Image
              </Button>
            ) : null}
          </FormActions>
        </form>
      </Card>
    </>
  );
}
