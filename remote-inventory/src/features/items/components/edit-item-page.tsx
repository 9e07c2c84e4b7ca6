import type { Item } from '@loupe/contracts';
import {
  Alert,
  Button,
  Card,
  DataTable,
  FieldGrid,
  FormActions,
  FormFailure,
  FormNotices,
  errorMessage,
  formatMoney,
  HistoryPanel,
  HttpError,
  PageHeader,
  Spinner,
  TextField,
  useEntityForm,
  usePageTitle,
  useQueryClient,
  type DataColumn,
} from '@loupe/platform';
import type { Dispatch, SetStateAction } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { idParam } from '../../../lib/ids';
import { PrintLabelLink } from './print-label-link';
import { itemQueryOptions, useItem } from '../api/get-item';
import { useUpdateItem } from '../api/update-item';
import { itemImageUrl } from '../api/upload-item-image';
import { STATUS_LABELS, TRANSACTION_LABELS } from '../lib/labels';
import { ImageField, useImageUpload } from './image-field';
import {
  AttributeFields,
  attributeFormValues,
  attributesInput,
  checkAttributes,
  type AttributeFormValues,
} from './attribute-fields';
import { ItemCheckoutSection } from './item-checkout';
import { ItemConsignmentSection } from './item-consignment';
import { ItemOnlineSection } from './item-online';
import { ItemSaleSection } from './item-sale';
import { checkItemFields, ItemFields, itemFieldsInput, type ItemFieldValues } from './item-fields';
import { useUndoableImageRemoval } from './use-undoable-image-removal';

export const updatedAlert = (id: number) => `Inventory item ${id} updated successfully!`;

const Gallery = styled.ul`
  list-style: none;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  padding: 0;
  margin: 0 0 ${({ theme }) => theme.space(4)};
  img {
    display: block;
    width: 140px;
    height: 140px;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radius};
    border: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.muted};
`;

type Transaction = NonNullable<Item['transactions']>[number];

const TRANSACTION_COLUMNS: readonly DataColumn<Transaction>[] = [
  { key: 'type', header: 'Type', cell: (line) => TRANSACTION_LABELS[line.type] },
  {
    key: 'amount',
    header: 'Amount',
    numeric: true,
    cell: (line) => (line.currency === 'BTC' ? `₿${line.amount}` : formatMoney(line.amount, line.currency)),
  },
  { key: 'rate', header: 'Exchange Rate', numeric: true, cell: (line) => line.exchangeRate },
  { key: 'fee', header: 'Fee (%)', numeric: true, cell: (line) => line.feePercent },
  { key: 'client', header: 'Client', cell: (line) => line.clientName ?? '—' },
  { key: 'gbp', header: 'In GBP', numeric: true, cell: (line) => formatMoney(line.amountGbp) },
];

// Money fields arrive with at most two decimals, so toFixed(2) only pads them.
const money = (value: number | null) => (value === null ? '' : value.toFixed(2));

/** /inventory/edit/:id (SPEC §2, §4): status and the three prices are shown read-only. */
export function EditItemPage() {
  // One title for every item: the id is in the address, and a title per id would only repeat it.
  usePageTitle('Edit Inventory Item');
  const labelId = idParam(useParams().id);
  return (
    <>
      <PageHeader
        title="Edit Inventory Item"
        actions={labelId === null ? undefined : <PrintLabelLink itemId={labelId} />}
      />
      <EditItemBody />
    </>
  );
}

function EditItemBody() {
  const id = idParam(useParams().id);
  const item = useItem(id);
  const notFound = <Alert>This item does not exist, or it belongs to another shop.</Alert>;
  if (id === null) return notFound;
  if (item.isError) {
    return item.error instanceof HttpError && item.error.status === 404 ? (
      notFound
    ) : (
      <Alert>
        {errorMessage(item.error, 'Failed to load the item.')}{' '}
        <Button variant="secondary" onClick={() => void item.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  if (!item.data) return <Spinner label="Loading item..." />;
  return <EditItemForm key={item.data.id} item={item.data} />;
}

const fieldsOf = (item: Item): ItemFieldValues => ({
  serial: item.serial,
  stockType: item.stockType,
  brand: item.brand,
  model: item.model,
  description: item.description,
  purchasedOn: item.purchasedOn,
  location: item.location,
  vatScheme: item.vatScheme,
});

/** What the Edit form holds: the item's descriptive fields and its attributes, by their own names. */
type EditValues = ItemFieldValues & AttributeFormValues;

const valuesOf = (item: Item): EditValues => ({ ...fieldsOf(item), ...attributeFormValues(item) });

function EditItemForm({ item: loaded }: { item: Item }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const image = useImageUpload();
  const update = useUpdateItem();
  // The controller keeps the item as this page last had it from the service: its version is what an Update
  // Item is based on (issue 12), and a save, a void, an image removed or Reload moves it on.
  const controller = useEntityForm<EditValues, Item>({
    values: valuesOf(loaded),
    record: loaded,
    toValues: valuesOf,
    reload: () => queryClient.fetchQuery({ ...itemQueryOptions(loaded.id), staleTime: 0 }),
    check: (values) => ({ ...checkItemFields(values), ...checkAttributes(values, values.stockType) }),
    checkErrorsText: 'Please correct the highlighted fields.',
    fieldErrorsText: 'Please correct the highlighted fields.',
    failedText: 'The item could not be saved. Please try again.',
    savedMessage: (saved) => updatedAlert(saved.id),
    // The page is left for the stock list once saved: the toaster carries the word there.
    announce: 'toast',
    async save(values, { record }) {
      const base = record ?? loaded;
      // A sold item's VAT scheme is fixed (its invoice is issued): the update leaves it out.
      const { vatScheme, ...descriptive } = itemFieldsInput(values);
      const saved = await update.mutateAsync({
        id: base.id,
        input: {
          ...descriptive,
          ...attributesInput(values, values.stockType, attributeFormValues(base)),
          ...(base.status === 'sold' ? {} : { vatScheme }),
          version: base.version,
        },
      });
      if (!(await image.send(base.id))) {
        throw new FormFailure({
          record: saved,
          form: 'The changes were saved, but the image was not uploaded. Choose it again or remove it.',
        });
      }
      return saved;
    },
    onSaved(saved) {
      window.alert(updatedAlert(saved.id));
      navigate(`/inventory/manage?highlight=${saved.id}`);
    },
  });
  const item = controller.record ?? loaded;
  const setItem: Dispatch<SetStateAction<Item>> = (next) =>
    controller.setRecord((current) => (typeof next === 'function' ? next(current ?? loaded) : next));
  const removeImage = useUndoableImageRemoval(loaded.id, setItem, controller.setFormError);
  const submitting = controller.busy;
  const values = controller.form.watch();
  const errors = controller.messages;
  /** ItemFields and AttributeFields hand back their whole group: each changed field is set as typed. */
  const change = (next: Partial<EditValues>) => {
    for (const [name, value] of Object.entries(next) as [keyof EditValues & string, string][]) {
      if (values[name] !== value) controller.set(name, value as never);
    }
  };

  return (
    <>
      <Card>
        <form
          ref={controller.formRef}
          onSubmit={controller.onSubmit}
          noValidate
          aria-label="Edit Inventory Item"
        >
          <FormNotices controller={controller} status={false} />
          <ItemFields
            values={values}
            errors={errors}
            onChange={change}
            vatSchemeLocked={item.status === 'sold'}
            soldBeforeInvoices={item.status === 'sold' && item.sale !== null && item.sale.invoice === null}
          />
          <AttributeFields stockType={values.stockType} values={values} errors={errors} onChange={change} />
          <FieldGrid $min={240}>
            <TextField
              label="Stock Number"
              readOnly
              value={String(item.stockNumber)}
              hint="Given when the item was added, in the shop's sequence (the stock book's number)."
            />
            <TextField label="Status" readOnly value={STATUS_LABELS[item.status]} />
            {item.purchasePrice !== undefined ? (
              <TextField label="Purchase Price (£)" readOnly value={money(item.purchasePrice)} />
            ) : null}
            <TextField label="Trade Price (£)" readOnly value={money(item.tradePrice)} />
            <TextField label="Retail Price (£)" readOnly value={money(item.retailPrice)} />
          </FieldGrid>
          <Muted>Status and prices change through Sell, Checkout, Return and Promote, not by editing.</Muted>

          {/* The purchase price and transactions are left out by the API for a member who may not see costs. */}
          {item.transactions ? (
            <section aria-labelledby="edit-transactions-heading">
              <h2 id="edit-transactions-heading">Purchase Transactions</h2>
              {item.transactions.length === 0 ? (
                <Muted>No transactions.</Muted>
              ) : (
                <DataTable
                  caption="Purchase transactions"
                  columns={TRANSACTION_COLUMNS}
                  rows={item.transactions}
                  rowKey={(line) => line.id}
                />
              )}
            </section>
          ) : null}

          <section aria-labelledby="edit-images-heading">
            <h2 id="edit-images-heading">Images</h2>
            {item.images.length === 0 ? <Muted>No images yet.</Muted> : null}
            {item.images.length > 0 ? (
              <Gallery>
                {item.images.map((img) => (
                  <li key={img.id}>
                    <img src={itemImageUrl(item.id, img.id)} alt={img.name} loading="lazy" />
                    <Button
                      variant="ghost"
                      disabled={submitting}
                      aria-label={`Remove image ${img.name}`}
                      onClick={() => {
                        controller.setFormError(null);
                        removeImage(img);
                      }}
                    >
                      Remove
                    </Button>
                  </li>
                ))}
              </Gallery>
            ) : null}
            <ImageField
              label="Add Image"
              {...image.field}
              error={image.field.error ?? errors.file}
              disabled={submitting}
            />
          </section>

          <FormActions
            submitLabel="Update Item"
            busy={submitting}
            onCancel={() => {
              if (controller.confirmLeave()) navigate('/inventory/manage');
            }}
          />
        </form>
      </Card>
      <ItemCheckoutSection item={item} />
      <ItemConsignmentSection item={item} onReturned={setItem} />
      <ItemSaleSection item={item} onVoided={setItem} />
      <ItemOnlineSection itemId={item.id} />
      <HistoryPanel resource="items" id={item.id} />
    </>
  );
}
