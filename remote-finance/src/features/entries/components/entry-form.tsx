import { CURRENCIES, PAYMENT_METHODS } from '@loupe/contracts';
import {
  Alert,
  amountDecimals,
  Card,
  ChoiceField,
  DayField,
  DecimalField,
  FieldGrid,
  FormActions,
  formatMoney,
  PageHeader,
  TextAreaField,
  TextField,
  useFormSubmit,
  usePageTitle,
} from '@loupe/platform';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ClientPicker } from '@loupe/platform';
import {
  BUYER_KIND_LABELS,
  BUYER_KINDS,
  FIELD_ORDER,
  NAME_MAX,
  RATE_DECIMALS,
  SERVER_FIELDS,
  entryDefaults,
  validateEntry,
  type EntryValues,
  type FieldName,
} from '../lib/entry-values';

export interface EntryTexts {
  /** The page's heading and its document title. */
  title: string;
  submitLabel: string;
  /** "Expense" / "Quick sale": starts the confirmation. */
  noun: string;
  failedText: string;
}

interface EntryFormProps<T> extends EntryTexts {
  save(values: EntryValues): Promise<T>;
  /** Ask who bought (a quick sale's invoice names its buyer, issue 13). */
  withBuyer?: boolean;
  /** More for the confirmation, from what the service answered (the new sale's invoice). */
  savedExtra?(saved: T): ReactNode;
  /**
   * How a refusal the service explains in its own shape is shown above the form instead of its bare detail
   * (the AML cash guard's 409); null leaves it to the usual alert.
   */
  refusal?(error: unknown): ReactNode;
}

interface Saved {
  text: string;
  extra: ReactNode;
}

/**
 * The one form behind Add Expense and Add Quick Sale (SPEC §3). Checks what it can before any call, shows
 * the server's field errors beside their fields, and after a save confirms it and starts again from the
 * defaults, ready for the next entry. It is the whole page, so it titles the document too.
 */
export function EntryForm<T>({
  title,
  submitLabel,
  noun,
  failedText,
  save,
  withBuyer = false,
  savedExtra,
  refusal,
}: EntryFormProps<T>) {
  usePageTitle(title);
  const [values, setValues] = useState<EntryValues>(entryDefaults);
  const submitter = useFormSubmit<FieldName>(failedText, { fields: SERVER_FIELDS });
  const { errors, setErrors, formError, setFormError, busy: saving } = submitter;
  const [saved, setSaved] = useState<Saved | null>(null);
  const [refused, setRefused] = useState<ReactNode>(null);
  // Remounts the client picker after a save, so its search text goes with the chosen client.
  const [round, setRound] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  const set = <K extends FieldName>(name: K, value: EntryValues[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  };

  const focusFirstError = (names: FieldName[]) => {
    const first = names[0];
    const control = first ? formRef.current?.elements.namedItem(first) : null;
    if (control instanceof HTMLElement) control.focus();
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setSaved(null);
    setRefused(null);
    setFormError(null);
    const invalid = validateEntry(values);
    setErrors(invalid);
    const bad = FIELD_ORDER.filter((name) => invalid[name]);
    if (bad.length > 0) {
      focusFirstError(bad);
      return;
    }

    let failure: unknown = null;
    const outcome = await submitter.run(() =>
      save(values).catch((error: unknown) => {
        failure = error;
        throw error;
      }),
    );
    if (!outcome) return;
    if (outcome.ok) {
      setSaved({
        text: `${noun} saved: ${values.name.trim()}, ${formatMoney(values.amount.trim(), values.currency)}`,
        extra: savedExtra?.(outcome.value) ?? null,
      });
      setValues(entryDefaults());
      setErrors({});
      setRound((n) => n + 1);
    } else {
      // What was typed stays, so the sale can be sent again once the refusal is dealt with.
      const shown = refusal?.(failure) ?? null;
      if (shown) {
        setRefused(shown);
        setFormError(null);
      }
      focusFirstError(FIELD_ORDER.filter((name) => outcome.errors.fields[name]));
    }
  }

  const foreign = values.currency !== 'GBP';

  return (
    <>
      <PageHeader title={title} />
      <Card>
        <form ref={formRef} onSubmit={handleSubmit} noValidate aria-label={title}>
          {saved ? (
            <Alert tone="success">
              {saved.text}
              {saved.extra}
            </Alert>
          ) : null}
          {refused}
          {formError ? <Alert>{formError}</Alert> : null}
          <TextField
            label="Name"
            name="name"
            required
            maxLength={NAME_MAX}
            autoComplete="off"
            value={values.name}
            error={errors.name}
            onChange={(event) => set('name', event.target.value)}
          />
          <FieldGrid>
            <DecimalField
              label="Amount"
              name="amount"
              places={amountDecimals(values.currency)}
              required
              value={values.amount}
              error={errors.amount}
              onChange={(event) => set('amount', event.target.value)}
            />
            <ChoiceField
              label="Currency"
              name="currency"
              value={values.currency}
              error={errors.currency}
              options={CURRENCIES}
              onChange={(value) => set('currency', value)}
            />
            {foreign ? (
              <DecimalField
                label="Exchange Rate"
                name="exchangeRate"
                places={RATE_DECIMALS}
                required
                hint={`Pounds for 1 ${values.currency}; reports are in GBP.`}
                value={values.exchangeRate}
                error={errors.exchangeRate}
                onChange={(event) => set('exchangeRate', event.target.value)}
              />
            ) : null}
          </FieldGrid>
          <FieldGrid>
            <ChoiceField
              label="Payment Method"
              name="payment_method"
              value={values.payment_method}
              error={errors.payment_method}
              options={PAYMENT_METHODS}
              onChange={(value) => set('payment_method', value)}
            />
            <DayField
              label="Date"
              name="date"
              required
              value={values.date}
              error={errors.date}
              onChange={(day) => set('date', day)}
            />
          </FieldGrid>
          {withBuyer ? (
            <FieldGrid>
              <ChoiceField
                label="Buyer"
                name="buyerKind"
                value={values.buyerKind}
                options={BUYER_KINDS}
                labels={BUYER_KIND_LABELS}
                hint="Who the invoice names; optional."
                onChange={(kind) => {
                  set('buyerKind', kind);
                  setErrors((current) => ({ ...current, client: undefined, buyerName: undefined }));
                }}
              />
              {values.buyerKind === 'client' ? (
                <ClientPicker
                  key={round}
                  label="Client"
                  name="client"
                  required
                  value={values.client}
                  error={errors.client}
                  onChange={(client) => set('client', client)}
                />
              ) : null}
              {values.buyerKind === 'walk_in' ? (
                <TextField
                  label="Buyer name"
                  name="buyerName"
                  required
                  maxLength={NAME_MAX}
                  autoComplete="off"
                  value={values.buyerName}
                  error={errors.buyerName}
                  onChange={(event) => set('buyerName', event.target.value)}
                />
              ) : null}
            </FieldGrid>
          ) : null}
          <TextAreaField
            label="Notes"
            name="notes"
            value={values.notes}
            error={errors.notes}
            onChange={(event) => set('notes', event.target.value)}
          />
          <FormActions submitLabel={submitLabel} busy={saving} busyLabel="Saving..." />
        </form>
      </Card>
    </>
  );
}
