import { SELLER_DECLARATION, SELLER_KIND_LABELS, type Purchase } from '@loupe/contracts';
import {
  FONT,
  INK,
  MUTED,
  contentWidth,
  createPdf,
  dateOfDay,
  drawFacts,
  drawFooter,
  drawHead,
  drawHeading,
  drawTable,
  formatDateLong,
  formatMoney,
  formatRate,
  pdfBytes,
  rule,
  type SellerBlock,
} from '../../kernel/pdf';

/** The shop as printed at the head of the purchase invoice (Shop Settings, through shop_document_settings). */
export type PurchasePdfShop = SellerBlock;

export const purchaseFileName = (purchase: Pick<Purchase, 'reference'>) => `${purchase.reference}.pdf`;

/**
 * The purchase invoice (issue 22, item 1) the seller signs: the shop's details, the seller's name and postal
 * address, the day and the purchase reference, one row per piece (stock number, description, serial, price),
 * the total, the payments made to the seller, then the seller's declaration that they own the goods and are
 * free to sell them (contracts' SELLER_DECLARATION) over two signature lines, the seller's and the shop's. Laid
 * out with the kernel's PDF kit, as the sales invoice is. A voided purchase prints VOIDED in its title.
 */
export async function renderPurchasePdf(purchase: Purchase, shop: PurchasePdfShop): Promise<Buffer> {
  const doc = createPdf({ title: `Purchase invoice ${purchase.reference}`, date: dateOfDay(purchase.date) });
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  const title = purchase.status === 'voided' ? 'PURCHASE INVOICE — VOIDED' : 'PURCHASE INVOICE';
  drawHead(doc, shop, title, null);

  const top = doc.y;
  const half = width / 2 - 10;
  drawHeading(doc, 'Bought from', left, half);
  if (purchase.sellerId === null) {
    // Bought on the item form with no seller on file: the name and address are written in by hand before the
    // seller signs (VAT Notice 718 needs them in the stock book; the purchase lists them as outstanding).
    doc.font(FONT.regular).fontSize(9).fillColor(INK);
    for (const label of ['Name', 'Address', '', 'Postcode']) {
      const y = doc.y + 12;
      if (label !== '') doc.text(`${label}:`, left, y - 9, { width: 60 });
      rule(doc, left + 55, y, half - 55, MUTED);
      doc.y = y + 2;
    }
    doc.moveDown(0.4);
  } else {
    doc.font(FONT.bold).fontSize(10).fillColor(INK).text(purchase.sellerName, left, doc.y, { width: half });
    doc.font(FONT.regular).fontSize(9).fillColor(INK);
    for (const line of purchase.sellerAddress) doc.text(line, { width: half });
  }
  doc.fillColor(MUTED).text(SELLER_KIND_LABELS[purchase.sellerKind], left, doc.y, { width: half });
  const leftBottom = doc.y;
  const factsBottom = drawFacts(
    doc,
    [
      ['Purchase no.', purchase.reference],
      ['Date', formatDateLong(purchase.date)],
      ...(purchase.voidedOn
        ? ([['Voided', formatDateLong(purchase.voidedOn)]] as Array<[string, string]>)
        : []),
    ],
    left + width / 2 + 10,
    top,
    half,
  );
  doc.x = left;
  doc.y = Math.max(leftBottom, factsBottom) + 16;

  drawTable(
    doc,
    [
      { title: 'Stock no.', width: 55 },
      { title: 'Description', width: 230 },
      { title: 'Serial', width: 110, noWrap: true },
      { title: 'Price', width: 80 },
    ],
    purchase.lines.map((l) => [
      String(l.stockNumber),
      [[l.brand, l.model].filter(Boolean).join(' '), l.description].filter(Boolean).join(' — ') ||
        l.stockType,
      l.serial,
      formatMoney(l.priceGbp),
    ]),
  );
  rule(doc, left, doc.y, width);
  doc.y += 6;
  drawFacts(doc, [['Total', formatMoney(purchase.totalGbp)]], left + width / 2 + 10, doc.y, half);
  doc.x = left;
  doc.y += 10;

  drawHeading(doc, 'Paid to the seller', left, width);
  doc.font(FONT.regular).fontSize(9).fillColor(INK);
  for (const p of purchase.payments) {
    const foreign =
      p.currency !== 'GBP' ? ` (${formatMoney(p.amount, p.currency)} at ${formatRate(p.exchangeRate)})` : '';
    const what = p.reversalOf === null ? p.method : `${p.method}, reversed`;
    doc.text(`${what}: ${formatMoney(p.amountGbp)}${foreign}, ${formatDateLong(p.date)}`, left, doc.y, {
      width,
    });
  }
  doc.moveDown(1.2);

  drawHeading(doc, "Seller's declaration", left, width);
  doc
    .font(FONT.regular)
    .fontSize(9.5)
    .fillColor(INK)
    .text(SELLER_DECLARATION(shop.legalName || shop.name), left, doc.y, { width });
  doc.moveDown(3);
  if (doc.y + 60 > doc.page.height - doc.page.margins.bottom) doc.addPage();
  const lineY = doc.y + 24;
  const signer = purchase.sellerId === null ? 'Seller' : `Seller: ${purchase.sellerName}`;
  for (const [i, label] of [signer, `For ${shop.name}`].entries()) {
    const x = left + i * (width / 2 + 10);
    rule(doc, x, lineY, half, INK);
    doc
      .font(FONT.regular)
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(`Signature — ${label}`, x, lineY + 4, { width: half });
    doc.text('Date:', x, lineY + 16, { width: half });
  }
  doc.x = left;
  doc.y = lineY + 32;
  drawFooter(doc, `Purchase ${purchase.reference}`);
  return pdfBytes(doc);
}
