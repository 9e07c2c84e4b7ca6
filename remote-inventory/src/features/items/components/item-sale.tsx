import type { Item, ItemSale } from '@loupe/contracts';
import {
  Alert,
  Card,
  Facts,
  formatDay,
  formatMoney,
  useVoidPermission,
  VoidButton,
  VoidDialog,
  type VoidFact,
  VoidNotAllowed,
} from '@loupe/platform';
import { Fragment, useId, useState } from 'react';
import styled from 'styled-components';
import { useVoidItemSale } from '../api/void-item-sale';
import { STATUS_LABELS } from '../lib/labels';
import { InvoiceLinks } from './document-links';
import { SOLD_BEFORE_INVOICES } from './item-fields';

const Title = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  font-size: 1.2rem;
`;

const Documents = styled.div`
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

function factsOf(sale: ItemSale): VoidFact[] {
  const facts: VoidFact[] = [
    { label: 'Date', value: formatDay(sale.date) },
    { label: 'Price', value: formatMoney(sale.price, sale.currency) },
  ];
  if (sale.currency !== 'GBP') facts.push({ label: 'In GBP', value: formatMoney(sale.amountGbp) });
  facts.push(
    // A walk-in buyer (issue 13) is named on the invoice without a client record.
    { label: 'Buyer', value: sale.clientName ?? (sale.buyerName || 'No client') },
    { label: 'Payment Method', value: sale.paymentMethod },
  );
  if (sale.soldBy) facts.push({ label: 'Sold by', value: sale.soldBy });
  if (sale.invoice) facts.push({ label: 'Invoice', value: sale.invoice.reference });
  return facts;
}

const itemName = (item: Item) =>
  [item.serial, [item.brand, item.model].filter(Boolean).join(' ')].filter(Boolean).join(' — ');

interface ItemSaleSectionProps {
  item: Item;
  /** The item as the service answers after the void: no sale, back in its earlier status. */
  onVoided(item: Item): void;
}

/**
 * The sale standing on a sold item, with Void sale (issue 12): a sale typed against the wrong item or client is
 * reversed, not edited, and the item goes back to the status it had before it.
 */
export function ItemSaleSection({ item, onVoided }: ItemSaleSectionProps) {
  const titleId = useId();
  const { allowed, noteId } = useVoidPermission();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<{ sale: ItemSale; item: Item } | null>(null);
  const voidSale = useVoidItemSale();
  const sale = item.status === 'sold' ? item.sale : null;

  if (!sale && !done) return null;
  return (
    <Card aria-labelledby={titleId}>
      <Title id={titleId}>Sale</Title>
      {done ? (
        <Alert tone="success">
          The sale of {formatDay(done.sale.date)} was voided: the item is {STATUS_LABELS[done.item.status]}{' '}
          again.
        </Alert>
      ) : null}
      {sale ? (
        <>
          <Facts>
            {factsOf(sale).map((fact) => (
              <Fragment key={fact.label}>
                <dt>{fact.label}</dt>
                <dd>{fact.value}</dd>
              </Fragment>
            ))}
          </Facts>
          {sale.invoice ? (
            <Documents>
              <InvoiceLinks invoice={sale.invoice} downloadText="Download" receiptText="Receipt" />
            </Documents>
          ) : (
            // Every sale issues its invoice since issue 13; one without is older than that (issue 25, item 6).
            <Documents>
              <p>{SOLD_BEFORE_INVOICES}</p>
            </Documents>
          )}
          {allowed ? null : <VoidNotAllowed id={noteId} />}
          <VoidButton allowed={allowed} noteId={noteId} onClick={() => setConfirming(true)}>
            Void sale
          </VoidButton>
          <VoidDialog<Item>
            open={confirming}
            title={`Void sale of ${item.serial}`}
            facts={[{ label: 'Item', value: itemName(item) }, ...factsOf(sale)]}
            send={(reason) => voidSale.mutateAsync({ id: item.id, reason })}
            onVoided={(saved) => {
              setConfirming(false);
              setDone({ sale, item: saved });
              onVoided(saved);
            }}
            onClose={() => setConfirming(false)}
          />
        </>
      ) : null}
    </Card>
  );
}
