import { createPdf, dayInZone, FONT, formatDateLong, formatMoney, pdfBytes } from '../../../kernel/pdf';
import { contentWidth, drawFacts, drawHead, drawHeading, INK, MUTED, rule } from '../../../kernel/pdf';
import { postalAddressLines } from '@loupe/contracts';
import type { ApprovalNoteData, PdfShop } from './pdf-repository';

/** Printed when the shop has written no approval terms of its own (Settings → Approval terms). */
export const DEFAULT_APPROVAL_TERMS = (shop: string) =>
  `The item described above is lent to the client on approval and remains the property of ${shop} until it ` +
  'has been paid for in full. While it is in the client\u2019s care the client is responsible for its safe ' +
  'keeping and for any loss of or damage to it, and may not sell, pledge, lend or alter it. The client will ' +
  'return it in the same condition by the due date, or pay the agreed price by then.';

export const approvalNoteFileName = (id: number) => `approval-${id}.pdf`;

/**
 * The approval (memo) note of a check-out: the shop, the client, the item, the agreed price, the dates, the
 * terms and two signature lines, on one A4 page for the client to sign and keep a copy of.
 */
export async function renderApprovalNotePdf(
  note: ApprovalNoteData,
  shop: PdfShop,
  logo: Buffer | null,
): Promise<Buffer> {
  const shopName = shop.printedName;
  const checkedOutOn = dayInZone(note.checkedOutAt, shop.timezone);
  const doc = createPdf({ title: `Approval note ${note.id} — ${note.item.serial}`, date: note.checkedOutAt });
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  const half = width / 2 - 10;

  drawHead(
    doc,
    {
      name: shopName,
      legalName: shop.legalName,
      address: shop.address,
      phone: shop.phone,
      email: shop.email,
      vatNumber: shop.vatNumber,
      companyNumber: shop.companyNumber,
    },
    'Approval note',
    logo,
  );

  const top = doc.y;
  drawHeading(doc, 'Client', left, half);
  doc.font(FONT.bold).fontSize(10).fillColor(INK).text(note.client.name, left, doc.y, { width: half });
  doc.font(FONT.regular).fontSize(9).fillColor(MUTED);
  // The postal address under the name, laid out as on every document (contracts' postalAddressLines).
  for (const line of postalAddressLines(note.client.address)) doc.text(line, { width: half });
  if (note.client.email) doc.text(note.client.email, { width: half });
  if (note.client.phone) doc.text(note.client.phone, { width: half });
  const clientBottom = doc.y;
  const factsBottom = drawFacts(
    doc,
    [
      ['Approval note no.', String(note.id)],
      ['Checked out', formatDateLong(checkedOutOn)],
      ['Due back', note.dueDate ? formatDateLong(note.dueDate) : 'Not set'],
    ],
    left + width / 2 + 10,
    top,
    half,
  );
  doc.x = left;
  doc.y = Math.max(clientBottom, factsBottom) + 18;

  drawHeading(doc, 'Item', left, width);
  const rows: Array<[string, string]> = [
    ['Brand', note.item.brand || '—'],
    ['Model', note.item.model || '—'],
    ['Serial', note.item.serial],
    ['Stock type', note.item.stockType],
  ];
  if (note.item.description) rows.push(['Description', note.item.description]);
  if (note.note) rows.push(['Note', note.note]);
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font(FONT.regular).fontSize(9).fillColor(MUTED).text(label, left, y, { width: 90 });
    doc
      .font(FONT.regular)
      .fontSize(9)
      .fillColor(INK)
      .text(value, left + 95, y, { width: width - 95 });
    doc.y += 3;
  }
  doc.y += 6;
  const priceY = doc.y;
  doc.font(FONT.bold).fontSize(11).fillColor(INK).text('Agreed price', left, priceY, { width: 120 });
  doc.text(
    note.agreedPrice === null ? 'To be agreed' : formatMoney(note.agreedPrice, 'GBP'),
    left + 95,
    priceY,
    {
      width: width - 95,
    },
  );
  doc.x = left;
  doc.y += 16;

  drawHeading(doc, 'Terms', left, width);
  const terms = shop.approvalTerms.trim() || DEFAULT_APPROVAL_TERMS(shopName);
  doc.font(FONT.regular).fontSize(9).fillColor(INK).text(terms, left, doc.y, { width, align: 'justify' });
  doc.y += 36;

  // Two signature blocks side by side: a line to sign on, its caption, and a date line under each.
  if (doc.y > doc.page.height - doc.page.margins.bottom - 110) doc.addPage();
  const signY = doc.y;
  for (const [i, caption] of ['Client signature', `For ${shopName}`].entries()) {
    const x = left + i * (half + 20);
    rule(doc, x, signY + 24, half, INK);
    doc
      .font(FONT.regular)
      .fontSize(9)
      .fillColor(MUTED)
      .text(caption, x, signY + 28, { width: half });
    rule(doc, x, signY + 70, half * 0.6, INK);
    doc.text('Date', x, signY + 74, { width: half });
  }
  doc.x = left;
  doc.y = signY + 96;

  // No footer: the shop's invoice footer ("Goods remain our property until paid in full") is a term of a sale
  // and prints on invoices only; an approval note's own terms are printed above.
  return pdfBytes(doc);
}
