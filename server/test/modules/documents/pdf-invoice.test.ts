import type { Invoice } from '@loupe/contracts';
import { MARGIN_SCHEME_WORDING } from '@loupe/contracts';
import type { LoupeDb } from '../../../src/app';
import { apiTestbed } from '../../helper';
import { addLogo, invoiceFixture, parsePdf } from './pdf-support';

/**
 * GET /api/invoices/{id}/pdf/. The invoices are written straight into the tables (a sale row and its
 * invoice, as issuing does), so these tests are about printing, whatever issued them.
 */
const { state, as } = apiTestbed();

async function insertSale(
  db: LoupeDb,
  shopId: number,
  invoice: Invoice,
  reversalOf: number | null,
  reason = '',
) {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO sales (shop_id, name, amount, currency, exchange_rate, amount_gbp, payment_method, sale_date,
                        created_at, reversal_of, void_reason)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::date, now(), $9, $10) RETURNING id::text AS id`,
    [
      shopId,
      invoice.lines[0]?.description ?? 'Sale',
      String(invoice.total),
      invoice.currency,
      String(invoice.exchangeRate),
      String(invoice.totalGbp),
      invoice.paymentMethod,
      invoice.issueDate,
      reversalOf,
      reversalOf === null ? null : reason,
    ],
  );
  return Number(rows[0]?.id);
}

/** A sale and its invoice (or credit note) in `shopId`; → { invoiceId, saleId }. */
async function issue(
  invoice: Invoice,
  options: { shopId?: number; credits?: { invoiceId: number; saleId: number }; reason?: string } = {},
) {
  const db = state.db;
  const shopId = options.shopId ?? state.fx.shopId;
  const saleId = await insertSale(db, shopId, invoice, options.credits?.saleId ?? null, options.reason);
  const rows = await db.query<{ id: string }>(
    `INSERT INTO invoices (shop_id, kind, number, reference, sale_id, credits_invoice_id, issue_date, currency,
                           exchange_rate, total, total_gbp, vat_treatment, vat_amount, margin_gbp, margin_vat_gbp,
                           payment_method, paid_in_full, client_id, buyer, seller, lines, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::date, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, NULL,
             $18::jsonb, $19::jsonb, $20::jsonb, now())
     RETURNING id::text AS id`,
    [
      shopId,
      invoice.kind,
      invoice.number,
      invoice.reference,
      saleId,
      options.credits?.invoiceId ?? null,
      invoice.issueDate,
      invoice.currency,
      String(invoice.exchangeRate),
      String(invoice.total),
      String(invoice.totalGbp),
      invoice.vatTreatment,
      String(invoice.vatAmount),
      invoice.marginGbp === null ? null : String(invoice.marginGbp),
      invoice.marginVatGbp === null ? null : String(invoice.marginVatGbp),
      invoice.paymentMethod,
      invoice.paidInFull,
      JSON.stringify(invoice.buyer),
      JSON.stringify(invoice.seller),
      JSON.stringify(invoice.lines),
    ],
  );
  return { invoiceId: Number(rows[0]?.id), saleId };
}

const pdfUrl = (id: number, variant?: string) =>
  `/api/invoices/${id}/pdf/${variant ? `?variant=${variant}` : ''}`;

describe('GET /api/invoices/{id}/pdf/', () => {
  it('serves a margin scheme invoice inline as INV-….pdf, never cached, with its lines, total and wording', async () => {
    const { invoiceId } = await issue(invoiceFixture());
    const response = await (await as('silver')).get(pdfUrl(invoiceId));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('inline; filename="INV-000001.pdf"');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    const pdf = await parsePdf(response.rawPayload);
    expect(pdf.text).toContain('INVOICE');
    expect(pdf.text).toContain('INV-000001');
    expect(pdf.text).toContain('CRT-PAN-7731');
    expect(pdf.text).toContain('Cartier Panthère');
    expect(pdf.text).toContain('Lucía Domínguez');
    expect(pdf.text).toContain('Total £12,500.00');
    expect(pdf.text).toContain(MARGIN_SCHEME_WORDING);
    expect(pdf.text).not.toMatch(/VAT/);
    expect(pdf.text).not.toContain('4,500');
    expect(pdf.standardFont).toBe(false);
    expect(response.rawPayload.toString('latin1')).toContain('/FontFile2');
  });

  it('prints VAT and net on a standard-rated invoice, and the rate and GBP total in another currency', async () => {
    const standard = invoiceFixture({
      number: 2,
      reference: 'INV-000002',
      vatTreatment: 'standard',
      total: 600,
      totalGbp: 600,
      vatAmount: 100,
      netAmount: 500,
      marginGbp: null,
      marginVatGbp: null,
      lines: [{ ...invoiceFixture().lines[0]!, amount: 600, vatTreatment: 'standard' }],
    });
    const browser = await as('gold');
    const { invoiceId } = await issue(standard);
    const text = (await parsePdf((await browser.get(pdfUrl(invoiceId))).rawPayload)).text;
    expect(text).toContain('Net £500.00');
    expect(text).toContain('VAT 20% £100.00');
    expect(text).toContain('Total £600.00');

    const dollars = invoiceFixture({
      number: 3,
      reference: 'INV-000003',
      currency: 'USD',
      exchangeRate: 0.79,
      total: 10000,
      totalGbp: 7900,
      lines: [{ ...invoiceFixture().lines[0]!, amount: 10000 }],
    });
    const usd = await issue(dollars);
    const usdText = (await parsePdf((await browser.get(pdfUrl(usd.invoiceId))).rawPayload)).text;
    expect(usdText).toContain('$10,000.00');
    expect(usdText).toContain('Exchange rate: 1 USD = £0.79');
    expect(usdText).toContain('Total in GBP £7,900.00');
  });

  it('prints a receipt of a paid-in-full invoice, and refuses one (409) for an invoice not paid in full', async () => {
    const browser = await as('silver');
    const paid = await issue(invoiceFixture());
    const receipt = await browser.get(pdfUrl(paid.invoiceId, 'receipt'));
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-disposition']).toBe('inline; filename="INV-000001-receipt.pdf"');
    const text = (await parsePdf(receipt.rawPayload)).text;
    expect(text).toContain('RECEIPT');
    expect(text).toContain('Paid in full');
    expect(text).toContain('Bank Transfer');

    const unpaid = await issue(invoiceFixture({ number: 2, reference: 'INV-000002', paidInFull: false }));
    const refused = await browser.get(pdfUrl(unpaid.invoiceId, 'receipt'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: 'A receipt can only be printed for an invoice paid in full.' });
    expect((await browser.get(pdfUrl(unpaid.invoiceId, 'invoice'))).statusCode).toBe(200);
    expect((await browser.get(pdfUrl(unpaid.invoiceId, 'copy'))).statusCode).toBe(400);
  });

  it('prints a credit note with the invoice it cancels and the reason, whatever variant is asked', async () => {
    const original = await issue(invoiceFixture());
    const credit = invoiceFixture({
      kind: 'credit_note',
      reference: 'CN-000001',
      total: -12500,
      totalGbp: -12500,
      lines: [{ ...invoiceFixture().lines[0]!, amount: -12500 }],
    });
    const { invoiceId } = await issue(credit, { credits: original, reason: 'Strap damaged, sale voided' });
    const response = await (await as('silver')).get(pdfUrl(invoiceId, 'receipt'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('inline; filename="CN-000001.pdf"');
    const text = (await parsePdf(response.rawPayload)).text;
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain('CN-000001');
    expect(text).toContain('This credit note cancels invoice INV-000001.');
    expect(text).toContain('Reason: Strap damaged, sale voided');
    expect(text).toContain('-£12,500.00');
    expect(text).not.toContain('RECEIPT');
    expect(text).not.toContain('Goods remain our property');

    // The credited invoice's receipt (the list still offers it) names the credit note, not "Paid in full",
    // and the invoice footer prints on the invoice only.
    const receipt = await (await as('silver')).get(pdfUrl(original.invoiceId, 'receipt'));
    expect(receipt.statusCode).toBe(200);
    const receiptText = (await parsePdf(receipt.rawPayload)).text;
    expect(receiptText).toContain('RECEIPT');
    expect(receiptText).toContain('Credited by CN-000001');
    expect(receiptText).not.toContain('Paid in full');
    expect(receiptText).not.toContain('Goods remain our property');
    const invoice = await (await as('silver')).get(pdfUrl(original.invoiceId, 'invoice'));
    expect((await parsePdf(invoice.rawPayload)).text).toContain('Goods remain our property');
  });

  it('prints the shop logo on an invoice issued while the shop had one', async () => {
    await addLogo(state);
    const browser = await as('silver');
    const withLogo = await issue(invoiceFixture({ seller: { ...invoiceFixture().seller, hasLogo: true } }));
    const withoutLogo = await issue(invoiceFixture({ number: 2, reference: 'INV-000002' }));
    const image = /\/Subtype \/Image/;
    expect((await browser.get(pdfUrl(withLogo.invoiceId))).rawPayload.toString('latin1')).toMatch(image);
    expect((await browser.get(pdfUrl(withoutLogo.invoiceId))).rawPayload.toString('latin1')).not.toMatch(
      image,
    );
  });

  it("is a 404 for another shop's invoice and for none, and a 401 signed out", async () => {
    const theirs = await issue(invoiceFixture(), { shopId: state.fx.otherShopId });
    expect((await (await as('silver')).get(pdfUrl(theirs.invoiceId))).statusCode).toBe(404);
    expect((await (await as('platinum')).get(pdfUrl(theirs.invoiceId + 1000))).statusCode).toBe(404);
    expect((await (await as('rival')).get(pdfUrl(theirs.invoiceId))).statusCode).toBe(200);
    expect((await (await as('anonymous')).get(pdfUrl(theirs.invoiceId))).statusCode).toBe(401);
  });
});
