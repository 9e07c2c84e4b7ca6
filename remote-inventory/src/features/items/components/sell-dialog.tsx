import {
  CURRENCIES,
  DEAL_CHANNEL_LABELS,
  DEAL_CHANNELS,
  DEFAULT_CURRENCY,
  DEFAULT_DEAL_CHANNEL,
  dayBoundsProblem,
  isBlank,
  PAYMENT_METHODS,
  REQUIRED,
  textRuleProblem,
  type AmlRefusal,
  type Currency,
  type DealChannel,
  type Item,
  type ItemRow,
  type PaymentMethod,
} from '@loupe/contracts';
import {
  Alert,
  AmlRefusalAlert,
  amlRefusalOf,
  Button,
  ChoiceField,
  DayField,
  FormActions,
  FormNotices,
  formatFixed,
  formatMoney,
  lastPaymentMethod,
  Modal,
  parseDecimal,
  productRounded,
  rememberPaymentMethod,
  TextAreaField,
  TextField,
  toDecimal,
  today,
  useEntityForm,
  type FormProblems,
} from '@loupe/platform';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ClientPicker, type ClientChoice } from '@loupe/platform';
import { useSellItem } from '../api/sell-item';
import { amountText, checkDecimal } from '../lib/validation';
import { DoneButton, InvoiceLinks } from './document-links';

/** What the Sell form holds, as typed. */
interface SaleValues {
  price: string;
  currency: Currency;
  exchangeRate: string;
  paymentMethod: PaymentMethod;
  client: ClientChoice | null;
  buyerName: string;
  date: string;
  notes: string;
  /** Where the sale came from (issue 24 item 4): Chrono24's 7-day rule reads it. */
  channel: DealChannel;
}

/** The service's field names → the form's. */
const SERVER_FIELDS = {
  price: 'price',
  currency: 'currency',
  exchangeRate: 'exchangeRate',
  paymentMethod: 'paymentMethod',
  clientId: 'client',
  buyerName: 'buyerName',
  date: 'date',
  notes: 'notes',
  channel: 'channel',
} as const;

/** The contracts' rules, in the service's words, before anything is sent. */
function checkSale(values: SaleValues): FormProblems<SaleValues> {
  const problems: FormProblems<SaleValues> = {};
  const price = checkDecimal(values.price, {
    required: true,
    maxDecimals: values.currency === 'BTC' ? 8 : 2,
    currency: values.currency,
  });
  if (price) problems.price = price;
  if (values.currency !== 'GBP') {
    const rate = checkDecimal(values.exchangeRate, { required: true, maxDecimals: 8 });
    if (rate) problems.exchangeRate = rate;
  }
  if (isBlank(values.date)) problems.date = REQUIRED;
  else {
    const outside = dayBoundsProblem(values.date, { notAfter: today() });
    if (outside) problems.date = outside;
  }
  if (!values.client) {
    const buyer = textRuleProblem(values.buyerName);
    if (buyer) problems.buyerName = buyer;
  }
  return problems;
}

/** The Deal screen (remote-finance's /deals/new) with this item already on it. */
export const dealWith = (item: Pick<ItemRow, 'id'>) =>
  `/deals/new?${new URLSearchParams({ item: String(item.id) }).toString()}`;

interface SellDialogProps {
  item: ItemRow;
  onClose(): void;
  onSold(item: Item): void;
}

/** What the item is offered at, in pounds: its promotional price when it is promoted at one, else its listing price. */
export const askingPrice = (item: Pick<ItemRow, 'listingPrice' | 'promotion'>): number | null =>
  item.promotion?.price ?? item.listingPrice;

/**
 * Sell (the one-item case): price, currency (an exchange rate to GBP for any other), payment method, channel
 * (where the sale came from, Shop unless chosen), optional client (or a walk-in buyer's name for the invoice), date. A sale issues its invoice (issue 13): the dialog then offers it to
 * download and its receipt to print, and closing it finishes the sale for the page (onSold).
 *
 * Two clicks (issue 21): it opens on the price, filled in with what the item is offered at (askingPrice), the
 * payment method this browser last sold with, and Confirm Sale in view; once sold, focus goes to the page's
 * heading (beside the "is sold." message), since the row's Sell is disabled or the row has left the list.
 */
export function SellDialog({ item, onClose, onSold }: SellDialogProps) {
  const [sold, setSold] = useState<Item | null>(null);
  const invoice = sold?.sale?.invoice ?? null;
  // A sale without an invoice (none is issued today) ends at once; after a render, so that the dialog closes
  // knowing it sold (returnFocus).
  useEffect(() => {
    if (sold && !sold.sale?.invoice) onSold(sold);
  }, [sold, onSold]);
  // One dialog throughout: the form gives way to the invoice inside it, so the dialog stays where it is.
  return (
    <Modal
      open
      title={`Sell ${item.serial}`}
      returnFocus={sold ? 'heading' : 'opener'}
      onClose={sold ? () => onSold(sold) : onClose}
    >
      {sold && invoice ? (
        <>
          <Alert tone="success">
            {item.serial} is sold. Invoice {invoice.reference} issued.
          </Alert>
          <InvoiceLinks invoice={invoice} downloadText="Download invoice" receiptText="Print receipt" />
          <DoneButton onClick={() => onSold(sold)} />
        </>
      ) : (
        <SellForm item={item} onSold={setSold} />
      )}
    </Modal>
  );
}

function SellForm({ item, onSold }: Pick<SellDialogProps, 'item' | 'onSold'>) {
  const asking = askingPrice(item);
  // In pounds: offered while the sale is in GBP and the price has not been typed over.
  const askingText = asking === null ? '' : formatFixed(toDecimal(asking));
  const [priceTyped, setPriceTyped] = useState(false);
  // The AML cash guard's 409 (issue 13): shown as the rule it is, over what was typed, which stays.
  const [refusal, setRefusal] = useState<AmlRefusal | null>(null);
  const sell = useSellItem();
  const navigate = useNavigate();
  const controller = useEntityForm<SaleValues, Item>({
    values: {
      price: askingText,
      currency: DEFAULT_CURRENCY,
      exchangeRate: '',
      paymentMethod: lastPaymentMethod(),
      client: item.checkout ? { id: item.checkout.clientId, name: item.checkout.clientName } : null,
      buyerName: '',
      date: today(),
      notes: '',
      channel: DEFAULT_DEAL_CHANNEL,
    },
    check: checkSale,
    serverFields: SERVER_FIELDS,
    failedText: 'The sale could not be recorded. Please try again.',
    // The dialog says it: "… is sold. Invoice … issued.", or the page beside its heading.
    savedMessage: null,
    // A dialog is closed, not left; Close says what happens to what was typed.
    guard: false,
    save(values) {
      const foreign = values.currency !== 'GBP';
      const walkIn = values.client ? '' : values.buyerName.trim();
      return sell.mutateAsync({
        id: item.id,
        input: {
          price: amountText(values.price, values.currency),
          currency: values.currency,
          exchangeRate: foreign ? amountText(values.exchangeRate) : '1',
          paymentMethod: values.paymentMethod,
          clientId: values.client?.id ?? null,
          ...(walkIn ? { buyerName: walkIn } : {}),
          date: values.date,
          notes: values.notes.trim(),
          channel: values.channel,
        },
      });
    },
    onFailed(error) {
      const found = amlRefusalOf(error);
      setRefusal(found);
      return found !== null;
    },
    onSaved(saved, values) {
      rememberPaymentMethod(values.paymentMethod);
      onSold(saved);
    },
  });
  const { text, value, set, busy: sending, form } = controller;
  const [currency, price, exchangeRate, client] = form.watch(['currency', 'price', 'exchangeRate', 'client']);
  const foreign = currency !== 'GBP';

  const priceValue = parseDecimal(price, { signed: true, currency });
  const rateValue = parseDecimal(exchangeRate, { signed: true });
  const inPounds =
    foreign && priceValue && rateValue && !controller.errorOf('price')
      ? formatFixed(productRounded(priceValue, rateValue))
      : null;

  function changeCurrency(next: Currency) {
    set('currency', next);
    // The asking price is in pounds: it is no price in another currency.
    if (!priceTyped) form.setValue('price', next === 'GBP' ? askingText : '');
  }

  const promoted = item.promotion?.price ?? null;
  const priceHint =
    promoted !== null
      ? `Promotional price ${formatMoney(promoted)}${
          item.listingPrice !== null ? ` (listing price ${formatMoney(item.listingPrice)})` : ''
        }`
      : item.listingPrice !== null
        ? `Listing price ${formatMoney(item.listingPrice)}`
        : undefined;
  const priceField = text('price');

  return (
    <form
      ref={controller.formRef}
      onSubmit={(event) => {
        setRefusal(null);
        void controller.onSubmit(event);
      }}
      noValidate
      aria-label={`Sell ${item.serial}`}
    >
      {refusal ? (
        <AmlRefusalAlert refusal={refusal} title="Cash sale refused (anti-money-laundering rule)." />
      ) : (
        <FormNotices controller={controller} status={false} />
      )}
      <TextField
        label={`Sale Price (${currency})`}
        inputMode="decimal"
        autoComplete="off"
        required
        hint={priceHint}
        {...priceField}
        onChange={(event) => {
          priceField.onChange(event);
          setPriceTyped(true);
        }}
      />
      <ChoiceField label="Currency" options={CURRENCIES} {...value('currency')} onChange={changeCurrency} />
      {foreign ? (
        <TextField
          label="Exchange Rate"
          inputMode="decimal"
          autoComplete="off"
          required
          hint={
            inPounds ? `£ per 1 ${currency}: the sale is ${formatMoney(inPounds)}.` : `£ per 1 ${currency}.`
          }
          {...text('exchangeRate')}
        />
      ) : null}
      <ChoiceField label="Payment Method" options={PAYMENT_METHODS} {...value('paymentMethod')} />
      {/* As New Deal's (issue 24 item 4): a sale through Chrono24 owes Chrono24 no report of it. */}
      <ChoiceField
        label="Channel"
        options={DEAL_CHANNELS}
        labels={DEAL_CHANNEL_LABELS}
        hint="Where the sale came from."
        {...value('channel')}
      />
      <ClientPicker label="Client (optional)" {...value('client')} />
      {client ? null : (
        <TextField
          label="Buyer name (walk-in)"
          autoComplete="off"
          maxLength={200}
          hint="Printed on the invoice when no client is chosen."
          {...text('buyerName')}
        />
      )}
      <DayField label="Date" required max={today()} {...value('date')} />
      <TextAreaField label="Notes" {...text('notes')} />
      <FormActions submitLabel="Confirm Sale" busy={sending}>
        {/* Issue 20: several items, another line, a part-exchange or split payments are a deal, on remote-finance's
            Deal screen, which starts with this item on it. */}
        <Button variant="secondary" disabled={sending} onClick={() => navigate(dealWith(item))}>
          Sell with other items…
        </Button>
      </FormActions>
    </form>
  );
}
