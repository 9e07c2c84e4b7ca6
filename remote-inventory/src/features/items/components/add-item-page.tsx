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
  FormFailure,
  FormNotices,
  type FormProblems,
  notify,
  PageHeader,
  readServerErrors,
  TextField,
  today,
  useEntityForm,
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

/** What the Add form holds, as typed: the item's fields and attributes by their own names, prices, lines. */
type AddValues = ItemFieldValues &
  AttributeFormValues & {
    tradePrice: string;
    retailPrice: string;
    status: Exclude<ItemStatus, 'checked_out'>;
    rows: TransactionRow[];
    /** Who sold it (issue 22): printed on the purchase invoice Add Item records with the transactions. */
    seller: ClientChoice | null;
    consignment: ConsignmentValues;
  };

/** The fields' own checks (the contracts' rules through checkItemFields, checkAttributes and checkDecimal). */
function checkAdd(values: AddValues): FormProblems<AddValues> {
  const problems: Record<string, string | undefined> = {
    ...checkItemFields(values),
    ...checkAttributes(values, values.stockType),
  };
  for (const name of ['tradePrice', 'retailPrice'] as const) {
    const problem = checkDecimal(values[name]);
    if (problem) problems[name] = problem;
  }
  return problems as FormProblems<AddValues>;
}

const CORRECT_FIELDS = 'Please correct the highlighted fields.';

/**
 * /inventory/add (SPEC §2) on the platform's edit/create controller: the alert comes after the item (and its
 * image) are saved, then manage, where the toast repeats it. An item saved whose image did not upload is the
 * controller's record: the form then only retries the upload (or goes on without it).
 */
export function AddItemPage() {
  usePageTitle('Add Inventory Item');
  const navigate = useNavigate();
  const create = useCreateItem();
  // A count's unexpected serial arrives as ?serial= (the variance report's Add item).
  const [searchParams] = useSearchParams();
  const image = useImageUpload();
  const [consignmentErrors, setConsignmentErrors] = useState<ConsignmentErrors>({});
  const [lineErrors, setLineErrors] = useState<Record<number, RowErrors>>({});

  function done(item: Item) {
    window.alert(ADDED_ALERT);
    navigate(`/inventory/manage?highlight=${item.id}`);
  }

  const controller = useEntityForm<AddValues, Item>({
    values: {
      serial: searchParams.get('serial')?.trim() ?? '',
      stockType: 'Watches',
      brand: '',
      model: '',
      description: '',
      purchasedOn: today(),
      vatScheme: 'margin',
      location: '',
      ...attributeFormValues(),
      tradePrice: '',
      retailPrice: '',
      status: 'available',
      rows: [],
      seller: null,
      consignment: NO_CONSIGNMENT,
    },
    check: checkAdd,
    checkErrorsText: CORRECT_FIELDS,
    failedText: 'The item could not be saved. Please try again.',
    savedMessage: ADDED_ALERT,
    announce: 'toast',
    async save(values, { record }) {
      // Once the item exists (its image failed), only the upload is left to do.
      const item =
        record ??
        (await create.mutateAsync({
          ...itemFieldsInput(values),
          ...attributesInput(values, values.stockType),
          tradePrice: values.tradePrice.trim() || null,
          retailPrice: values.retailPrice.trim() || null,
          status: values.status,
          ...(values.consignment.on
            ? { consignment: consignmentInput(values.consignment) }
            : {
                transactions: values.rows.map(toTransaction),
                ...(values.seller && values.rows.length > 0 ? { sellerId: values.seller.id } : {}),
              }),
        }));
      if (!(await image.send(item.id))) {
        throw new FormFailure({
          record: item,
          form: `Item ${item.serial} was saved, but its image was not uploaded.`,
        });
      }
      return item;
    },
    onFailed(error) {
      // The service's transaction lines go beside their rows; consignment, sellerId and transactions beside
      // their groups, which are not single fields of the form.
      const server = readServerErrors(error, 'The item could not be saved. Please try again.', {
        linesOf: 'transactions',
      });
      for (const [name, message] of Object.entries(server.fields))
        controller.form.setError(name as keyof AddValues, { type: 'server', message });
      setLineErrors(server.lines);
      controller.setFormError(server.form ?? CORRECT_FIELDS);
      return true;
    },
    onSaved: done,
  });
  const saved = controller.record;
  const submitting = controller.busy;
  const values = controller.form.watch();
  const errors = controller.messages;
  const { text, value, set } = controller;
  /** ItemFields and AttributeFields hand back their whole group: each changed field is set as typed. */
  const change = (next: Partial<AddValues>) => {
    for (const [name, changed] of Object.entries(next) as [keyof AddValues & string, unknown][]) {
      if (values[name] !== changed) set(name, changed as never);
    }
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    if (!saved) {
      // The transaction lines and the consignment terms are groups of their own: checked here, beside them.
      const terms = checkConsignment(values.consignment);
      setConsignmentErrors(terms);
      const lines: Record<number, RowErrors> = {};
      // A consignment item has no purchase transactions: the hidden lines are neither checked nor sent.
      (values.consignment.on ? [] : values.rows).forEach((row, index) => {
        const problem = checkLine(row);
        if (Object.keys(problem).length > 0) lines[index] = problem;
      });
      setLineErrors(lines);
      if (Object.keys(terms).length > 0 || Object.keys(lines).length > 0) {
        void controller.form.trigger();
        controller.setFormError(CORRECT_FIELDS);
        return;
      }
    }
    void controller.onSubmit();
  }

  return (
    <>
      <PageHeader title="Add Inventory Item" />
      <Card>
        <form ref={controller.formRef} onSubmit={submit} noValidate aria-label="Add Inventory Item">
          <FormNotices controller={controller} status={false} />
          <fieldset disabled={saved !== null} style={{ border: 0, padding: 0, margin: 0 }}>
            <ItemFields values={values} errors={errors} onChange={change} />
            <AttributeFields stockType={values.stockType} values={values} errors={errors} onChange={change} />
            <FieldGrid $min={240}>
              <TextField
                label="Trade Price (£)"
                inputMode="decimal"
                autoComplete="off"
                {...text('tradePrice')}
              />
              <TextField
                label="Retail Price (£)"
                inputMode="decimal"
                autoComplete="off"
                {...text('retailPrice')}
              />
              <ChoiceField
                label="Status"
                hint="To check an item out to a client, add it, then use Checkout."
                options={ADD_STATUSES}
                labels={STATUS_LABELS}
                {...value('status')}
              />
            </FieldGrid>
            <ConsignmentFields
              values={values.consignment}
              errors={consignmentErrors}
              serverError={errors.consignment}
              onChange={(next) => set('consignment', next)}
            />
            {values.consignment.on ? null : (
              <TransactionsEditor
                rows={values.rows}
                errors={lineErrors}
                onChange={(rows) => set('rows', rows)}
              />
            )}
            {values.consignment.on || values.rows.length === 0 ? null : (
              <ClientPicker
                label="Bought from"
                {...value('seller')}
                error={errors.sellerId}
                hint="The seller printed on the purchase invoice; by default the client of a credit or debt line. Left empty, it is written in by hand. Buy In records the identity and register checks."
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
            onCancel={
              saved
                ? undefined
                : () => {
                    if (controller.confirmLeave()) navigate('/inventory/all');
                  }
            }
          >
            {saved ? (
              <Button
                variant="secondary"
                disabled={submitting}
                onClick={() => {
                  notify(ADDED_ALERT);
                  done(saved);
                }}
              >
                Continue Without Image
              </Button>
            ) : null}
          </FormActions>
        </form>
      </Card>
    </>
  );
}
