import { MARGIN_SCHEME_WORDING, type Invoice, type InvoiceVariant } from '@loupe/contracts';
import {
  createPdf,
  dateOfDay,
  FONT,
  formatDateLong,
  formatMoney,
  formatRate,
  pdfBytes,
} from '../../../kernel/pdf';
import {
  contentWidth,
  drawFacts,
  drawFooter,
  drawHead,
  drawHeading,
  INK,
  linesOf,
  MUTED,
  rule,
} from '../../../kernel/pdf/layout';

export interface InvoicePdfInput {
  invoice: Invoice;
  /** 'receipt' for a paid-in-full invoice (the route checks); a credit note always prints as one. */
  variant: InvoiceVariant;
  /** The shop's current logo (the invoice records only that it had one). */
  logo: Buffer | null;
  /** A credit note's reason: the one recorded on the invoice it cancels. */
  creditReason?: string;
}

/** The file name a PDF is served under: "INV-000001.pdf", "INV-000001-receipt.pdf", "CN-000001.pdf". */
export function invoiceFileName(invoice: Invoice, variant: InvoiceVariant): string {
  const receipt = invoice.kind === 'invoice' && variant === 'receipt';
  return `${invoice.reference}${receipt ? '-receipt' : ''}.pdf`;
}

function titleOf(invoice: Invoice, variant: InvoiceVariant): string {
  if (invoice.kind === 'credit_note') return 'CREDIT NOTE';
  return variant === 'receipt' ? 'RECEIPT' : 'INVOICE';
}

/**
 * An invoice, its receipt, or a credit note, from the invoice's snapshot: what was printed on the day it
 * was issued is what prints again. The margin and the VAT within it are the dealer's own figures for the
 * VAT return and never appear: a margin scheme invoice shows the price, the scheme's wording and no VAT.
 */
export async function renderInvoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  const { invoice, variant, logo } = input;
  const creditNote = invoice.kind === 'credit_note';
  const title = titleOf(invoice, variant);
  const doc = createPdf({ title: `${title} ${invoice.reference}`, date: dateOfDay(invoice.issueDate) });
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  const money = (amount: number) => formatMoney(amount, invoice.currency);
  const seller = invoice.seller;

  drawHead(
    doc,
    {
      name: seller.tradingName || seller.legalName,
      legalName: seller.legalName,
      address: seller.address,
      phone: seller.phone,
      email: seller.email,
      vatNumber: seller.vatNumber,
      companyNumber: seller.companyNumber,
    },
    title,
    logo,
  );

  // Buyer on the left, the document's facts on the right, side by side.
  const top = doc.y;
  const half = width / 2 - 10;
  drawHeading(doc, creditNote ? 'Credit to' : 'Bill to', left, half);
  doc
    .font(FONT.bold)
    .fontSize(10)
    .fillColor(INK)
    .text(invoice.buyer.name || 'Walk-in customer', left, doc.y, {
      width: half,
    });
  doc.font(FONT.regular).fontSize(9).fillColor(MUTED);
  for (const line of linesOf(invoice.buyer.address)) doc.text(line, { width: half });
  if (invoice.buyer.email) doc.text(invoice.buyer.email, { width: half });
  if (invoice.buyer.phone) doc.text(invoice.buyer.phone, { width: half });
  const buyerBottom = doc.y;

  const facts: Array<[string, string]> = [
    [
      creditNote ? 'Credit note no.' : variant === 'receipt' ? 'Receipt for' : 'Invoice no.',
      invoice.reference,
    ],
    [creditNote ? 'Date' : 'Issue date', formatDateLong(invoice.issueDate)],
  ];
  if (creditNote && invoice.creditsInvoice) facts.push(['Credits invoice', invoice.creditsInvoice.reference]);
  if (invoice.currency !== 'GBP') facts.push(['Currency', invoice.currency]);
  // A deal's payments may be several (split tender): each method once, in the order they were taken.
  const methods = [...new Set(invoice.payments.map((p) => p.method))];
  facts.push([
    methods.length > 1 ? 'Payment methods' : 'Payment method',
    methods.length > 0 ? methods.join(', ') : invoice.paymentMethod,
  ]);
  const factsBottom = drawFacts(doc, facts, left + width / 2 + 10, top, half);
  doc.x = left;
  doc.y = Math.max(buyerBottom, factsBottom) + 18;

  if (creditNote) {
    doc.font(FONT.regular).fontSize(9).fillColor(INK);
    const reference = invoice.creditsInvoice?.reference ?? '';
    doc.text(`This credit note cancels invoice ${reference}.`, left, doc.y, { width });
    if (input.creditReason) doc.text(`Reason: ${input.creditReason}`, { width });
    doc.moveDown(0.8);
  }

  drawLines(doc, invoice, money);
  drawTotals(doc, invoice, money);

  if (variant === 'receipt' && !creditNote) {
    doc.moveDown(1.2);
    // A credited invoice was cancelled by its credit note: its receipt records the payments taken, and never
    // says "Paid in full" of a sale that no longer stands.
    const credited = invoice.status === 'credited';
    const heading = credited
      ? `Credited by ${invoice.creditNote?.reference || 'a credit note'}`
      : 'Paid in full';
    doc.font(FONT.bold).fontSize(12).fillColor(INK).text(heading, left, doc.y, { width });
    doc.font(FONT.regular).fontSize(9);
    if (credited) {
      doc.text('This invoice is cancelled by that credit note: nothing is due on it.', { width });
    }
    const thanks = credited ? '' : ' Thank you.';
    if (invoice.payments.length === 0) {
      doc.text(`Paid by ${invoice.paymentMethod} on ${formatDateLong(invoice.issueDate)}.${thanks}`, {
        width,
      });
    } else {
      // A deal's payments, each by its own method and currency (split tender, deposits, instalments).
      for (const p of invoice.payments) {
        const what = p.direction === 'out' ? `Paid to you by ${p.method}` : `Paid by ${p.method}`;
        const gbp = p.currency === 'GBP' ? '' : ` (${formatMoney(p.amountGbp, 'GBP')})`;
        doc.text(`${what} on ${formatDateLong(p.date)}: ${formatMoney(p.amount, p.currency)}${gbp}`, {
          width,
        });
      }
      if (!credited) doc.text('Thank you.', { width });
    }
  }

  // The shop's invoice footer (Settings: e.g. "Goods remain our property until paid in full") is a term of the
  // sale: it prints on the invoice only, never on its receipt nor on a credit note.
  if (!creditNote && variant === 'invoice') drawFooter(doc, seller.footer);
  return pdfBytes(doc);
}

/** The lines' table: description, brand / model, serial, amount. */
function drawLines(doc: PDFKit.PDFDocument, invoice: Invoice, money: (n: number) => string): void {
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  const columns = [
    { title: 'Description', width: width * 0.36, align: 'left' as const },
    { title: 'Brand / model', width: width * 0.24, align: 'left' as const },
    { title: 'Serial', width: width * 0.2, align: 'left' as const },
    { title: 'Amount', width: width * 0.2, align: 'right' as const },
  ];
  const row = (cells: string[], font: string, color: string) => {
    doc.font(font).fontSize(9).fillColor(color);
    const height = Math.max(
      ...cells.map((cell, i) => doc.heightOfString(cell || ' ', { width: (columns[i]?.width ?? 0) - 6 })),
    );
    if (doc.y + height > doc.page.height - doc.page.margins.bottom - 80) doc.addPage();
    const y = doc.y;
    let x = left;
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      doc.text(cell, x, y, { width: column.width - 6, align: column.align });
      x += column.width;
    });
    doc.x = left;
    doc.y = y + height + 5;
  };
  row(
    columns.map((c) => c.title),
    FONT.bold,
    MUTED,
  );
  rule(doc, left, doc.y - 2, width, INK);
  doc.y += 3;
  // A deal's invoice (issue 20) says on each line how VAT applies, since margin-scheme and standard-rated lines
  // can stand on one invoice (VAT Notice 718): the scheme's wording, or the VAT within the price.
  const perLine = invoice.dealId !== null && invoice.vatTreatment !== 'none';
  for (const line of invoice.lines) {
    const brandModel = [line.brand, line.model].filter(Boolean).join(' ');
    let description = line.description;
    if (line.kind === 'part_exchange') description = `Part-exchange allowance: ${line.description}`;
    else if (perLine && line.vatTreatment === 'margin') description += `\n${MARGIN_SCHEME_WORDING}`;
    else if (perLine && line.vatTreatment === 'standard') {
      description += `\nVAT 20% included: ${money(line.vatAmount ?? 0)}`;
    } else if (perLine && line.kind === 'other') description += '\nZero-rated';
    row([description, brandModel, line.serial, money(line.amount)], FONT.regular, INK);
  }
  rule(doc, left, doc.y, width);
  doc.y += 6;
}

/** The totals by the invoice's VAT treatment, and the GBP equivalent of another currency. */
function drawTotals(doc: PDFKit.PDFDocument, invoice: Invoice, money: (n: number) => string): void {
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  const x = left + width * 0.5;
  const w = width * 0.5;
  const totals: Array<[string, string, boolean]> = [];
  const vatGbp = invoice.vatAmountGbp;
  if (invoice.vatTreatment === 'standard' || (invoice.vatTreatment === 'mixed' && invoice.vatAmount !== 0)) {
    // Net is the standard-rated goods' only on a single-treatment invoice; a mixed one shows its VAT alone.
    if (invoice.vatTreatment === 'standard') totals.push(['Net', money(invoice.netAmount), false]);
    totals.push(['VAT 20%', money(invoice.vatAmount), false]);
    // On an invoice in another currency the total VAT must also be shown in sterling (VAT Regulations 1995,
    // reg. 14(1); HMRC VAT Traders' Records Manual VATREC5060).
    if (invoice.currency !== 'GBP' && vatGbp !== null)
      totals.push(['VAT in GBP', formatMoney(vatGbp, 'GBP'), false]);
  }
  totals.push([invoice.kind === 'credit_note' ? 'Total credited' : 'Total', money(invoice.total), true]);
  if (invoice.currency !== 'GBP') totals.push(['Total in GBP', formatMoney(invoice.totalGbp, 'GBP'), true]);
  if (invoice.partExchange !== 0) {
    // A part-exchange is a payment in kind: the goods' total stands (each line's margin is on its full price).
    totals.push(['Less part-exchange', money(-invoice.partExchange), false]);
    const balance = Math.round((invoice.total - invoice.partExchange) * 1e8) / 1e8;
    if (balance < 0 && invoice.kind === 'invoice') totals.push(['Due to you', money(-balance), true]);
    else totals.push(['Balance', money(balance), true]);
  }
  for (const [label, value, strong] of totals) {
    const y = doc.y;
    doc
      .font(strong ? FONT.bold : FONT.regular)
      .fontSize(strong ? 11 : 9.5)
      .fillColor(INK);
    doc.text(label, x, y, { width: w * 0.5 });
    doc.text(value, x + w * 0.5, y, { width: w * 0.5 - 6, align: 'right' });
    doc.y += 3;
  }
  doc.x = left;
  doc.moveDown(0.6);
  doc.font(FONT.regular).fontSize(9).fillColor(INK);
  if (invoice.currency !== 'GBP') {
    doc.text(`Exchange rate: 1 ${invoice.currency} = £${formatRate(invoice.exchangeRate)}`, left, doc.y, {
      width,
    });
  }
  if (invoice.vatTreatment === 'margin' && invoice.dealId === null) {
    // The wording VAT Notice 718 requires, exactly; no VAT figure anywhere on the document.
    doc.font(FONT.bold).text(MARGIN_SCHEME_WORDING, left, doc.y, { width });
  }
}
