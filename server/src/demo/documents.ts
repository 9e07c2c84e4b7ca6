import type { DemoContext } from './demo-context';
import { seedingRepos } from './demo-context';

/**
 * The demo shop's own details (issue 13), saved first so that every demo invoice prints them. The VAT number is
 * HMRC's published test number, the company number a made-up one: nothing here is a real business. Saved through
 * the settings' repository over the defaults a new shop has (numbering, AML rate, layaway policy).
 */
export async function seedShopSettingsDemo({ tx, shopId, users, now }: DemoContext): Promise<void> {
  const { settings } = seedingRepos(tx, now);
  const current = await settings.find(shopId);
  if (!current) return;
  await settings.save(
    shopId,
    {
      legalName: 'Loupe Demo Ltd',
      tradingName: 'Loupe Fine Watches',
      address: '14 Burlington Arcade\nLondon W1J 0QJ\nUnited Kingdom',
      phone: '+44 20 7946 0123',
      email: 'accounts@demo.loupe.example',
      vatNumber: 'GB999999973',
      companyNumber: '09999999',
      invoiceFooter:
        'Thank you for your custom. Goods remain the property of Loupe Demo Ltd until paid in full.',
      approvalTerms:
        'The item is lent on approval and remains the property of Loupe Demo Ltd until paid for in full. The ' +
        'client keeps it safe and insured, does not wear it beyond trying it on, and returns it in the same ' +
        'condition by the due date, or pays the agreed price.',
      // Issue 23: the default workshop terms (contracts' DEFAULT_WORKSHOP_TERMS).
      workshopTerms: null,
      invoicePrefix: current.invoicePrefix,
      creditNotePrefix: current.creditNotePrefix,
      timezone: current.timezone,
      amlEurGbpRate: String(current.amlEurGbpRate),
      labelPrice: 'retail',
      priceCodeKey: 'BLACKHORSE',
      layawayCancelPolicy: current.layawayCancelPolicy,
      silverSeesCosts: current.silverSeesCosts,
      // Issue 22: the defaults (£1,000 for both due-diligence rules of a buy-in).
      purchaseIdentityThresholdGbp: current.purchaseIdentityThresholdGbp.toFixed(2),
      purchaseRegisterCheckThresholdGbp: current.purchaseRegisterCheckThresholdGbp.toFixed(2),
      vatStagger: current.vatStagger,
      // Issue 25: a made-up number in HMRC's form (two letters, ML, eleven digits), as on the compliance summary.
      hvdRegistrationNumber: 'XLML00000123456',
    },
    users.platinum,
    now,
  );
}
