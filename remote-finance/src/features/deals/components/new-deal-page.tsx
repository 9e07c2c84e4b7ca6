import {
  CURRENCIES,
  DEAL_ITEM_TWICE,
  DEAL_MAX_LINES,
  DEAL_MAX_PAYMENTS,
  type AmlRefusal,
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
  PageHeader,
  TextAreaField,
  TextField,
  today,
  usePageTitle,
} from '@loupe/platform';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { PaymentRows, rowFieldId } from '../../../components/payment-rows';
import { payment, RATE_DECIMALS, type PaymentValues } from '../../../lib/payment-values';
import { useDealCheck } from '../api/check-deal';
import { useCreateDeal } from '../api/create-deal';
import { getItem } from '../api/find-items';
import { isConflict, readDealErrors } from '../lib/deal-errors';
import {
  DEAL_FIELDS,
  dealBody,
  dealDefaults,
  dealTotals,
  hasErrors,
  itemLine,
  NAME_MAX,
  noErrors,
  otherLine,
  partExchangeLine,
  validateDeal,
  type DealErrors,
  type DealField,
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

/** The deal's own fields' controls, by the `name` each carries, for the focus to go to the first in error. */
const FIELD_NAMES: Record<DealField, string> = {
  client: 'client',
  buyerName: 'buyerName',
  currency: 'currency',
  exchangeRate: 'exchangeRate',
  date: 'date',
  lines: 'lines',
  payments: 'payments',
  notes: 'notes',
  collectBy: 'collectBy',
};

const LINE_FIELD_ORDER = ['serial', 'stockType', 'brand', 'model', 'description', 'price', 'vatRate'];
const PAYMENT_FIELD_ORDER = ['method', 'amount', 'currency', 'exchangeRate', 'direction'];

/** The day after `day` (YYYY-MM-DD): the earliest a reservation can be collected by. */
function dayAfter(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const next = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + 1));
  return next.toISOString().slice(0, 10);
}

/**
 * /deals/new (issue 20): one sale to one buyer — stock items added by serial, scan or search at their listing
 * price, other lines (a strap, a service) and the client's own piece taken in part-exchange — paid by several
 * payments in any currency, in or out, with the balance left computed live exactly as the service will. The AML
 * guard's answer (`POST /api/deals/check/`) is shown before anyone confirms. Complete sale issues the invoice at
 * once; Reserve holds the items for the client until a day, the payments being the deposit.
 */
export function NewDealPage() {
  usePageTitle('New deal');
  const [values, setValues] = useState<DealValues>(dealDefaults);
  const [errors, setErrors] = useState<DealErrors>(noErrors);
  const [formError, setFormError] = useState<string | null>(null);
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
  const busy = create.isPending;

  const totals = useMemo(() => dealTotals(values), [values]);
  const saleLines = values.lines.some((line) => line.kind !== 'part_exchange');
  const settled = saleLines && totals.complete && totals.balance.eq(0);
  const foreign = values.currency !== 'GBP';

  // The focus follows what the user just did: a new line's first field, or the section a row left.
  useEffect(() => {
    if (!focusTarget) return;
    document.getElementById(focusTarget)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const update = (next: (current: DealValues) => DealValues) => {
    setValues(next);
    setRefusal(null);
  };
  const setField = <K extends keyof DealValues>(name: K, value: DealValues[K]) => {
    update((current) => ({ ...current, [name]: value }));
    if ((DEAL_FIELDS as readonly string[]).includes(name)) {
      setErrors((current) => {
        if (!current.fields[name as DealField]) return current;
        const fields = { ...current.fields };
        delete fields[name as DealField];
        return { ...current, fields };
      });
    }
  };
  const clearRow = (which: 'lines' | 'payments', key: string, fields: string[]) =>
    setErrors((current) => {
      const own = current[which][key];
      if (!own || !fields.some((field) => own[field])) return current;
      const rest = { ...own };
      for (const field of fields) delete rest[field];
      return { ...current, [which]: { ...current[which], [key]: rest } };
    });

  // ---- lines

  /** Puts a stock item on the deal; answers why not. The buyer of an item out on approval is its client. */
  const addItem = (item: ItemRow): string | null => {
    if (values.lines.some((line) => line.kind === 'item' && line.item.id === item.id)) return DEAL_ITEM_TWICE;
    if (values.lines.length >= DEAL_MAX_LINES) return `A deal has at most ${DEAL_MAX_LINES} lines.`;
    update((current) => ({
      ...current,
      client:
        current.client ??
        (item.checkout ? { id: item.checkout.clientId, name: item.checkout.clientName } : null),
      lines: [...current.lines, itemLine(item, current.currency)],
    }));
    setErrors((current) => ({ ...current, fields: { ...current.fields, lines: undefined } }));
    return null;
  };

  const addLine = (line: LineValues, focusField: string) => {
    if (values.lines.length >= DEAL_MAX_LINES) {
      setErrors((current) => ({
        ...current,
        fields: { ...current.fields, lines: `A deal has at most ${DEAL_MAX_LINES} lines.` },
      }));
      return;
    }
    update((current) => ({ ...current, lines: [...current.lines, line] }));
    setFocusTarget(rowFieldId(line.key, focusField));
  };

  const changeLine = (key: string, patch: Partial<LineValues>) => {
    update((current) => ({
      ...current,
      lines: current.lines.map((line) => (line.key === key ? ({ ...line, ...patch } as LineValues) : line)),
    }));
    clearRow('lines', key, [...Object.keys(patch), ...(patch.price !== undefined ? ['itemId'] : [])]);
  };

  const removeLine = (key: string) => {
    update((current) => ({ ...current, lines: current.lines.filter((line) => line.key !== key) }));
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
    const controller = new AbortController();
    getItem(Number(preload), controller.signal).then(
      (item) => {
        const refused = unsellable(item);
        if (refused) setPreloadNote(`${item.serial}: ${refused}`);
        else
          setValues((current) =>
            current.lines.some((line) => line.kind === 'item' && line.item.id === item.id)
              ? current
              : {
                  ...current,
                  client:
                    current.client ??
                    (item.checkout ? { id: item.checkout.clientId, name: item.checkout.clientName } : null),
                  lines: [itemLine(item, current.currency), ...current.lines],
                },
          );
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setPreloadNote(errorMessage(error, 'The item could not be loaded.'));
      },
    );
    return () => controller.abort();
  }, [preload]);

  // ---- payments

  const addPayment = () => {
    if (values.payments.length >= DEAL_MAX_PAYMENTS) {
      setErrors((current) => ({
        ...current,
        fields: { ...current.fields, payments: `A deal has at most ${DEAL_MAX_PAYMENTS} payments.` },
      }));
      return;
    }
    // The next payment is usually what is left: prefilled with the balance, in or out.
    const next = payment(totals.complete ? totals.balance : undefined);
    update((current) => ({ ...current, payments: [...current.payments, next] }));
    setErrors((current) => ({ ...current, fields: { ...current.fields, payments: undefined } }));
    setFocusTarget(rowFieldId(next.key, 'method'));
  };

  const changePayment = (key: string, patch: Partial<PaymentValues>) => {
    update((current) => ({
      ...current,
      payments: current.payments.map((p) => (p.key === key ? { ...p, ...patch } : p)),
    }));
    clearRow('payments', key, Object.keys(patch));
  };

  const removePayment = (key: string) => {
    update((current) => ({ ...current, payments: current.payments.filter((p) => p.key !== key) }));
    setFocusTarget(paymentsTitleId);
  };

  // ---- the AML guard's answer, before confirming

  // Whenever the deal as it would be sent changes and it takes cash, the guard is asked again (after a pause in
  // typing); an answer about an older deal is never shown over a newer one.
  const hasCash = values.payments.some((p) => p.method === 'Cash');
  const checkable = saleLines && totals.complete && (!foreign || values.exchangeRate.trim() !== '');
  const body = useMemo(() => JSON.stringify(dealBody(values, 'complete')), [values]);
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

  function focusFirstError(found: DealErrors) {
    const deal = (name: DealField) => document.querySelector<HTMLElement>(`[name="${FIELD_NAMES[name]}"]`);
    for (const name of ['client', 'buyerName', 'currency', 'exchangeRate', 'date'] as const) {
      if (found.fields[name]) return deal(name)?.focus();
    }
    if (found.fields.lines) return document.getElementById(linesTitleId)?.focus();
    for (const line of values.lines) {
      const field = LINE_FIELD_ORDER.find((name) => found.lines[line.key]?.[name]);
      if (field) return document.getElementById(rowFieldId(line.key, field))?.focus();
      if (found.lines[line.key]?.itemId)
        return document.getElementById(rowFieldId(line.key, 'price'))?.focus();
    }
    if (found.fields.payments) return document.getElementById(paymentsTitleId)?.focus();
    for (const p of values.payments) {
      const field = PAYMENT_FIELD_ORDER.find((name) => found.payments[p.key]?.[name]);
      if (field) return document.getElementById(rowFieldId(p.key, field))?.focus();
    }
    for (const name of ['notes', 'collectBy'] as const) {
      if (found.fields[name]) return deal(name)?.focus();
    }
  }

  /** The browser's own checks first; false (with the messages shown) when the deal cannot be sent as it is. */
  function ready(mode: DealMode): boolean {
    setFormError(null);
    setRefusal(null);
    const found = validateDeal(values, mode);
    setErrors(found);
    if (hasErrors(found)) {
      focusFirstError(found);
      return false;
    }
    return true;
  }

  function runExplicitCheck() {
    if (ready('complete')) void check.run(dealBody(values, 'complete'));
  }

  // An explicit check the service refused (a 400 naming a field): shown as a save's refusal would be.
  useEffect(() => {
    if (!check.error) return;
    const server = readDealErrors(check.error, values, 'The deal could not be checked. Please try again.');
    setErrors(server.errors);
    setFormError(server.form);
    // Only when a new error arrives; the values at that moment are the ones that were sent.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [check.error]);

  async function send(mode: DealMode) {
    if (busy || !ready(mode)) return;
    const sent = values;
    try {
      const deal = await create.mutateAsync(dealBody(sent, mode));
      navigate(`/deals/${deal.id}`, { state: { created: mode } });
    } catch (error) {
      const aml = amlRefusalOf(error);
      if (aml) {
        setRefusal(aml);
        return;
      }
      if (isConflict(error)) {
        setFormError(errorMessage(error, 'An item of this deal is no longer available.'));
        return;
      }
      const server = readDealErrors(error, sent, 'The deal could not be saved. Please try again.');
      setErrors(server.errors);
      setFormError(server.form);
      focusFirstError(server.errors);
    }
  }

  const checkPassed = check.result !== null && check.result.aml === null;

  return (
    <>
      <PageHeader title="New deal" />

      <Card aria-labelledby={`buyer-${ids}`}>
        <SectionTitle id={`buyer-${ids}`}>Buyer</SectionTitle>
        <FieldGrid $min={220}>
          <ClientPicker
            label="Client (optional)"
            name="client"
            value={values.client}
            error={errors.fields.client}
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
              error={errors.fields.buyerName}
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
            error={errors.fields.currency}
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
              error={errors.fields.exchangeRate}
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
            error={errors.fields.date}
            onChange={(day) => setField('date', day)}
          />
        </FieldGrid>
      </Card>

      <Card aria-labelledby={linesTitleId}>
        <SectionTitle id={linesTitleId} tabIndex={-1}>
          Lines
        </SectionTitle>
        {preloadNote ? <Alert>{preloadNote}</Alert> : null}
        <ItemFinder onAdd={addItem} />
        {errors.fields.lines ? <Alert>{errors.fields.lines}</Alert> : null}
        {values.lines.length > 0 ? (
          <DealLines
            lines={values.lines}
            currency={values.currency}
            errors={errors.lines}
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
        <SectionTitle id={paymentsTitleId} tabIndex={-1}>
          Payments
        </SectionTitle>
        {errors.fields.payments ? <Alert>{errors.fields.payments}</Alert> : null}
        {values.payments.length > 0 ? (
          <PaymentRows
            payments={values.payments}
            errors={errors.payments}
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
        {formError ? <Alert>{formError}</Alert> : null}
        {checkPassed && !shownRefusal && !formError ? (
          <Alert tone="success">Checked: the cash guard accepts this deal.</Alert>
        ) : null}
        <TextAreaField
          label="Notes"
          name="notes"
          maxLength={2000}
          value={values.notes}
          error={errors.fields.notes}
          onChange={(event) => setField('notes', event.target.value)}
        />
        <Buttons>
          <Button
            disabled={busy || !settled}
            aria-busy={busy || undefined}
            aria-describedby={settled ? undefined : completeNoteId}
            onClick={() => void send('complete')}
          >
            Complete sale
          </Button>
          <Button
            variant="secondary"
            disabled={busy || check.checking}
            aria-busy={check.checking || undefined}
            onClick={runExplicitCheck}
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
            error={errors.fields.collectBy}
            hint="Reserve: the items are held for the client until this day; the payments are the deposit."
            onChange={(day) => setField('collectBy', day)}
          />
          <Button variant="secondary" disabled={busy} onClick={() => void send('reserve')}>
            Reserve
          </Button>
        </Reserve>
      </Card>
    </>
  );
}
