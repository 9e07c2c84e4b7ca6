import { WORKSHOP_TERMS_MAX_LENGTH, type ShopSettings } from '@loupe/contracts';
import {
  Card,
  ChoiceField,
  DecimalField,
  FieldGrid,
  FormActions,
  formatMoment,
  FormNotices,
  LoadStateView,
  PageHeader,
  SelectField,
  TextAreaField,
  TextField,
  useEntityForm,
  usePageTitle,
} from '@loupe/platform';
import { useMemo } from 'react';
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

/** The form over loaded settings, on the platform's edit/create controller; the saved values replace them. */
function SettingsForm({ settings }: { settings: ShopSettings }) {
  const update = useUpdateShopSettings();
  const controller = useEntityForm<SettingsValues, ShopSettings>({
    values: settingsValues(settings),
    check: validateSettings,
    serverFields: SERVER_FIELDS,
    failedText: 'The settings could not be saved. Please try again.',
    savedMessage: 'Shop settings saved.',
    save: (values) => update.mutateAsync(settingsBody(values)),
    // The service's own form of what was typed (a trimmed prefix, a rate without trailing zeros).
    onSaved: (saved) => controller.form.reset(settingsValues(saved)),
  });
  const zones = useMemo(() => timeZones(settings.timezone), [settings.timezone]);
  const { text: bind, value, busy } = controller;
  const text = (name: SettingsField) => bind(name);
  const values = controller.form.watch();

  return (
    <form ref={controller.formRef} onSubmit={controller.onSubmit} noValidate aria-label="Shop Settings">
      <FormNotices controller={controller} />
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
      <TextField
        label="HMRC AML registration number"
        maxLength={30}
        autoComplete="off"
        hint="Your registration with HMRC for money laundering supervision as a high value dealer, e.g. XLML00000123456. Printed on the annual compliance summary."
        {...text('hvdRegistrationNumber')}
      />
      <TextAreaField label="Invoice footer" maxLength={2000} {...text('invoiceFooter')} />
      <TextAreaField
        label="Approval terms"
        maxLength={2000}
        hint="Printed on approval (memo) notes above the signatures."
        {...text('approvalTerms')}
      />
      <TextAreaField
        label="Workshop terms"
        maxLength={WORKSHOP_TERMS_MAX_LENGTH}
        hint="Printed on workshop intake receipts above the signatures. Clear it to go back to the standard terms."
        {...text('workshopTerms')}
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
          hint="Invoices are dated on the shop’s own calendar day."
          {...text('timezone')}
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
          options={LABEL_PRICE_MODES}
          labels={LABEL_PRICE_LABELS}
          {...value('labelPrice')}
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
          options={LAYAWAY_CANCEL_POLICIES}
          labels={LAYAWAY_CANCEL_LABELS}
          hint="When a reservation is cancelled: pay the deposits back by their own methods, or keep them."
          {...value('layawayCancelPolicy')}
        />
      </FieldGrid>

      <Section>VAT returns</Section>
      <FieldGrid>
        <ChoiceField
          label="VAT quarters end in"
          options={VAT_STAGGER_OPTIONS}
          labels={VAT_STAGGER_OPTION_LABELS}
          hint="As on your VAT registration: the stock book and its VAT figures open on this quarter."
          {...value('vatStagger')}
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
          onChange={(event) => controller.set('silverSeesCosts', event.target.checked)}
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
