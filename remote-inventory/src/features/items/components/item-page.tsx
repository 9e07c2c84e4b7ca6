import {
  CONDITION_GRADE_LABELS,
  JEWELLERY_ATTRIBUTES,
  MOVEMENT_LABELS,
  stockNumberText,
  WATCH_ATTRIBUTES,
  type Item,
  type ItemAttributeName,
} from '@loupe/contracts';
import {
  Alert,
  Button,
  Card,
  errorMessage,
  Facts,
  formatDay,
  formatMoney,
  HistoryPanel,
  HttpError,
  PageHeader,
  pageHeading,
  Spinner,
  useAuth,
  usePageTitle,
} from '@loupe/platform';
import { Fragment, useCallback, useId, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { idParam } from '../../../lib/ids';
import { useItem } from '../api/get-item';
import { itemImageUrl } from '../api/upload-item-image';
import { STATUS_LABELS, VAT_SCHEME_LABELS } from '../lib/labels';
import { CheckoutDialog } from './checkout-dialog';
import { ItemCheckoutSection } from './item-checkout';
import { ItemConsignmentSection } from './item-consignment';
import { ItemOnlineSection } from './item-online';
import { ItemSaleSection } from './item-sale';
import { ItemWantedBy } from './item-wanted-by';
import { ItemWorkshopMargins } from './item-workshop-margins';
import { PrintLabelLink } from './print-label-link';
import { PromoteDialog } from './promote-dialog';
import { allowedActions, type RowAction } from './row-actions';
import { SellDialog } from './sell-dialog';
import { useUndoableReturn } from './use-undoable-return';

export const ITEM_NOT_FOUND = 'This item does not exist, or it belongs to another shop.';

/** The item's page: what the top bar's search, a scan and the stock list's serial open. */
export const itemPagePath = (id: number) => `/inventory/item/${id}`;

/** "Rolex Daytona — 126500LN-01": what the item is, then which one. */
export function itemTitle(item: Pick<Item, 'brand' | 'model' | 'serial'>): string {
  const name = [item.brand, item.model].filter(Boolean).join(' ');
  return name ? `${name} — ${item.serial}` : item.serial;
}

// Two columns on a laptop (the facts and photos beside the sale, documents and history); one on a phone.
const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 0 ${({ theme }) => theme.space(5)};
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  }
  > div {
    min-width: 0;
  }
`;

// A long serial breaks rather than pushing the page sideways on a phone.
const Heading = styled.div`
  h1 {
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(5)};
  a {
    display: inline-flex;
    align-items: center;
    min-height: 36px;
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius};
    color: ${({ theme }) => theme.colors.text};
    font-weight: 600;
    text-decoration: none;
  }
`;

const Title = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  font-size: 1.2rem;
`;

/** The item's facts sit flush in their card (the platform's Facts, without its space below). */
const ItemFacts = styled(Facts)`
  margin: 0;
`;

const Gallery = styled.ul`
  list-style: none;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(120px, 1fr));
  gap: ${({ theme }) => theme.space(3)};
  padding: 0;
  margin: 0;
  a {
    display: block;
  }
  img {
    display: block;
    width: 100%;
    aspect-ratio: 1;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radius};
    border: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
`;

const ATTRIBUTE_LABELS: Record<ItemAttributeName, string> = {
  referenceNumber: 'Reference',
  year: 'Year',
  box: 'Box',
  papers: 'Papers',
  caseMaterial: 'Case material',
  caseDiameterMm: 'Case diameter',
  dial: 'Dial',
  movement: 'Movement',
  conditionGrade: 'Condition',
  metal: 'Metal',
  fineness: 'Fineness',
  weightGrams: 'Weight',
  hallmark: 'Hallmark',
  stones: 'Stones',
};

/** An attribute as words, or null when it is not recorded. */
function attributeText(item: Item, name: ItemAttributeName): string | null {
  const value = item[name];
  if (value === null || value === undefined || value === '') return null;
  switch (name) {
    case 'box':
    case 'papers':
      return value ? 'Yes' : 'No';
    case 'caseDiameterMm':
      return `${String(value)} mm`;
    case 'weightGrams':
      return `${String(value)} g`;
    case 'movement':
      return item.movement ? MOVEMENT_LABELS[item.movement] : null;
    case 'conditionGrade':
      return item.conditionGrade ? CONDITION_GRADE_LABELS[item.conditionGrade] : null;
    default:
      return String(value);
  }
}

function attributesOf(item: Item): [string, string][] {
  const names: readonly ItemAttributeName[] =
    item.stockType === 'Watches'
      ? WATCH_ATTRIBUTES
      : item.stockType === 'Jewellery'
        ? JEWELLERY_ATTRIBUTES
        : [];
  return names.flatMap((name) => {
    const text = attributeText(item, name);
    return text === null ? [] : [[ATTRIBUTE_LABELS[name], text]];
  });
}

const price = (value: number | null) => (value === null ? '—' : formatMoney(value));

function FactList({ facts }: { facts: [string, ReactNode][] }) {
  return (
    <ItemFacts>
      {facts.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </ItemFacts>
  );
}

/** /inventory/item/:id — one item to read, with what can be done to it now (issue 21). */
export function ItemPage() {
  const id = idParam(useParams().id);
  const item = useItem(id);
  const data = item.data;
  usePageTitle(data ? itemTitle(data) : 'Inventory Item');

  if (id === null || (item.error instanceof HttpError && item.error.status === 404)) {
    return (
      <>
        <PageHeader title="Inventory Item" />
        <Alert>{ITEM_NOT_FOUND}</Alert>
        <Link to="/inventory/all">All Inventory Stock</Link>
      </>
    );
  }
  if (!data) {
    return (
      <>
        <PageHeader title="Inventory Item" />
        {item.isError ? (
          <Alert>
            {errorMessage(item.error, 'Failed to load the item.')}{' '}
            <Button variant="secondary" onClick={() => void item.refetch()}>
              Retry
            </Button>
          </Alert>
        ) : (
          <Spinner label="Loading item..." />
        )}
      </>
    );
  }
  return <ItemView item={data} />;
}

type Dialog = Exclude<RowAction, 'edit' | 'return'> | null;
type Message = { tone: 'success' | 'error'; text: string } | null;

function ItemView({ item: loaded }: { item: Item }) {
  const costs = useAuth().can('viewCosts');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [message, setMessage] = useState<Message>(null);
  const detailsId = useId();
  const photosId = useId();
  const returning = useUndoableReturn(useCallback((text: string) => setMessage({ tone: 'error', text }), []));
  // A Return waits 5 s for Undo before it is sent: meanwhile the item reads as it will be.
  const shown = returning.show([loaded])[0];
  const item: Item = { ...loaded, status: shown?.status ?? loaded.status, checkout: shown?.checkout ?? null };
  const allowed = allowedActions(item);

  // The actions' mutations refresh the item in the query cache before they resolve: the page shows it.
  function finish(text: string) {
    setDialog(null);
    setMessage({ tone: 'success', text });
  }

  function open(action: Dialog) {
    setMessage(null);
    setDialog(action);
  }

  function startReturn() {
    setMessage(null);
    returning.start(loaded);
    // The Return button goes with the check-out: the heading takes focus, the toast says what happened.
    pageHeading()?.focus();
  }

  const facts: [string, ReactNode][] = [
    ['Stock number', stockNumberText(item.stockNumber)],
    ['Serial', item.serial],
    ['Stock type', item.stockType],
    ['Status', STATUS_LABELS[item.status]],
    ...(costs && item.purchasePrice !== undefined
      ? [['Purchase Price', price(item.purchasePrice)] as [string, ReactNode]]
      : []),
    ['Trade Price', price(item.tradePrice)],
    ['Listing Price', price(item.listingPrice)],
    ...(item.promotion
      ? [
          [
            'Promotion',
            item.promotion.price === null
              ? 'Promoted at its listing price'
              : `Promoted at ${formatMoney(item.promotion.price)}`,
          ] as [string, ReactNode],
        ]
      : []),
    ...attributesOf(item),
    ['Purchased on', formatDay(item.purchasedOn)],
    ['VAT scheme', VAT_SCHEME_LABELS[item.vatScheme]],
    ...(item.location ? [['Location', item.location] as [string, ReactNode]] : []),
    ...(item.description ? [['Description', item.description] as [string, ReactNode]] : []),
  ];

  return (
    <>
      <Heading>
        <PageHeader title={itemTitle(item)} />
      </Heading>
      <Actions role="group" aria-label="Item actions">
        {allowed.return ? <Button onClick={startReturn}>Return</Button> : null}
        {allowed.sell ? (
          <Button variant={allowed.return ? 'secondary' : 'primary'} onClick={() => open('sell')}>
            Sell
          </Button>
        ) : null}
        {allowed.checkout ? (
          <Button variant="secondary" onClick={() => open('checkout')}>
            Check Out
          </Button>
        ) : null}
        {allowed.promote ? (
          <Button variant="secondary" onClick={() => open('promote')}>
            Promote
          </Button>
        ) : null}
        <PrintLabelLink itemId={item.id} />
        <Link to={`/inventory/edit/${item.id}`}>Edit</Link>
      </Actions>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}

      <Columns>
        <div>
          <Card aria-labelledby={detailsId}>
            <Title id={detailsId}>Details</Title>
            <FactList facts={facts} />
          </Card>
          <Card aria-labelledby={photosId}>
            <Title id={photosId}>Photos</Title>
            {item.images.length === 0 ? (
              <Muted>No photos yet.</Muted>
            ) : (
              <Gallery>
                {item.images.map((image) => (
                  <li key={image.id}>
                    <a href={itemImageUrl(item.id, image.id)} target="_blank" rel="noopener">
                      <img src={itemImageUrl(item.id, image.id)} alt={image.name} loading="lazy" />
                    </a>
                  </li>
                ))}
              </Gallery>
            )}
          </Card>
        </div>
        <div>
          <ItemSaleSection item={item} onVoided={() => undefined} />
          <ItemWorkshopMargins itemId={item.id} costs={costs} />
          <ItemCheckoutSection item={item} />
          <ItemConsignmentSection item={item} onReturned={() => undefined} />
          <ItemOnlineSection itemId={item.id} />
          <ItemWantedBy itemId={item.id} />
          <HistoryPanel resource="items" id={item.id} />
        </div>
      </Columns>

      {dialog === 'sell' ? (
        <SellDialog
          item={item}
          onClose={() => setDialog(null)}
          onSold={(sold) => finish(`${sold.serial} is sold.`)}
        />
      ) : null}
      {dialog === 'checkout' ? (
        <CheckoutDialog
          item={item}
          client={null}
          onClose={() => setDialog(null)}
          onCheckedOut={(saved) =>
            finish(`${saved.serial} is checked out to ${saved.checkout?.clientName ?? 'the client'}.`)
          }
        />
      ) : null}
      {dialog === 'promote' ? (
        <PromoteDialog item={item} onClose={() => setDialog(null)} onDone={(_saved, text) => finish(text)} />
      ) : null}
    </>
  );
}
