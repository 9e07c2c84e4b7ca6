import {
  CURRENCIES,
  DEAL_CHANNEL_LABELS,
  DEAL_CHANNELS,
  DEAL_ITEM_TWICE,
  DEAL_MAX_LINES,
  DEAL_MAX_PAYMENTS,
  type AmlRefusal,
  type Deal,
  type DealChannel,
  type ItemRow,
} from '@loupe/contracts';
import {
  Alert,
  AmlRefusalAlert,
  amlRefusalOf,
  Button,
  Card,
  ChoiceField,
  ClientPicker,
  DayField,
  errorMessage,
  FieldGrid,
  formatMoney,
  FormFailure,
  FormNotices,
  PageHeader,
  rowMessages,
  TextAreaField,
  TextField,
  today,
  useEntityForm,
  usePageTitle,
} from '@loupe/platform';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { PaymentRows, rowFieldId } from '../../../components/payment-rows';
import { payment, paymentField, RATE_DECIMALS, type PaymentValues } from '../../../lib/payment-values';
import { useDealCheck } from '../api/check-deal';
import { useCreateDeal } from '../api/create-deal';
import { getItem } from '../api/find-items';
import { isConflict, readDealErrors } from '../lib/deal-errors';
import {
  dealBody,
  dealDefaults,
  dealTotals,
  itemLine,
  lineField,
  NAME_MAX,
  otherLine,
  partExchangeLine,
  validateDeal,
  type DealMode,
  type DealValues,
  type LineValues,
} from '../lib/deal-values';
import { DealLines } from './deal-rows';
import { DealTotals } from './deal-totals';
import { ItemFinder, unsellable } from './item-finder';

const SectionTitle = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  font-size: 1.15rem;
  &:focus {
    outline: none;
  }
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

const Reserve = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(3)};
  padding-top: ${({ theme }) => theme.space(3)};
  border-top: 1px solid ${({ theme }) => theme.colors.divider};
  > :first-child {
    flex: 0 1 220px;
  }
  > button {
    margin-bottom: ${({ theme }) => theme.space(4)};
  }
`;

const Note = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.9rem;
`;

/** The day after `day` (YYYY-MM-DD): the earliest a reservation can be collected by. */
function dayAfter(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const next = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + 1));
  return next.toISOString().slice(0, 10);
}

/** `?channel=` when it names a deal channel (contracts/src/feeds.ts), else nothing: the default stands. */
function channelParam(value: string | null): { channel?: DealChannel } {
  return (DEAL_CHANNELS as readonly string[]).includes(value ?? '') ? { channel: value as DealChannel } : {};
}

/**
 * /deals/new (issue 20): one sale to one buyer — stock items added by serial, scan or search at their listing
 * price, other lines (a strap, a service) and the client's own piece taken in part-exchange — paid by several
 * payments in any currency, in or out, with the balance left computed live exactly as the service will. The AML
 * guard's answer (`POST /api/deals/check/`) is shown before anyone confirms. Complete sale issues the invoice at
 * once; Reserve holds the items for the client until a day, the payments being the deposit. The Channel says
 * where the sale came from (issue 24 item 4: Shop by default), which the Chrono24 7-day rule reads.
 */
export function NewDealPage() {
  usePageTitle('New deal');
  const [refusal, setRefusal] = useState<AmlRefusal | null>(null);
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const create = useCreateDeal();
  const check = useDealCheck();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ids = useId().replace(/:/g, '');
  const completeNoteId = `complete-note-${ids}`;
  const linesTitleId = `lines-${ids}`;
  const paymentsTitleId = `payments-${ids}`;
  // Complete sale or Reserve: what the button pressed asks, so the check and the body follow it.
  const mode = useRef<DealMode>('complete');
  // A screen that knows where the sale came from (an enquiry from the website) says so: `?channel=website`.
  const [initial] = useState(() => ({ ...dealDefaults(), ...channelParam(params.get('channel')) }));

  // The platform's edit/create controller: the contracts' rules before sending, the service's field errors at
  // their fields (rows by their key), one send at a time, a question before unsaved changes are left.
  const controller = useEntityForm<DealValues, Deal>({
    values: initial,
    check: (values) => validateDeal(values, mode.current),
    async save(values) {
      try {
        return await create.mutateAsync(dealBody(values, mode.current));
      } catch (error) {
        // The AML guard's refusal and an item taken meanwhile (409) are the page's to say; a 400 names fields.
        if (isConflict(error)) throw error;
        throw new FormFailure(
          readDealErrors(error, values, 'The deal could not be saved. Please try again.'),
        );
      }
    },
    failedText: 'The deal could not be saved. Please try again.',
    // The deal's page says it (its invoice, or the reservation) once it opens (its heading takes the focus).
    savedMessage: null,
    onFailed(error) {
      const aml = amlRefusalOf(error);
      if (aml) setRefusal(aml);
      else if (isConflict(error))
        controller.setFormError(errorMessage(error, 'An item of this deal is no longer available.'));
      return aml !== null || isConflict(error);
    },
    onSaved: (deal) => navigate(`/deals/${deal.id}`, { state: { created: mode.current } }),
  });
  const { form, busy, errorOf } = controller;
  const values = form.watch();
  const lineErrors = rowMessages(controller.messages, 'lines');
  const paymentErrors = rowMessages(controller.messages, 'payments');

  const totals = dealTotals(values);
  const saleLines = values.lines.some((line) => line.kind !== 'part_exchange');
  const settled = saleLines && totals.complete && totals.balance.eq(0);
  const foreign = values.currency !== 'GBP';

  // The buyer is the first thing asked: the focus starts there.
  useEffect(() => {
    document.querySelector<HTMLElement>('[name="client"]')?.focus();
  }, []);

  // The focus follows what the user just did: a new line's first field, or the section a row left.
  useEffect(() => {
    if (!focusTarget) return;
    document.getElementById(focusTarget)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const setField = <
    K extends
      'client' | 'buyerName' | 'currency' | 'exchangeRate' | 'date' | 'notes' | 'collectBy' | 'channel',
  >(
    name: K,
    value: DealValues[K],
  ) => {
    controller.set(name, value as never);
    setRefusal(null);
  };
  /** Replaces a list (typed, so dirty); the messages it changes are cleared by the caller. */
  const setList = <K extends 'lines' | 'payments'>(
    name: K,
    next: (current: DealValues[K]) => DealValues[K],
  ) => {
    form.setValue(name, next(form.getValues(name)) as never, { shouldDirty: true });
    setRefusal(null);
  };
  /** The buyer of an item out on approval is its client, unless one is chosen already. */
  const buyerOf = (item: ItemRow) => {
    if (!form.getValues('client') && item.checkout)
      setField('client', { id: item.checkout.clientId, name: item.checkout.clientName });
  };

  // ---- lines

  /** Puts a stock item on the deal; answers why not. */
  const addItem = (item: ItemRow): string | null => {
    const lines = form.getValues('lines');
    if (lines.some((line) => line.kind === 'item' && line.item.id === item.id)) return DEAL_ITEM_TWICE;
    if (lines.length >= DEAL_MAX_LINES) return `A deal has at most ${DEAL_MAX_LINES} lines.`;
    buyerOf(item);
    setList('lines', (current) => [...current, itemLine(item, form.getValues('currency'))]);
    controller.clear(['lines']);
    return null;
  };

  const addLine = (line: LineValues, focusField: string) => {
    if (form.getValues('lines').length >= DEAL_MAX_LINES) {
      controller.showFailure({ lines: `A deal has at most ${DEAL_MAX_LINES} lines.` }, null);
      return;
    }
    setList('lines', (current) => [...current, line]);
    setFocusTarget(rowFieldId(line.key, focusField));
  };

  const changeLine = (key: string, patch: Partial<LineValues>) => {
    setList('lines', (current) =>
      current.map((line) => (line.key === key ? ({ ...line, ...patch } as LineValues) : line)),
    );
    controller.clear(Object.keys(patch).map((field) => lineField(key, field)));
  };

  const removeLine = (key: string) => {
    setList('lines', (current) => current.filter((line) => line.key !== key));
    setFocusTarget(linesTitleId);
  };

  // The Sell dialog of the stock screens sends a sale of several items here with its item: `?item=<id>`.
  const preload = params.get('item');
  const preloaded = useRef<string | null>(null);
  const [preloadNote, setPreloadNote] = useState<string | null>(null);
  useEffect(() => {
    if (!preload || preloaded.current === preload) return;
    preloaded.current = preload;
    if (!/^\d+$/.test(preload)) return;
    const abort = new AbortController();
    getItem(Number(preload), abort.signal).then(
      (item) => {
        const refused = unsellable(item);
        if (refused) setPreloadNote(`${item.serial}: ${refused}`);
        else if (!form.getValues('lines').some((line) => line.kind === 'item' && line.item.id === item.id)) {
          buyerOf(item);
          setList('lines', (current) => [itemLine(item, form.getValues('currency')), ...current]);
        }
      },
      (error: unknown) => {
        if (!abort.signal.aborted) setPreloadNote(errorMessage(error, 'The item could not be loaded.'));
      },
    );
    return () => abort.abort();
    // The item is put on once per `?item=`; the form's setters are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [preload]);

  // ---- payments

  const addPayment = () => {
    if (form.getValues('payments').length >= DEAL_MAX_PAYMENTS) {
      controller.showFailure({ payments: `A deal has at most ${DEAL_MAX_PAYMENTS} payments.` }, null);
      return;
    }
    // The next payment is usually what is left: prefilled with the balance, in or out.
    const next = payment(totals.complete ? totals.balance : undefined);
    setList('payments', (current) => [...current, next]);
    controller.clear(['payments']);
    setFocusTarget(rowFieldId(next.key, 'method'));
  };

  const changePayment = (key: string, patch: Partial<PaymentValues>) => {
    setList('payments', (current) => current.map((p) => (p.key === key ? { ...p, ...patch } : p)));
    controller.clear(Object.keys(patch).map((field) => paymentField(key, field)));
  };

  const removePayment = (key: string) => {
    setList('payments', (current) => current.filter((p) => p.key !== key));
    setFocusTarget(paymentsTitleId);
  };

  // ---- the AML guard's answer, before confirming

  // Whenever the deal as it would be sent changes and it takes cash, the guard is asked again (after a pause in
  // typing); an answer about an older deal is never shown over a newer one.
  const hasCash = values.payments.some((p) => p.method === 'Cash');
  const checkable = saleLines && totals.complete && (!foreign || values.exchangeRate.trim() !== '');
  const body = JSON.stringify(dealBody(values, 'complete'));
  const { clear: clearCheck, run: runCheck } = check;
  useEffect(() => {
    clearCheck();
    if (!hasCash || !checkable) return;
    const timer = setTimeout(
      () => void runCheck(JSON.parse(body) as ReturnType<typeof dealBody>, { quiet: true }),
      600,
    );
    return () => clearTimeout(timer);
  }, [body, hasCash, checkable, clearCheck, runCheck]);

  const shownRefusal = refusal ?? check.result?.aml ?? null;

  // ---- send

  /** Check: the same rules as Complete sale, then the service's answer without saving anything. */
  async function runExplicitCheck() {
    setRefusal(null);
    controller.setFormError(null);
    mode.current = 'complete';
    if (await controller.validate()) void check.run(dealBody(form.getValues(), 'complete'));
  }

  // An explicit check the service refused (a 400 naming a field): shown as a save's refusal would be.
  useEffect(() => {
    if (!check.error) return;
    const server = readDealErrors(
      check.error,
      form.getValues(),
      'The deal could not be checked. Please try again.',
    );
    controller.showFailure(server.fields, server.form);
    // Only when a new error arrives; the values at that moment are the ones that were sent.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [check.error]);

  function send(chosen: DealMode) {
    if (busy) return;
    setRefusal(null);
    mode.current = chosen;
    void controller.onSubmit();
  }

  const checkPassed = check.result !== null && check.result.aml === null;

  return (
    <>
      <PageHeader title="New deal" />
      <form ref={controller.formRef} onSubmit={(event) => event.preventDefault()} noValidate>
        <Card aria-labelledby={`buyer-${ids}`}>
          <SectionTitle id={`buyer-${ids}`}>Buyer</SectionTitle>
          <FieldGrid $min={220}>
            <ClientPicker
              label="Client (optional)"
              name="client"
              value={values.client}
              error={errorOf('client')}
              hint="A part-exchange or a reservation needs the client."
              onChange={(client) => setField('client', client)}
            />
            {values.client ? null : (
              <TextField
                label="Buyer name (walk-in)"
                name="buyerName"
                autoComplete="off"
                maxLength={NAME_MAX}
                value={values.buyerName}
                error={errorOf('buyerName')}
                hint="Printed on the invoice when no client is chosen."
                onChange={(event) => setField('buyerName', event.target.value)}
              />
            )}
          </FieldGrid>
          <FieldGrid $min={180}>
            <ChoiceField
              label="Currency"
              name="currency"
              value={values.currency}
              options={CURRENCIES}
              error={errorOf('currency')}
              hint="Of the lines and the invoice; each payment has its own."
              onChange={(currency) => setField('currency', currency)}
            />
            {foreign ? (
              <TextField
                label="Exchange rate"
                name="exchangeRate"
                inputMode="decimal"
                autoComplete="off"
                required
                value={values.exchangeRate}
                error={errorOf('exchangeRate')}
                hint={`£ per 1 ${values.currency}, up to ${RATE_DECIMALS} decimals.`}
                onChange={(event) => setField('exchangeRate', event.target.value)}
              />
            ) : null}
            <DayField
              label="Date"
              name="date"
              required
              max={today()}
              value={values.date}
              error={errorOf('date')}
              onChange={(day) => setField('date', day)}
            />
            <ChoiceField
              label="Channel"
              name="channel"
              value={values.channel}
              options={DEAL_CHANNELS}
              labels={DEAL_CHANNEL_LABELS}
              error={errorOf('channel')}
              hint="Where the sale came from."
              onChange={(channel) => setField('channel', channel)}
            />
          </FieldGrid>
        </Card>

        <Card aria-labelledby={linesTitleId}>
          <SectionTitle id={linesTitleId} tabIndex={-1} data-field="lines">
            Lines
          </SectionTitle>
          {preloadNote ? <Alert>{preloadNote}</Alert> : null}
          <ItemFinder onAdd={addItem} />
          {errorOf('lines') ? <Alert>{errorOf('lines')}</Alert> : null}
          {values.lines.length > 0 ? (
            <DealLines
              lines={values.lines}
              currency={values.currency}
              errors={lineErrors}
              onChange={changeLine}
              onRemove={removeLine}
            />
          ) : (
            <Note>No lines yet: add an item by its serial, another line or a part-exchange.</Note>
          )}
          <Buttons>
            <Button variant="secondary" onClick={() => addLine(otherLine(), 'description')}>
              Add other line
            </Button>
            <Button variant="secondary" onClick={() => addLine(partExchangeLine(), 'serial')}>
              Add part-exchange
            </Button>
          </Buttons>
        </Card>

        <Card aria-labelledby={paymentsTitleId}>
          <SectionTitle id={paymentsTitleId} tabIndex={-1} data-field="payments">
            Payments
          </SectionTitle>
          {errorOf('payments') ? <Alert>{errorOf('payments')}</Alert> : null}
          {values.payments.length > 0 ? (
            <PaymentRows
              payments={values.payments}
              errors={paymentErrors}
              onChange={changePayment}
              onRemove={removePayment}
            />
          ) : (
            <Note>No payments yet. Split the price between methods and currencies as the client pays.</Note>
          )}
          <Buttons>
            <Button variant="secondary" onClick={addPayment}>
              Add payment
            </Button>
          </Buttons>
        </Card>

        <Card aria-labelledby={`totals-${ids}`}>
          <SectionTitle id={`totals-${ids}`}>Totals</SectionTitle>
          <DealTotals figures={totals} />
          {!totals.complete ? (
            <Note>Figures still being typed count as nothing until they are numbers.</Note>
          ) : null}
          {shownRefusal ? (
            <AmlRefusalAlert refusal={shownRefusal} title="Cash refused (anti-money-laundering rule)." />
          ) : null}
          <FormNotices controller={controller} status={false} />
          {checkPassed && !shownRefusal && !controller.formError ? (
            <Alert tone="success">Checked: the cash guard accepts this deal.</Alert>
          ) : null}
          <TextAreaField
            label="Notes"
            name="notes"
            maxLength={2000}
            value={values.notes}
            error={errorOf('notes')}
            onChange={(event) => setField('notes', event.target.value)}
          />
          <Buttons>
            <Button
              disabled={busy || !settled}
              aria-busy={busy || undefined}
              aria-describedby={settled ? undefined : completeNoteId}
              onClick={() => send('complete')}
            >
              Complete sale
            </Button>
            <Button
              variant="secondary"
              disabled={busy || check.checking}
              aria-busy={check.checking || undefined}
              onClick={() => void runExplicitCheck()}
            >
              Check
            </Button>
          </Buttons>
          {settled ? null : (
            <Note id={completeNoteId}>
              Complete sale issues the invoice once the balance left is {formatMoney(0)}
              {saleLines && totals.complete ? ` (now ${formatMoney(totals.balance)})` : ''}.
            </Note>
          )}
          <Reserve>
            <DayField
              label="Collect by"
              name="collectBy"
              min={dayAfter(values.date || today())}
              value={values.collectBy}
              error={errorOf('collectBy')}
              hint="Reserve: the items are held for the client until this day; the payments are the deposit."
              onChange={(day) => setField('collectBy', day)}
            />
            <Button variant="secondary" disabled={busy} onClick={() => send('reserve')}>
              Reserve
            </Button>
          </Reserve>
        </Card>
      </form>
    </>
  );
}
