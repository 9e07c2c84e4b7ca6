import { readShopLetterhead } from '../../../src/modules/documents';
import { PdfRepository } from '../../../src/modules/documents/pdf/pdf-repository';
import { SummaryRepository } from '../../../src/modules/compliance/summary-repository';
import { EnquiriesRepository } from '../../../src/modules/enquiries/enquiries-repository';
import { MailRepository } from '../../../src/modules/mail/mail-repository';
import { PurchasesRepository } from '../../../src/modules/purchases/purchases-repository';
import { StorefrontRepository } from '../../../src/modules/storefront/storefront-repository';
import { sellerOf } from '../../../src/modules/workshop/document-routes';
import { WorkshopRepository } from '../../../src/modules/workshop/workshop-repository';
import { fileDatabase, resetTables, seedFixtures, type Fixtures } from '../../helper';

// The shop's letterhead is written once, as the documents module's shop_letterhead view (migration 047), and
// the e-mails' sender, the purchase invoice's head and the workshop's papers (readShopLetterhead), the public
// storefront, the enquiry form, the annual compliance summary and the approval note (which join the view) all
// take it from there: the same names and the same tidied e-mail address everywhere. Saving through Shop
// Settings trims already; a row written otherwise (before that, or by hand) can hold stray spaces, which is
// what these rows do.

const opened = fileDatabase();
let fx: Fixtures;

beforeEach(async () => {
  await resetTables(opened.db);
  fx = await seedFixtures(opened.db);
});

async function settings(shopId: number, legalName: string, tradingName: string, email: string) {
  await opened.db.query(
    `INSERT INTO shop_settings (shop_id, legal_name, trading_name, address, phone, email, vat_number,
                               company_number)
     VALUES ($1, $2, $3, '14 Hatton Garden\nLondon EC1N 8AA', '020 7946 0000', $4, 'GB999999973',
             '09999999')`,
    [shopId, legalName, tradingName, email],
  );
}

/** The shop's storefront at `slug`, open, with one stock item on it; the item's id. */
async function storefront(shopId: number, slug: string): Promise<number> {
  await opened.db.query(
    `INSERT INTO storefronts (shop_id, slug, enabled, created_at, updated_at) VALUES ($1, $2, true, now(), now())`,
    [shopId, slug],
  );
  const [item] = await opened.db.query<{ id: number }>(
    `INSERT INTO items (shop_id, serial, stock_type, brand, model, purchase_price, retail_price, status,
                        purchased_on, created_at, updated_at)
     VALUES ($1, $2, 'Watches', 'Rolex', 'Submariner', 6000, 9950, 'available', '2026-01-10', now(), now())
     RETURNING id`,
    [shopId, `LH-${slug}`],
  );
  return item!.id;
}

/** What each module that heads a paper, a page or an e-mail with the shop reads of it. */
async function readersOf(shopId: number) {
  const slug = `letterhead-${shopId}`;
  const itemId = await storefront(shopId, slug);
  const workshop = await new WorkshopRepository(opened.db).shop(shopId);
  return {
    mail: await new MailRepository(opened.db).shopSender(shopId),
    purchase: await new PurchasesRepository(opened.db).shopDetails(shopId),
    workshop,
    workshopPaper: sellerOf(workshop),
    storefront: await new StorefrontRepository(opened.db).shopBySlug(slug),
    enquiry: await new EnquiriesRepository(opened.db).publicTarget(slug, itemId),
    complianceSummary: await new SummaryRepository(opened.db).shop(shopId),
    // The shop's own papers: the approval note of a check-out.
    approvalNote: await new PdfRepository(opened.db).shop(shopId),
  };
}

describe("the shop's letterhead", () => {
  it('trims the e-mail and the names; a blank trading name prints the legal name, everywhere', async () => {
    await settings(fx.shopId, '  Hart & Sons Ltd ', '   ', '  hello@hart.example  ');
    expect(await readShopLetterhead(opened.db, fx.shopId)).toEqual({
      name: 'Hart & Sons Ltd',
      legalName: 'Hart & Sons Ltd',
      tradingName: '',
      shopName: 'Loupe Demo',
      address: '14 Hatton Garden\nLondon EC1N 8AA',
      phone: '020 7946 0000',
      email: 'hello@hart.example',
      vatNumber: 'GB999999973',
      companyNumber: '09999999',
    });
    const { mail, purchase, workshop, workshopPaper, storefront, enquiry } = await readersOf(fx.shopId);
    for (const head of [mail, purchase, workshopPaper]) {
      expect(head).toMatchObject({
        name: 'Hart & Sons Ltd',
        legalName: 'Hart & Sons Ltd',
        email: 'hello@hart.example',
        companyNumber: '09999999',
      });
    }
    // The workshop's own record keeps the shop's name (the approval page's title) and the names' parts.
    expect(workshop).toMatchObject({
      name: 'Loupe Demo',
      printedName: 'Hart & Sons Ltd',
      legalName: 'Hart & Sons Ltd',
      tradingName: '',
      email: 'hello@hart.example',
    });
    // The public storefront's head and the enquiry form's wording name the shop as its papers do.
    expect(storefront).toMatchObject({
      name: 'Hart & Sons Ltd',
      email: 'hello@hart.example',
      companyNumber: '09999999',
    });
    expect(enquiry).toMatchObject({ shopName: 'Hart & Sons Ltd' });
  });

  it('prints the legal name on the storefront too when the trading name is only spaces, never a blank', async () => {
    // The storefront's own SQL once took '   ' for a trading name (no trim): its page headed the shop with
    // spaces while every paper printed the legal name.
    await settings(fx.shopId, 'Hart & Sons Ltd', '   ', 'hello@hart.example');
    const { storefront, enquiry, workshopPaper, complianceSummary, approvalNote } = await readersOf(
      fx.shopId,
    );
    expect(storefront?.name).toBe('Hart & Sons Ltd');
    expect(approvalNote).toMatchObject({ printedName: 'Hart & Sons Ltd', legalName: 'Hart & Sons Ltd' });
    expect(complianceSummary).toMatchObject({ printedName: 'Hart & Sons Ltd', legalName: 'Hart & Sons Ltd' });
    expect(enquiry?.shopName).toBe('Hart & Sons Ltd');
    expect(workshopPaper.name).toBe('Hart & Sons Ltd');
  });

  it('prints the trading name large and the legal entity under it', async () => {
    await settings(fx.shopId, 'Hart & Sons Ltd', ' Hart Watches ', 'hello@hart.example');
    const { mail, purchase, workshop, workshopPaper, storefront, enquiry, complianceSummary, approvalNote } =
      await readersOf(fx.shopId);
    expect(approvalNote).toMatchObject({ printedName: 'Hart Watches', legalName: 'Hart & Sons Ltd' });
    for (const head of [mail, purchase, workshopPaper]) {
      expect(head).toMatchObject({ name: 'Hart Watches', legalName: 'Hart & Sons Ltd' });
    }
    // The MLR annual summary heads itself as the papers do.
    expect(complianceSummary).toMatchObject({ printedName: 'Hart Watches', legalName: 'Hart & Sons Ltd' });
    expect(workshop).toMatchObject({ name: 'Loupe Demo', tradingName: 'Hart Watches' });
    expect(storefront?.name).toBe('Hart Watches');
    expect(enquiry?.shopName).toBe('Hart Watches');
  });

  it("names a shop with no settings saved by the shop's own name, with no details", async () => {
    const blank = { address: '', phone: '', email: '', vatNumber: '', companyNumber: '' };
    expect(await readShopLetterhead(opened.db, fx.otherShopId)).toEqual({
      name: 'Rival Watches',
      legalName: 'Rival Watches',
      tradingName: '',
      shopName: 'Rival Watches',
      ...blank,
    });
    const { mail, purchase, workshopPaper, storefront, enquiry } = await readersOf(fx.otherShopId);
    for (const head of [mail, purchase, workshopPaper]) {
      expect(head).toMatchObject({ name: 'Rival Watches', legalName: 'Rival Watches', ...blank });
    }
    expect(storefront).toMatchObject({ name: 'Rival Watches', ...blank });
    expect(enquiry?.shopName).toBe('Rival Watches');
    // No such shop: all blank, as before the view.
    expect(await readShopLetterhead(opened.db, 999_999)).toEqual({
      name: '',
      legalName: '',
      tradingName: '',
      shopName: '',
      ...blank,
    });
  });
});
