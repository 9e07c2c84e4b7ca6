import type { Item } from '@loupe/contracts';
import {
  Alert,
  Button,
  Card,
  DataTable,
  FieldGrid,
  FormActions,
  errorMessage,
  formatMoney,
  HistoryPanel,
  HttpError,
  PageHeader,
  readServerErrors,
  Spinner,
  TextField,
  usePageTitle,
  useQueryClient,
  type DataColumn,
  EditConflictAlert,
  editConflictOf,
  type EditConflict,
} from '@loupe/platform';
import { useState, type FormEvent } from 'react';
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

function EditItemForm({ item: loaded }: { item: Item }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The item as this page last had it from the service: its version is what an Update Item is based on
  // (issue 12), and a save, a void or Reload moves it on.
  const [item, setItem] = useState(loaded);
  const [fields, setFields] = useState<ItemFieldValues>(fieldsOf(loaded));
  const [attributes, setAttributes] = useState<AttributeFormValues>(attributeFormValues(loaded));
  const [conflict, setConflict] = useState<EditConflict | null>(null);
  const [reloading, setReloading] = useState(false);
  const image = useImageUpload();
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const update = useUpdateItem();
  const removeImage = useUndoableImageRemoval(loaded.id, setItem, setFormError);

  function done() {
    window.alert(updatedAlert(item.id));
    navigate(`/inventory/manage?highlight=${item.id}`);
  }

  /** Reload: the item as it is now, in place of what was typed (the only way the typed values go). */
  async function reload() {
    setReloading(true);
    try {
      const fresh = await queryClient.fetchQuery({ ...itemQueryOptions(item.id), staleTime: 0 });
      setItem(fresh);
      setFields(fieldsOf(fresh));
      setAttributes(attributeFormValues(fresh));
      setErrors({});
      setFormError(null);
      setConflict(null);
    } catch (error) {
      setFormError(errorMessage(error, 'Failed to load the item.'));
    } finally {
      setReloading(false);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const problems = { ...checkItemFields(fields), ...checkAttributes(attributes, fields.stockType) };
    setErrors(problems);
    setFormError(null);
    if (Object.keys(problems).length > 0) {
      setFormError('Please correct the highlighted fields.');
      return;
    }
    setSubmitting(true);
    try {
      // A sold item's VAT scheme is fixed (its invoice is issued): the update leaves it out.
      const { vatScheme, ...descriptive } = itemFieldsInput(fields);
      const saved = await update.mutateAsync({
        id: item.id,
        input: {
          ...descriptive,
          ...attributesInput(attributes, fields.stockType, attributeFormValues(item)),
          ...(item.status === 'sold' ? {} : { vatScheme }),
          version: item.version,
        },
      });
      setItem(saved);
      setConflict(null);
    } catch (error) {
      // Someone changed the item since it was loaded: what was typed stays, the alert says who and when.
      const stale = editConflictOf(error);
      if (stale) {
        setConflict(stale);
        setSubmitting(false);
        return;
      }
      const server = readServerErrors(error, 'The item could not be saved. Please try again.');
      setErrors(server.fields);
      setFormError(server.form ?? 'Please correct the highlighted fields.');
      setSubmitting(false);
      return;
    }
    if (!(await image.send(item.id))) {
      setFormError('The changes were saved, but the image was not uploaded. Choose it again or remove it.');
      setSubmitting(false);
      return;
    }
    setSubmitting(false);
    done();
  }

  return (
    <>
      <Card>
        <form onSubmit={submit} noValidate aria-label="Edit Inventory Item">
          {conflict ? (
            <EditConflictAlert conflict={conflict} onReload={() => void reload()} reloading={reloading} />
          ) : null}
          {formError ? <Alert>{formError}</Alert> : null}
          <ItemFields
            values={fields}
            errors={errors}
            onChange={setFields}
            vatSchemeLocked={item.status === 'sold'}
          />
          <AttributeFields
            stockType={fields.stockType}
            values={attributes}
            errors={errors}
            onChange={setAttributes}
          />
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
                        setFormError(null);
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
            onCancel={() => navigate('/inventory/manage')}
          />
        </form>
      </Card>
      <ItemCheckoutSection item={item} />
      <ItemConsignmentSection item={item} onReturned={setItem} />
      <ItemSaleSection item={item} onVoided={setItem} />
      <HistoryPanel resource="items" id={item.id} />
    </>
  );
}
