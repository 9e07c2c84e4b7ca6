import { MARGIN_SCHEME_WORDING } from '@loupe/contracts';
import { renderInvoicePdf } from '../../../src/modules/documents/pdf/invoice-pdf';
import { formatMoney } from '../../../src/kernel/pdf';
import { invoiceFixture, keep, parsePdf } from './pdf-support';

/** Renderer tests on fixture invoices: what each kind and VAT treatment prints, read back from the PDF. */

/** The fixture shop's invoice footer, from Shop Settings. */
const FOOTER = 'Goods remain our property until paid in full.';

const pdfOf = (
  invoice = invoiceFixture(),
  variant: 'invoice' | 'receipt' = 'invoice',
  creditReason?: string,
) => renderInvoicePdf({ invoice, variant, logo: null, creditReason });

describe('the invoice PDF', () => {
  it('prints the number, date, seller, buyer, line and total of a margin scheme invoice, and no VAT figure', async () => {
    const bytes = await pdfOf();
    keep('invoice.pdf', bytes);
    const { text, info } = await parsePdf(bytes);
    expect(text).toContain('INVOICE');
    expect(text).toContain('INV-000001');
    expect(text).toContain('23 Nov 2026');
    expect(text).toContain('Loupe Demo Ltd');
    expect(text).toContain('Company no. 12345678');
    expect(text).toContain('Lucía Domínguez');
    expect(text).toContain('Cartier Panthère');
    expect(text).toContain('CRT-PAN-7731');
    expect(text).toContain('Total £12,500.00');
    expect(text).toContain(MARGIN_SCHEME_WORDING);
    expect(text).toContain('Margin scheme – second-hand goods');
    // Neither the VAT nor the margin is printed: not the word VAT, not the margin (£4,500) nor its VAT (£750).
    expect(text).not.toMatch(/VAT/);
    expect(text).not.toContain('4,500');
    expect(text).not.toContain('750.00');
    expect(text).toContain(FOOTER);
    expect(info.Producer).toBe('Loupe');
  });

  it('embeds its fonts (no standard font), so accents come back exactly', async () => {
    const bytes = await pdfOf();
    const parsed = await parsePdf(bytes);
    expect(parsed.standardFont).toBe(false);
    expect(parsed.fonts.length).toBeGreaterThan(0);
    for (const name of parsed.fonts) expect(name).toMatch(/^[A-Z]{6}\+DejaVuSans/);
    expect(bytes.toString('latin1')).toContain('/FontFile2');
    expect(bytes.toString('latin1')).not.toContain('/Helvetica');
    expect(parsed.text).toContain('Panthère');
    expect(parsed.text).toContain('Domínguez');
  });

  it('renders the same bytes twice (deterministic metadata)', async () => {
    expect((await pdfOf()).equals(await pdfOf())).toBe(true);
  });

  it('shows net, VAT 20% and total on a standard-rated invoice', async () => {
    const invoice = invoiceFixture({
      vatTreatment: 'standard',
      total: 1200,
      totalGbp: 1200,
      vatAmount: 200,
      netAmount: 1000,
      marginGbp: null,
      marginVatGbp: null,
      seller: { ...invoiceFixture().seller, vatNumber: 'GB123456789' },
      lines: [{ ...invoiceFixture().lines[0]!, amount: 1200, vatTreatment: 'standard' }],
    });
    const { text } = await parsePdf(await pdfOf(invoice));
    expect(text).toContain('VAT no. GB123456789');
    expect(text).toContain('Net £1,000.00');
    expect(text).toContain('VAT 20% £200.00');
    expect(text).toContain('Total £1,200.00');
    expect(text).not.toContain(MARGIN_SCHEME_WORDING);
  });

  it('shows the total only when the shop is not VAT-registered', async () => {
    const invoice = invoiceFixture({ vatTreatment: 'none', marginGbp: null, marginVatGbp: null });
    const { text } = await parsePdf(await pdfOf(invoice));
    expect(text).toContain('Total £12,500.00');
    expect(text).not.toMatch(/VAT|Net/);
    expect(text).not.toContain(MARGIN_SCHEME_WORDING);
  });

  it('prints a non-GBP sale in its currency with the rate and the GBP total', async () => {
    const invoice = invoiceFixture({
      currency: 'USD',
      exchangeRate: 0.79123456,
      total: 15000,
      totalGbp: 11868.52,
      lines: [{ ...invoiceFixture().lines[0]!, amount: 15000 }],
    });
    const bytes = await pdfOf(invoice);
    keep('invoice-usd.pdf', bytes);
    const { text } = await parsePdf(bytes);
    expect(text).toContain('$15,000.00');
    expect(text).toContain('Exchange rate: 1 USD = £0.79123456');
    expect(text).toContain('Total in GBP £11,868.52');
    expect(text).toContain(MARGIN_SCHEME_WORDING);
  });

  it('prints a receipt: RECEIPT, paid in full and the payment method', async () => {
    const { text } = await parsePdf(await pdfOf(invoiceFixture(), 'receipt'));
    expect(text).toContain('RECEIPT');
    expect(text).not.toContain('INVOICE');
    expect(text).toContain('Paid in full');
    expect(text).toContain('Paid by Bank Transfer');
    expect(text).toContain('INV-000001');
    // The shop's invoice footer is a term of the sale: on the invoice only.
    expect(text).not.toContain(FOOTER);
  });

  it("never says 'Paid in full' on the receipt of a credited invoice: it names the credit note", async () => {
    const invoice = invoiceFixture({
      status: 'credited',
      creditNote: { id: 2, reference: 'CN-000001', reason: 'Sold in error' },
    });
    const bytes = await pdfOf(invoice, 'receipt');
    keep('receipt-credited.pdf', bytes);
    const { text } = await parsePdf(bytes);
    expect(text).toContain('RECEIPT');
    expect(text).not.toContain('Paid in full');
    expect(text).not.toMatch(/paid in full/i);
    expect(text).not.toContain('Thank you');
    expect(text).toContain('Credited by CN-000001');
    expect(text).toContain('This invoice is cancelled by that credit note: nothing is due on it.');
    expect(text).toContain('Paid by Bank Transfer on 23 Nov 2026.');
    expect(text).not.toContain(FOOTER);
    // The invoice itself still prints its footer, credited or not.
    expect((await parsePdf(await pdfOf(invoice))).text).toContain(FOOTER);
  });

  it('prints a credit note with the invoice it credits and the reason, whatever the variant', async () => {
    const invoice = invoiceFixture({
      id: 2,
      kind: 'credit_note',
      reference: 'CN-000001',
      total: -12500,
      totalGbp: -12500,
      netAmount: -12500,
      creditsInvoice: { id: 1, reference: 'INV-000001' },
      lines: [{ ...invoiceFixture().lines[0]!, amount: -12500 }],
    });
    const bytes = await pdfOf(invoice, 'receipt', 'Sold in error');
    keep('credit-note.pdf', bytes);
    const { text } = await parsePdf(bytes);
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain('CN-000001');
    expect(text).toContain('This credit note cancels invoice INV-000001.');
    expect(text).toContain('Reason: Sold in error');
    expect(text).toContain('-£12,500.00');
    expect(text).not.toContain('RECEIPT');
    expect(text).not.toContain('Paid in full');
    expect(text).not.toContain(FOOTER);
    expect((await parsePdf(await pdfOf(invoice, 'invoice'))).text).not.toContain(FOOTER);
  });
});

describe('formatMoney', () => {
  it('writes money as the app does', () => {
    expect(formatMoney(1234.56)).toBe('£1,234.56');
    expect(formatMoney('1234567.5')).toBe('£1,234,567.50');
    expect(formatMoney(-20)).toBe('-£20.00');
    expect(formatMoney('-0.001')).toBe('£0.00');
    expect(formatMoney(0.125, 'BTC')).toBe('₿0.125');
    expect(formatMoney('999.995')).toBe('£1,000.00');
    expect(formatMoney(3, 'USD')).toBe('$3.00');
  });
});
