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
  FormNotices,
  PageHeader,
  TextAreaField,
  TextField,
  useEntityForm,
  usePageTitle,
} from '@loupe/platform';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ClientPicker } from '@loupe/platform';
import {
  BUYER_KIND_LABELS,
  BUYER_KINDS,
  NAME_MAX,
  RATE_DECIMALS,
  SERVER_FIELDS,
  entryDefaults,
  validateEntry,
  type EntryValues,
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
 * The one form behind Add Expense and Add Quick Sale (SPEC §3), on the platform's edit/create controller
 * (useEntityForm). Checks what it can before any call (the contracts' field rules, entry-values.ts), shows the
 * server's field errors beside their fields, and after a save confirms it and starts again from the defaults,
 * ready for the next entry. It is the whole page, so it titles the document too.
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
  const [saved, setSaved] = useState<Saved | null>(null);
  const [refused, setRefused] = useState<ReactNode>(null);
  // Remounts the client picker after a save, so its search text goes with the chosen client.
  const [round, setRound] = useState(0);
  const controller = useEntityForm<EntryValues, { value: T }>({
    values: entryDefaults(),
    check: validateEntry,
    failedText,
    serverFields: SERVER_FIELDS,
    save: async (values) => ({ value: await save(values) }),
    // The confirmation above the form says it, with what the service answered (the new sale's invoice).
    savedMessage: null,
    onFailed(error) {
      // What was typed stays, so the sale can be sent again once the refusal is dealt with.
      const shown = refusal?.(error) ?? null;
      if (shown) setRefused(shown);
      return shown !== null;
    },
    onSaved(outcome, values) {
      setSaved({
        text: `${noun} saved: ${values.name.trim()}, ${formatMoney(values.amount.trim(), values.currency)}`,
        extra: savedExtra?.(outcome.value) ?? null,
      });
      // Ready for the next entry: the defaults again (today, GBP, Cash).
      controller.form.reset(entryDefaults());
      setRound((n) => n + 1);
    },
  });
  const { text, value, set, busy: saving } = controller;
  const currency = controller.form.watch('currency');
  const buyerKind = controller.form.watch('buyerKind');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setSaved(null);
    setRefused(null);
    void controller.onSubmit();
  }

  const foreign = currency !== 'GBP';

  return (
    <>
      <PageHeader title={title} />
      <Card>
        <form ref={controller.formRef} onSubmit={handleSubmit} noValidate aria-label={title}>
          {saved ? (
            <Alert tone="success">
              {saved.text}
              {saved.extra}
            </Alert>
          ) : null}
          {refused}
          <FormNotices controller={controller} status={false} />
          <TextField label="Name" required maxLength={NAME_MAX} autoComplete="off" {...text('name')} />
          <FieldGrid>
            <DecimalField label="Amount" places={amountDecimals(currency)} required {...text('amount')} />
            <ChoiceField label="Currency" options={CURRENCIES} {...value('currency')} />
            {foreign ? (
              <DecimalField
                label="Exchange Rate"
                places={RATE_DECIMALS}
                required
                hint={`Pounds for 1 ${currency}; reports are in GBP.`}
                {...text('exchangeRate')}
              />
            ) : null}
          </FieldGrid>
          <FieldGrid>
            <ChoiceField label="Payment Method" options={PAYMENT_METHODS} {...value('payment_method')} />
            <DayField label="Date" required {...value('date')} />
          </FieldGrid>
          {withBuyer ? (
            <FieldGrid>
              <ChoiceField
                label="Buyer"
                options={BUYER_KINDS}
                labels={BUYER_KIND_LABELS}
                hint="Who the invoice names; optional."
                {...value('buyerKind')}
                onChange={(kind) => {
                  set('buyerKind', kind);
                  controller.form.clearErrors(['client', 'buyerName']);
                }}
              />
              {buyerKind === 'client' ? (
                <ClientPicker key={round} label="Client" required {...value('client')} />
              ) : null}
              {buyerKind === 'walk_in' ? (
                <TextField
                  label="Buyer name"
                  required
                  maxLength={NAME_MAX}
                  autoComplete="off"
                  {...text('buyerName')}
                />
              ) : null}
            </FieldGrid>
          ) : null}
          <TextAreaField label="Notes" {...text('notes')} />
          <FormActions submitLabel={submitLabel} busy={saving} busyLabel="Saving..." />
        </form>
      </Card>
    </>
  );
}
