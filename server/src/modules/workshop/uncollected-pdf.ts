import type { UncollectedNotice } from '@loupe/contracts';
import {
  FONT,
  INK,
  contentWidth,
  createPdf,
  dateOfDay,
  drawFacts,
  drawFooter,
  drawHead,
  drawHeading,
  formatDateLong,
  formatMoney,
  pdfBytes,
  type SellerBlock,
} from '../../kernel/pdf';

export const noticeFileName = (notice: Pick<UncollectedNotice, 'reference'>) =>
  `${notice.reference}-notice-of-intention-to-sell.pdf`;

/**
 * The notice of intention to sell uncollected goods (Torts (Interference with Goods) Act 1977, s.12(3) and
 * Schedule 1 Part II paragraph 6): the shop's name and address, the goods, where they are held, the sum owed and
 * the date on or after which the shop may sell them. The shop sends it by post, registered or recorded delivery
 * (paragraph 6(4)).
 */
export async function renderNoticePdf(notice: UncollectedNotice, shop: SellerBlock): Promise<Buffer> {
  const doc = createPdf({
    title: `Notice of intention to sell ${notice.reference}`,
    date: dateOfDay(notice.issuedOn),
  });
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  drawHead(doc, shop, 'NOTICE OF INTENTION TO SELL UNCOLLECTED GOODS', null);
  const top = doc.y;
  doc
    .font(FONT.bold)
    .fontSize(10)
    .fillColor(INK)
    .text(`To: ${notice.clientName}`, left, top, { width: width / 2 });
  const bottom = drawFacts(
    doc,
    [
      ['Job no.', notice.reference],
      ['Date of notice', formatDateLong(notice.issuedOn)],
    ],
    left + width / 2 + 10,
    top,
    width / 2 - 10,
  );
  doc.x = left;
  doc.y = Math.max(doc.y, bottom) + 14;
  const section = (heading: string, lines: string[]) => {
    drawHeading(doc, heading, left, width);
    doc.font(FONT.regular).fontSize(9.5).fillColor(INK);
    for (const line of lines) doc.text(line, left, doc.y, { width });
    doc.moveDown(0.8);
  };
  section('The goods', [notice.goods || `The piece taken in under job ${notice.reference}`]);
  section('Where they are held', [notice.heldBy, ...notice.heldAt]);
  section('Amount owed', [
    notice.amountOwedGbp > 0
      ? `${formatMoney(notice.amountOwedGbp)} is payable for the work done on the goods.`
      : 'Nothing is owed for the work done on the goods.',
  ]);
  section('Intention to sell', [
    `The goods are ready for collection. Unless they are collected${
      notice.amountOwedGbp > 0 ? ' and the amount owed is paid' : ''
    } before ${formatDateLong(notice.saleAfter)}, ${notice.heldBy} intends to sell them on or after that ` +
      'date under section 12 of the Torts (Interference with Goods) Act 1977. The proceeds of sale, less the ' +
      'amount owed and the costs of sale, will be held for you.',
  ]);
  drawFooter(doc, `Job ${notice.reference} — notice of intention to sell`);
  return pdfBytes(doc);
}
