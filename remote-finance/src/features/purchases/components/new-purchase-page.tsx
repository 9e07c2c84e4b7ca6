import { COSTS_NOT_ALLOWED, SELLER_KIND_LABELS, SELLER_KINDS, type AmlRefusal } from '@loupe/contracts';
import {
  Alert,
  AmlRefusalAlert,
  Button,
  Card,
  ChoiceField,
  ClientPicker,
  DayField,
  FieldGrid,
  formatMoney,
  PageHeader,
  TextAreaField,
  today,
  useAuth,
  usePageTitle,
  VisuallyHidden,
} from '@loupe/platform';
import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { PaymentRows, rowFieldId } from '../../../components/payment-rows';
import type { PaymentValues } from '../../../lib/payment-values';
import { useCatalogue } from '../api/get-catalogue';
import { useBuyInRules } from '../api/get-buy-in-rules';
import { usePurchaseCheck } from '../api/check-purchase';
import { useBuyIn } from '../api/create-purchase';
import { useSeller } from '../api/get-seller';
import {
  hasErrors,
  noErrors,
  purchaseBody,
  PURCHASE_FIELDS,
  paymentOut,
  purchaseDefaults,
  purchaseLine,
  purchaseTotals,
  TEXT_MAX,
  validatePurchase,
  type PurchaseErrors,
  type PurchaseField,
  type PurchaseLineValues,
  type PurchaseValues,
} from '../lib/purchase-values';
import { LINE_FIELD_ORDER, PurchaseLines } from './purchase-lines';

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

/** The controls of the purchase's own fields, by the `name` each carries, for the focus to go to the first in error. */
const FIELD_NAMES: Record<PurchaseField, string> = {
  seller: 'seller',
  sellerKind: 'sellerKind',
  date: 'date',
  lines: 'lines',
  payments: 'payments',
  notes: 'notes',
};

const PAYMENT_FIELD_ORDER = ['method', 'amount', 'currency', 'exchangeRate'];

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
  const [values, setValues] = useState<PurchaseValues>(purchaseDefaults);
  const [errors, setErrors] = useState<PurchaseErrors>(noErrors);
  const [formError, setFormError] = useState<string | null>(null);
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
  const busy = buyIn.busy;
  // The price paid is the item's cost: only a member who may see costs buys in (the service says the same).
  const allowed = useAuth().can('viewCosts');
  const notAllowedId = `not-allowed-${ids}`;

  const totals = useMemo(() => purchaseTotals(values), [values]);
  const seller = useSeller(values.seller?.id ?? null);
  const noAddress =
    values.seller && seller.hasAddress === false
      ? `${values.seller.name} has no postal address, which the purchase invoice must print: add it on their client record, then confirm.`
      : null;

  // Due diligence and the AML guard, asked of the service before anyone confirms: once a seller is chosen and
  // every figure reads as a number. What it would refuse is shown above Confirm.
  const ready = allowed && values.seller !== null && totals.complete && values.lines.length > 0;
  const checkBody = useMemo(
    () => (ready ? purchaseBody(values, threshold) : null),
    [ready, values, threshold],
  );
  const precheck = usePurchaseCheck(checkBody);
  const precheckAml = amlRefusalIn(precheck?.aml);

  // The seller is the first thing asked: the focus starts there.
  useEffect(() => {
    document.querySelector<HTMLElement>(`[name="${FIELD_NAMES.seller}"]`)?.focus();
  }, []);

  // The focus follows what the user just did: a new row's first field, or the section a row left.
  useEffect(() => {
    if (!focusTarget) return;
    document.getElementById(focusTarget)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const update = (next: (current: PurchaseValues) => PurchaseValues) => {
    setValues(next);
    setRefusal(null);
  };
  const setField = <K extends keyof PurchaseValues>(name: K, value: PurchaseValues[K]) => {
    update((current) => ({ ...current, [name]: value }));
    if ((PURCHASE_FIELDS as readonly string[]).includes(name)) {
      setErrors((current) => {
        if (!current.fields[name as PurchaseField]) return current;
        const fields = { ...current.fields };
        delete fields[name as PurchaseField];
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

  // ---- items

  const addLine = () => {
    const line = purchaseLine();
    update((current) => ({ ...current, lines: [...current.lines, line] }));
    setErrors((current) => ({ ...current, fields: { ...current.fields, lines: undefined } }));
    setFocusTarget(rowFieldId(line.key, 'stockType'));
  };

  const changeLine = (key: string, patch: Partial<PurchaseLineValues>) => {
    update((current) => ({
      ...current,
      lines: current.lines.map((line) => (line.key === key ? { ...line, ...patch } : line)),
    }));
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
    clearRow('lines', key, touched);
  };

  const removeLine = (key: string) => {
    update((current) => ({ ...current, lines: current.lines.filter((line) => line.key !== key) }));
    setFocusTarget(itemsTitleId);
  };

  // ---- payments out

  const addPayment = () => {
    const next = paymentOut(totals.complete ? totals.left : undefined);
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

  // ---- send

  function focusFirstError(found: PurchaseErrors, lines = values.lines, payments = values.payments) {
    const own = (name: PurchaseField) => document.querySelector<HTMLElement>(`[name="${FIELD_NAMES[name]}"]`);
    for (const name of ['seller', 'sellerKind', 'date'] as const) {
      if (found.fields[name]) return own(name)?.focus();
    }
    if (found.fields.lines) return document.getElementById(itemsTitleId)?.focus();
    for (const line of lines) {
      const field = LINE_FIELD_ORDER.find((name) => found.lines[line.key]?.[name]);
      if (field === 'checkCertificate')
        return document.querySelector<HTMLElement>(`[name="${rowFieldId(line.key, field)}"]`)?.focus();
      if (field) return document.getElementById(rowFieldId(line.key, field))?.focus();
      if (found.lines[line.key]?.check)
        return document.getElementById(rowFieldId(line.key, 'checkReference'))?.focus();
    }
    if (found.fields.payments) return document.getElementById(paymentsTitleId)?.focus();
    for (const p of payments) {
      const field = PAYMENT_FIELD_ORDER.find((name) => found.payments[p.key]?.[name]);
      if (field) return document.getElementById(rowFieldId(p.key, field))?.focus();
    }
    if (found.fields.notes) return own('notes')?.focus();
  }

  async function confirm() {
    if (busy) return;
    setFormError(null);
    setRefusal(null);
    const found = validatePurchase(values, threshold);
    if (noAddress) found.fields.seller ??= noAddress;
    setErrors(found);
    if (hasErrors(found)) {
      focusFirstError(found);
      return;
    }
    const sent = values;
    const outcome = await buyIn.run(sent, threshold);
    if (outcome.ok) {
      navigate(`/purchases/${outcome.purchase.id}`, { state: { created: outcome.message } });
      return;
    }
    setRefusal(outcome.aml);
    setErrors(outcome.errors);
    setFormError(outcome.form);
    focusFirstError(outcome.errors, sent.lines, sent.payments);
  }

  return (
    <>
      <PageHeader title="Buy In" actions={<Link to="/purchases">All purchases</Link>} />
      {allowed ? null : (
        <Note id={notAllowedId}>Buying in records what the shop paid. {COSTS_NOT_ALLOWED}</Note>
      )}

      <Card aria-labelledby={`seller-${ids}`}>
        <SectionTitle id={`seller-${ids}`}>Seller</SectionTitle>
        <FieldGrid $min={220}>
          <ClientPicker
            label="Seller"
            name={FIELD_NAMES.seller}
            required
            value={values.seller}
            error={errors.fields.seller ?? noAddress}
            hint="The client selling: their postal address is printed on the purchase invoice."
            onChange={(seller) => setField('seller', seller)}
          />
          <ChoiceField
            label="Seller type"
            name={FIELD_NAMES.sellerKind}
            value={values.sellerKind}
            options={SELLER_KINDS}
            labels={SELLER_KIND_LABELS}
            error={errors.fields.sellerKind}
            onChange={(sellerKind) => setField('sellerKind', sellerKind)}
          />
          <DayField
            label="Date"
            name={FIELD_NAMES.date}
            required
            max={today()}
            value={values.date}
            error={errors.fields.date}
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
        <SectionTitle id={itemsTitleId} tabIndex={-1}>
          Items
        </SectionTitle>
        {errors.fields.lines ? <Alert>{errors.fields.lines}</Alert> : null}
        {rules.error ? (
          <Alert tone="info">
            The shop’s due-diligence thresholds could not be loaded: the service still checks them on Confirm.
          </Alert>
        ) : null}
        {values.lines.length > 0 ? (
          <PurchaseLines
            lines={values.lines}
            errors={errors.lines}
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
        <SectionTitle id={paymentsTitleId} tabIndex={-1}>
          Payments out
        </SectionTitle>
        {errors.fields.payments ? <Alert>{errors.fields.payments}</Alert> : null}
        {values.payments.length > 0 ? (
          <PaymentRows
            payments={values.payments}
            errors={errors.payments}
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
          name={FIELD_NAMES.notes}
          maxLength={TEXT_MAX.notes}
          value={values.notes}
          error={errors.fields.notes}
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
      {precheck && precheck.missing.length > 0 && !formError ? (
        <Alert tone="info">
          Before confirming, the shop’s due diligence asks for:
          <ul>
            {precheck.missing.map((missing) => (
              <li key={`${missing.rule}-${missing.line ?? 0}`}>{missing.detail}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {formError ? <Alert>{formError}</Alert> : null}

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
          disabled={busy || !allowed}
          aria-busy={busy || undefined}
          aria-describedby={allowed ? undefined : notAllowedId}
          onClick={() => void confirm()}
        >
          {busy ? 'Saving...' : 'Confirm'}
        </Button>
      </Footer>
    </>
  );
}
