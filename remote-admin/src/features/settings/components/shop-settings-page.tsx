import type { ShopSettings } from '@loupe/contracts';
import {
  Alert,
  Card,
  ChoiceField,
  DecimalField,
  FieldGrid,
  FormActions,
  formatMoment,
  LoadStateView,
  PageHeader,
  SelectField,
  TextAreaField,
  TextField,
  useFormSubmit,
  usePageTitle,
} from '@loupe/platform';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useShopSettings, useUpdateShopSettings } from '../api/shop-settings';
import {
  LABEL_PRICE_LABELS,
  LABEL_PRICE_MODES,
  LAYAWAY_CANCEL_LABELS,
  LAYAWAY_CANCEL_POLICIES,
  SETTINGS_FIELDS,
  settingsBody,
  settingsValues,
  timeZones,
  validateSettings,
  VAT_STAGGER_OPTION_LABELS,
  VAT_STAGGER_OPTIONS,
  type SettingsField,
  type SettingsValues,
} from '../lib/settings-values';
import { ShopLogo } from './shop-logo';

const Section = styled.h2`
  margin: ${({ theme }) => `${theme.space(2)} 0 ${theme.space(3)}`};
  font-size: 1.2rem;
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.9rem;
`;

const Toggle = styled.label`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  align-items: center;
`;

const SERVER_FIELDS: Record<string, SettingsField> = Object.fromEntries(SETTINGS_FIELDS.map((f) => [f, f]));

/** The form over loaded settings; remounted with the saved ones after each save. */
function SettingsForm({ settings }: { settings: ShopSettings }) {
  const [values, setValues] = useState<SettingsValues>(() => settingsValues(settings));
  const [saved, setSaved] = useState(false);
  const update = useUpdateShopSettings();
  const submitter = useFormSubmit<SettingsField>('The settings could not be saved. Please try again.', {
    fields: SERVER_FIELDS,
  });
  const { errors, setErrors, formError, busy } = submitter;
  const formRef = useRef<HTMLFormElement>(null);
  const zones = useMemo(() => timeZones(settings.timezone), [settings.timezone]);

  const set = (name: SettingsField) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
    setSaved(false);
  };
  const text = (name: SettingsField) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => set(name)(event.target.value),
  });

  const focusFirst = (names: readonly SettingsField[]) => {
    const first = names[0];
    const control = first ? formRef.current?.elements.namedItem(first) : null;
    if (control instanceof HTMLElement) control.focus();
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    const invalid = validateSettings(values);
    setErrors(invalid);
    const bad = SETTINGS_FIELDS.filter((name) => invalid[name]);
    if (bad.length > 0) {
      focusFirst(bad);
      return;
    }
    const outcome = await submitter.run(() => update.mutateAsync(settingsBody(values)));
    if (!outcome) return;
    if (outcome.ok) {
      setValues(settingsValues(outcome.value));
      setSaved(true);
    } else {
      focusFirst(SETTINGS_FIELDS.filter((name) => outcome.errors.fields[name]));
    }
  }

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate aria-label="Shop Settings">
      {saved ? <Alert tone="success">Shop settings saved.</Alert> : null}
      {formError ? <Alert>{formError}</Alert> : null}
      <Section>On invoices</Section>
      <FieldGrid>
        <TextField
          label="Legal name"
          maxLength={200}
          hint={`Blank prints “${settings.shopName}”.`}
          {...text('legalName')}
        />
        <TextField label="Trading name" maxLength={200} {...text('tradingName')} />
      </FieldGrid>
      <TextAreaField label="Address" maxLength={1000} rows={4} {...text('address')} />
      <FieldGrid>
        <TextField label="Phone" type="tel" maxLength={40} autoComplete="off" {...text('phone')} />
        <TextField label="Email" type="email" maxLength={254} autoComplete="off" {...text('email')} />
      </FieldGrid>
      <FieldGrid>
        <TextField
          label="VAT registration number"
          maxLength={20}
          hint="Optional. GB and 9 or 12 digits; with it, goods outside the margin scheme show VAT at 20%."
          {...text('vatNumber')}
        />
        <TextField
          label="Company number"
          maxLength={20}
          hint="Optional. 8 characters, e.g. 01234567 or SC123456."
          {...text('companyNumber')}
        />
      </FieldGrid>
      <TextAreaField label="Invoice footer" maxLength={2000} {...text('invoiceFooter')} />
      <TextAreaField
        label="Approval terms"
        maxLength={2000}
        hint="Printed on approval (memo) notes above the signatures."
        {...text('approvalTerms')}
      />
      <FieldGrid>
        <TextField
          label="Invoice number prefix"
          required
          maxLength={12}
          hint="e.g. INV- prints INV-000042."
          {...text('invoicePrefix')}
        />
        <TextField
          label="Credit note prefix"
          required
          maxLength={12}
          hint="e.g. CN-"
          {...text('creditNotePrefix')}
        />
      </FieldGrid>

      <Section>Dates and compliance</Section>
      <FieldGrid>
        <SelectField
          label="Time zone"
          name="timezone"
          value={values.timezone}
          error={errors.timezone}
          hint="Invoices are dated on the shop’s own calendar day."
          onChange={(event) => set('timezone')(event.target.value)}
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </SelectField>
        <DecimalField
          label="EUR/GBP rate for the cash guard"
          places={6}
          required
          hint="Pounds for 1 euro: cash of €10,000 or more needs customer due diligence."
          {...text('amlEurGbpRate')}
        />
      </FieldGrid>

      <Section>Labels</Section>
      <FieldGrid>
        <ChoiceField
          label="Label price"
          name="labelPrice"
          value={values.labelPrice}
          options={LABEL_PRICE_MODES}
          labels={LABEL_PRICE_LABELS}
          error={errors.labelPrice}
          onChange={(mode) => set('labelPrice')(mode)}
        />
        <TextField
          label="Price code letters"
          maxLength={10}
          autoComplete="off"
          required={values.labelPrice === 'code'}
          hint="Ten different letters standing for 1, 2, … 9, 0 (needed for Price code)."
          {...text('priceCodeKey')}
        />
      </FieldGrid>

      <Section>Deals</Section>
      <FieldGrid>
        <ChoiceField
          label="Cancelled layaway"
          name="layawayCancelPolicy"
          value={values.layawayCancelPolicy}
          options={LAYAWAY_CANCEL_POLICIES}
          labels={LAYAWAY_CANCEL_LABELS}
          error={errors.layawayCancelPolicy}
          hint="When a reservation is cancelled: pay the deposits back by their own methods, or keep them."
          onChange={(policy) => set('layawayCancelPolicy')(policy)}
        />
      </FieldGrid>

      <Section>VAT returns</Section>
      <FieldGrid>
        <ChoiceField
          label="VAT quarters end in"
          name="vatStagger"
          value={values.vatStagger}
          options={VAT_STAGGER_OPTIONS}
          labels={VAT_STAGGER_OPTION_LABELS}
          error={errors.vatStagger}
          hint="As on your VAT registration: the stock book and its VAT figures open on this quarter."
          onChange={(stagger) => set('vatStagger')(stagger)}
        />
      </FieldGrid>

      <Section>Buying in</Section>
      <FieldGrid>
        <TextField
          label="Seller identity from (£)"
          inputMode="decimal"
          required
          hint="A purchase of this total or more needs the seller's identity document on file (0: always)."
          {...text('purchaseIdentityThresholdGbp')}
        />
        <TextField
          label="Stolen-goods register check from (£)"
          inputMode="decimal"
          required
          hint="A watch bought at this price or more needs a register check, e.g. The Watch Register (0: always)."
          {...text('purchaseRegisterCheckThresholdGbp')}
        />
      </FieldGrid>

      <Section>Staff</Section>
      <Toggle>
        <input
          type="checkbox"
          name="silverSeesCosts"
          checked={values.silverSeesCosts}
          onChange={(event) => {
            const on = event.target.checked;
            setValues((current) => ({ ...current, silverSeesCosts: on }));
            setSaved(false);
          }}
        />
        Silver sees costs and profit
      </Toggle>
      <Muted>Off: silver members see no purchase prices, stock value at cost, profit or margins.</Muted>
      <FormActions submitLabel="Save Settings" busy={busy} busyLabel="Saving..." />
      {settings.updatedAt ? (
        <Muted>
          Last changed {formatMoment(settings.updatedAt)}
          {settings.updatedBy ? ` by ${settings.updatedBy}` : ''}.
        </Muted>
      ) : null}
    </form>
  );
}

/**
 * /settings/shop (issue 13, platinum only): the shop's own details its invoices, receipts, credit notes and
 * approval notes print, the time zone they are dated in, the AML guard's EUR/GBP rate, how labels show the
 * price, and the logo. Every change is audited by the service.
 */
export function ShopSettingsPage() {
  usePageTitle('Shop Settings');
  const settings = useShopSettings();
  return (
    <>
      <PageHeader title="Shop Settings" />
      <LoadStateView
        state={settings}
        onRetry={() => void settings.refetch()}
        loadingLabel="Loading the shop settings..."
        errorText="Failed to load the shop settings."
      >
        {(data) => (
          <>
            <Card>
              <SettingsForm settings={data} />
            </Card>
            <Card>
              <ShopLogo settings={data} />
            </Card>
          </>
        )}
      </LoadStateView>
    </>
  );
}
