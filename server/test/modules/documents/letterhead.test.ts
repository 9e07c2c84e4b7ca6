import { readShopLetterhead } from '../../../src/modules/documents';
import { MailRepository } from '../../../src/modules/mail/mail-repository';
import { PurchasesRepository } from '../../../src/modules/purchases/purchases-repository';
import { sellerOf } from '../../../src/modules/workshop/document-routes';
import { WorkshopRepository } from '../../../src/modules/workshop/workshop-repository';
import { fileDatabase, resetTables, seedFixtures, type Fixtures } from '../../helper';

// The shop's letterhead is read once, by the documents module (src/modules/documents/letterhead.ts), and the
// e-mails' sender, the purchase invoice's head and the workshop's papers all take it from there: the same
// names and the same tidied e-mail address everywhere. Saving through Shop Settings trims already; a row
// written otherwise (before that, or by hand) can hold stray spaces, which is what these rows do.

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

/** What each module that heads a paper or an e-mail with the shop reads of it. */
async function readersOf(shopId: number) {
  const workshop = await new WorkshopRepository(opened.db).shop(shopId);
  return {
    mail: await new MailRepository(opened.db).shopSender(shopId),
    purchase: await new PurchasesRepository(opened.db).shopDetails(shopId),
    workshop,
    workshopPaper: sellerOf(workshop),
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
    const { mail, purchase, workshop, workshopPaper } = await readersOf(fx.shopId);
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
      legalName: 'Hart & Sons Ltd',
      tradingName: '',
      email: 'hello@hart.example',
    });
  });

  it('prints the trading name large and the legal entity under it', async () => {
    await settings(fx.shopId, 'Hart & Sons Ltd', ' Hart Watches ', 'hello@hart.example');
    const { mail, purchase, workshop, workshopPaper } = await readersOf(fx.shopId);
    for (const head of [mail, purchase, workshopPaper]) {
      expect(head).toMatchObject({ name: 'Hart Watches', legalName: 'Hart & Sons Ltd' });
    }
    expect(workshop).toMatchObject({ name: 'Loupe Demo', tradingName: 'Hart Watches' });
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
    const { mail, purchase, workshopPaper } = await readersOf(fx.otherShopId);
    for (const head of [mail, purchase, workshopPaper]) {
      expect(head).toMatchObject({ name: 'Rival Watches', legalName: 'Rival Watches', ...blank });
    }
  });
});
