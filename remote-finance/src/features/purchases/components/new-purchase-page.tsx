import { COSTS_NOT_ALLOWED, SELLER_KIND_LABELS, SELLER_KINDS, type AmlRefusal } from '@loupe/contracts';
import {
  Alert,
  AmlRefusalAlert,
  amlRefusalOf,
  Button,
  Card,
  ChoiceField,
  ClientPicker,
  DayField,
  FieldGrid,
  formatMoney,
  FormNotices,
  PageHeader,
  rowMessages,
  TextAreaField,
  today,
  useAuth,
  useEntityForm,
  usePageTitle,
  VisuallyHidden,
} from '@loupe/platform';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { PaymentRows, rowFieldId } from '../../../components/payment-rows';
import { paymentField, type PaymentValues } from '../../../lib/payment-values';
import { useCatalogue } from '../api/get-catalogue';
import { useBuyInRules } from '../api/get-buy-in-rules';
import { usePurchaseCheck } from '../api/check-purchase';
import { useBuyIn, type BuyIn } from '../api/create-purchase';
import { useSeller } from '../api/get-seller';
import {
  lineField,
  paymentOut,
  purchaseBody,
  purchaseDefaults,
  purchaseLine,
  purchaseTotals,
  TEXT_MAX,
  validatePurchase,
  type PurchaseLineValues,
  type PurchaseValues,
} from '../lib/purchase-values';
import { PurchaseLines } from './purchase-lines';

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

const Note = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.9rem;
`;

const Address = styled.span`
  color: ${({ theme }) => theme.colors.text};
`;

/** Confirm and the total stay in view at the foot of the window however long the buy-in grows. */
const Footer = styled.div`
  position: sticky;
  bottom: 0;
  z-index: 2;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: 0 -2px 8px rgba(0, 0, 0, 0.08);
  dl {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => `${theme.space(1)} ${theme.space(4)}`};
    margin: 0;
  }
  dl div {
    display: flex;
    gap: ${({ theme }) => theme.space(1)};
  }
  dt {
    color: ${({ theme }) => theme.colors.muted};
  }
  dd {
    margin: 0;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
`;

/** The check's `aml` when it is the guard's refusal (rule, missing CDD, amounts), to show as a 409 would be. */
function amlRefusalIn(aml: unknown): AmlRefusal | null {
  const found = aml as Partial<AmlRefusal> | null | undefined;
  return found?.rule === 'aml_cash_threshold' &&
    typeof found.detail === 'string' &&
    Array.isArray(found.missing)
    ? (found as AmlRefusal)
    : null;
}

/**
 * /purchases/new (issue 22): a buy-in over the counter or from the trade — the seller (a client with a postal
 * address), one or more items with their intake record and, for a watch at or above the shop's threshold, the
 * stolen-goods register check with its certificate, and the payments out. The service numbers the purchase and
 * gives each item the next stock number; its refusal (a missing check or ID, the AML guard over cash paid out)
 * is shown next to what is missing, with everything typed kept.
 */
export function NewPurchasePage() {
  usePageTitle('Buy In');
  const [refusal, setRefusal] = useState<AmlRefusal | null>(null);
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const rules = useBuyInRules();
  const threshold = rules.registerCheckThreshold;
  const { catalogue } = useCatalogue();
  const buyIn = useBuyIn();
  const navigate = useNavigate();
  const ids = useId().replace(/:/g, '');
  const itemsTitleId = `items-${ids}`;
  const paymentsTitleId = `payments-${ids}`;
  // The price paid is the item's cost: only a member who may see costs buys in (the service says the same).
  const allowed = useAuth().can('viewCosts');
  const notAllowedId = `not-allowed-${ids}`;
  // What the page knows of the chosen seller (no postal address) that the form's check says at the seller.
  const sellerProblem = useRef<string | null>(null);
  const [initial] = useState(purchaseDefaults);

  // The platform's edit/create controller: the contracts' rules before sending, the service's field errors at
  // their fields (rows by their key), one send at a time, a question before unsaved changes are left.
  const controller = useEntityForm<PurchaseValues, BuyIn>({
    values: initial,
    check: (values) => validatePurchase(values, threshold, sellerProblem.current),
    save: (values) => buyIn.save(values, threshold),
    failedText: 'The purchase could not be saved. Please try again.',
    // The purchase's page says it, with its stock numbers, once it opens (its heading takes the focus).
    savedMessage: null,
    onFailed(error) {
      // The AML guard's refusal is shown as its own notice above Confirm; everything typed stays.
      const aml = amlRefusalOf(error);
      if (aml) setRefusal(aml);
      return aml !== null;
    },
    onSaved: ({ purchase, message }) =>
      navigate(`/purchases/${purchase.id}`, { state: { created: message } }),
  });
  const { form, busy, errorOf } = controller;
  const values = form.watch();
  const lineErrors = rowMessages(controller.messages, 'lines');
  const paymentErrors = rowMessages(controller.messages, 'payments');

  const totals = purchaseTotals(values);
  const seller = useSeller(values.seller?.id ?? null);
  const noAddress =
    values.seller && seller.hasAddress === false
      ? `${values.seller.name} has no postal address, which the purchase invoice must print: add it on their client record, then confirm.`
      : null;
  sellerProblem.current = noAddress;

  // Due diligence and the AML guard, asked of the service before anyone confirms: once a seller is chosen and
  // every figure reads as a number. What it would refuse is shown above Confirm.
  const ready = allowed && values.seller !== null && totals.complete && values.lines.length > 0;
  const precheck = usePurchaseCheck(ready ? purchaseBody(values, threshold) : null);
  const precheckAml = amlRefusalIn(precheck?.aml);

  // The seller is the first thing asked: the focus starts there.
  useEffect(() => {
    document.querySelector<HTMLElement>('[name="seller"]')?.focus();
  }, []);

  // The focus follows what the user just did: a new row's first field, or the section a row left.
  useEffect(() => {
    if (!focusTarget) return;
    document.getElementById(focusTarget)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const setField = <K extends 'seller' | 'sellerKind' | 'date' | 'notes'>(
    name: K,
    value: PurchaseValues[K],
  ) => {
    controller.set(name, value as never);
    setRefusal(null);
  };
  /** Replaces a list (typed, so dirty); the messages it changes are cleared by the caller. */
  const setList = <K extends 'lines' | 'payments'>(
    name: K,
    next: (current: PurchaseValues[K]) => PurchaseValues[K],
  ) => {
    form.setValue(name, next(form.getValues(name)) as never, { shouldDirty: true });
    setRefusal(null);
  };

  // ---- items

  const addLine = () => {
    const line = purchaseLine();
    setList('lines', (lines) => [...lines, line]);
    controller.clear(['lines']);
    setFocusTarget(rowFieldId(line.key, 'stockType'));
  };

  const changeLine = (key: string, patch: Partial<PurchaseLineValues>) => {
    setList('lines', (lines) => lines.map((line) => (line.key === key ? { ...line, ...patch } : line)));
    const touched = Object.keys(patch).flatMap((name) =>
      name === 'check' && patch.check
        ? [
            'check',
            ...Object.keys(patch.check).map((part) => `check${part[0]?.toUpperCase()}${part.slice(1)}`),
          ]
        : [name],
    );
    // A price or stock type changes whether the check is required.
    if (patch.price !== undefined || patch.stockType !== undefined) touched.push('check');
    controller.clear(touched.map((field) => lineField(key, field)));
  };

  const removeLine = (key: string) => {
    setList('lines', (lines) => lines.filter((line) => line.key !== key));
    setFocusTarget(itemsTitleId);
  };

  // ---- payments out

  const addPayment = () => {
    const next = paymentOut(totals.complete ? totals.left : undefined);
    setList('payments', (payments) => [...payments, next]);
    controller.clear(['payments']);
    setFocusTarget(rowFieldId(next.key, 'method'));
  };

  const changePayment = (key: string, patch: Partial<PaymentValues>) => {
    setList('payments', (payments) => payments.map((p) => (p.key === key ? { ...p, ...patch } : p)));
    controller.clear(Object.keys(patch).map((field) => paymentField(key, field)));
  };

  const removePayment = (key: string) => {
    setList('payments', (payments) => payments.filter((p) => p.key !== key));
    setFocusTarget(paymentsTitleId);
  };

  // ---- send

  function confirm(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setRefusal(null);
    void controller.onSubmit();
  }

  return (
    <>
      <PageHeader title="Buy In" actions={<Link to="/purchases">All purchases</Link>} />
      {allowed ? null : (
        <Note id={notAllowedId}>Buying in records what the shop paid. {COSTS_NOT_ALLOWED}</Note>
      )}
      <form ref={controller.formRef} onSubmit={confirm} noValidate>
        <Card aria-labelledby={`seller-${ids}`}>
          <SectionTitle id={`seller-${ids}`}>Seller</SectionTitle>
          <FieldGrid $min={220}>
            <ClientPicker
              label="Seller"
              name="seller"
              required
              value={values.seller}
              error={errorOf('seller') ?? noAddress ?? undefined}
              hint="The client selling: their postal address is printed on the purchase invoice."
              onChange={(seller) => setField('seller', seller)}
            />
            <ChoiceField
              label="Seller type"
              name="sellerKind"
              value={values.sellerKind}
              options={SELLER_KINDS}
              labels={SELLER_KIND_LABELS}
              error={errorOf('sellerKind')}
              onChange={(sellerKind) => setField('sellerKind', sellerKind)}
            />
            <DayField
              label="Date"
              name="date"
              required
              max={today()}
              value={values.date}
              error={errorOf('date')}
              onChange={(day) => setField('date', day)}
            />
          </FieldGrid>
          {seller.addressLines.length > 0 ? (
            <Note>
              Seller’s address: <Address>{seller.addressLines.join(', ')}</Address>
            </Note>
          ) : null}
          {values.seller && seller.hasAddress === false ? (
            <Note>
              <Link to={`/clients/edit/${values.seller.id}`} target="_blank" rel="noopener noreferrer">
                Add {values.seller.name}’s address
                <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
              </Link>
            </Note>
          ) : null}
          <Note>
            Not a client yet?{' '}
            <Link to="/clients/add" target="_blank" rel="noopener noreferrer">
              Add a client
              <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
            </Link>{' '}
            with their postal address, then search for them here: nothing typed on this page is lost.
          </Note>
        </Card>

        <Card aria-labelledby={itemsTitleId}>
          <SectionTitle id={itemsTitleId} tabIndex={-1} data-field="lines">
            Items
          </SectionTitle>
          {errorOf('lines') ? <Alert>{errorOf('lines')}</Alert> : null}
          {rules.error ? (
            <Alert tone="info">
              The shop’s due-diligence thresholds could not be loaded: the service still checks them on
              Confirm.
            </Alert>
          ) : null}
          {values.lines.length > 0 ? (
            <PurchaseLines
              lines={values.lines}
              errors={lineErrors}
              threshold={threshold}
              catalogue={catalogue}
              conditionGrades={rules.conditionGrades}
              onChange={changeLine}
              onRemove={removeLine}
            />
          ) : (
            <Note>No items yet: add the first piece bought.</Note>
          )}
          <Buttons>
            <Button variant="secondary" onClick={addLine}>
              Add item
            </Button>
          </Buttons>
        </Card>

        <Card aria-labelledby={paymentsTitleId}>
          <SectionTitle id={paymentsTitleId} tabIndex={-1} data-field="payments">
            Payments out
          </SectionTitle>
          {errorOf('payments') ? <Alert>{errorOf('payments')}</Alert> : null}
          {values.payments.length > 0 ? (
            <PaymentRows
              payments={values.payments}
              errors={paymentErrors}
              allowOut={false}
              onChange={changePayment}
              onRemove={removePayment}
            />
          ) : (
            <Note>No payments yet. Pay the seller by one or more methods, in any currency.</Note>
          )}
          <Buttons>
            <Button variant="secondary" onClick={addPayment}>
              Add payment
            </Button>
          </Buttons>
          <TextAreaField
            label="Notes"
            name="notes"
            maxLength={TEXT_MAX.notes}
            value={values.notes}
            error={errorOf('notes')}
            onChange={(event) => setField('notes', event.target.value)}
          />
        </Card>

        {refusal ? (
          <AmlRefusalAlert refusal={refusal} title="Cash refused (anti-money-laundering rule)." />
        ) : precheckAml ? (
          <AmlRefusalAlert
            refusal={precheckAml}
            title="The cash paid out would be refused (anti-money-laundering rule)."
          />
        ) : null}
        {precheck && precheck.missing.length > 0 && !controller.formError ? (
          <Alert tone="info">
            Before confirming, the shop’s due diligence asks for:
            <ul>
              {precheck.missing.map((missing) => (
                <li key={`${missing.rule}-${missing.line ?? 0}`}>{missing.detail}</li>
              ))}
            </ul>
          </Alert>
        ) : null}
        <FormNotices controller={controller} status={false} />

        <Footer role="group" aria-label="Totals">
          <dl>
            <div>
              <dt>Total</dt>
              <dd>{formatMoney(totals.total)}</dd>
            </div>
            <div>
              <dt>Paid out</dt>
              <dd>{formatMoney(totals.paid)}</dd>
            </div>
            <div>
              <dt>Left to pay</dt>
              <dd>{formatMoney(totals.left)}</dd>
            </div>
          </dl>
          <Button
            type="submit"
            disabled={busy || !allowed}
            aria-busy={busy || undefined}
            aria-describedby={allowed ? undefined : notAllowedId}
          >
            {busy ? 'Saving...' : 'Confirm'}
          </Button>
        </Footer>
      </form>
    </>
  );
}
