import {
  CONDITION_GRADE_LABELS,
  ESTIMATE_LINE_KIND_LABELS,
  jobQrText,
  stockNumberText,
  type JobDetail,
} from '@loupe/contracts';
import {
  FONT,
  INK,
  LABEL_QR_OPTIONS,
  MM,
  MUTED,
  contentWidth,
  createPdf,
  dateOfDay,
  drawFacts,
  drawFooter,
  drawHead,
  drawHeading,
  drawQr,
  drawTable,
  formatDateLong,
  formatMoney,
  linesOf,
  pdfBytes,
  rule,
  type PdfDoc,
  type SellerBlock,
} from '../../kernel/pdf';

/** What the workshop's papers print of a job: the job as its page shows it. */
export type JobForPdf = Pick<
  JobDetail,
  | 'number'
  | 'reference'
  | 'receivedOn'
  | 'promisedDate'
  | 'rush'
  | 'estimateRequired'
  | 'stockNumber'
  | 'brand'
  | 'model'
  | 'makerReference'
  | 'serial'
  | 'conditionGrade'
  | 'conditionNotes'
  | 'declaredValueGbp'
  | 'reportedFault'
  | 'requestedWork'
  | 'accessories'
  | 'depositRequestedGbp'
  | 'estimate'
>;

/** The client as the papers address them (null: a stock item's pre-sale service, no client). */
export interface JobPdfClient {
  name: string;
  /** The postal address's lines. */
  address: readonly string[];
  phone: string;
  email: string;
}

/** The shop: its head (Shop Settings) and, for the intake receipt, its "Workshop terms". */
export interface JobPdfShop extends SellerBlock {
  workshopTerms: string;
}

/** The QR code on an A4 paper: 30 mm, well above the 10 mm a phone's camera reads at arm's length. */
export const RECEIPT_QR_SIDE = 30 * MM;

export const intakeReceiptFileName = (job: Pick<JobForPdf, 'reference'>) => `${job.reference}-receipt.pdf`;
export const estimateFileName = (job: Pick<JobForPdf, 'reference'>) => `${job.reference}-estimate.pdf`;

/** "Rolex Submariner" — or what the client reported, when brand and model were not given. */
export const pieceName = (job: Pick<JobForPdf, 'brand' | 'model'>) =>
  [job.brand, job.model].filter(Boolean).join(' ') || 'Piece';

/**
 * The job number printed large with its QR code on the right (the code's text is exactly the job number,
 * jobQrText: the top bar's scanner opens the job from it). Returns the y under both.
 */
function drawJobBanner(doc: PdfDoc, job: JobForPdf, lines: string[]): number {
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  const top = doc.y;
  const qrX = left + width - RECEIPT_QR_SIDE;
  drawQr(doc, jobQrText(job), qrX, top, RECEIPT_QR_SIDE, LABEL_QR_OPTIONS);
  doc
    .font(FONT.regular)
    .fontSize(7.5)
    .fillColor(MUTED)
    .text('Scan to open the job', qrX - 10, top + RECEIPT_QR_SIDE + 3, {
      width: RECEIPT_QR_SIDE + 20,
      align: 'center',
    });
  const qrBottom = doc.y;
  doc
    .font(FONT.regular)
    .fontSize(9)
    .fillColor(MUTED)
    .text('Job number', left, top, { width: width / 2 });
  doc
    .font(FONT.bold)
    .fontSize(28)
    .fillColor(INK)
    .text(job.reference, left, doc.y, { width: width - 40 * MM });
  doc.font(FONT.regular).fontSize(10).fillColor(INK);
  for (const line of lines) doc.text(line, left, doc.y, { width: width - 40 * MM });
  return Math.max(doc.y, qrBottom);
}

/** Label: value rows over the whole width (the label in a narrow column), values that may wrap. */
function drawRows(doc: PdfDoc, rows: Array<[string, string]>, x: number, width: number): void {
  const labelWidth = 40 * MM;
  for (const [label, value] of rows) {
    if (value === '') continue;
    const y = doc.y;
    doc
      .font(FONT.regular)
      .fontSize(9)
      .fillColor(MUTED)
      .text(label, x, y, { width: labelWidth - 8 });
    const labelBottom = doc.y;
    doc
      .font(FONT.regular)
      .fontSize(9.5)
      .fillColor(INK)
      .text(value, x + labelWidth, y, { width: width - labelWidth });
    doc.y = Math.max(doc.y, labelBottom) + 2;
  }
  doc.x = x;
}

function drawClient(doc: PdfDoc, job: JobForPdf, client: JobPdfClient | null, x: number, width: number) {
  drawHeading(doc, 'Client', x, width);
  if (client === null) {
    const stock = job.stockNumber === null ? '' : `${stockNumberText(job.stockNumber)}: `;
    doc
      .font(FONT.regular)
      .fontSize(9.5)
      .fillColor(INK)
      .text(`${stock}the shop's own stock (pre-sale service)`, x, doc.y, { width });
    return;
  }
  doc.font(FONT.bold).fontSize(10).fillColor(INK).text(client.name, x, doc.y, { width });
  doc.font(FONT.regular).fontSize(9).fillColor(INK);
  for (const line of client.address) doc.text(line, x, doc.y, { width });
  const contact = [client.phone, client.email].filter(Boolean).join('  ·  ');
  if (contact) doc.text(contact, x, doc.y, { width });
}

/** Two signature lines side by side: a line, "Signature — …" and "Date:" under each. */
function drawSignatures(doc: PdfDoc, labels: [string, string]): void {
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  const half = width / 2 - 10;
  if (doc.y + 70 > doc.page.height - doc.page.margins.bottom) doc.addPage();
  const lineY = doc.y + 26;
  labels.forEach((label, i) => {
    const x = left + i * (width / 2 + 10);
    rule(doc, x, lineY, half, INK);
    doc
      .font(FONT.regular)
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(`Signature — ${label}`, x, lineY + 4, { width: half });
    doc.text('Date:', x, doc.y + 2, { width: half });
  });
  doc.x = left;
  doc.y = lineY + 34;
}

/**
 * The intake receipt (issue 23, item 3) the client takes away and signs a copy of: the shop's details, the job
 * number large with its QR code, the day received, the client, the piece (brand, model, reference, serial,
 * condition, accessories handed over, declared value), the fault reported and the work requested, the promised
 * date, the shop's workshop terms (Shop Settings), then the client's and the shop's signature lines.
 */
export async function renderIntakeReceiptPdf(
  job: JobForPdf,
  client: JobPdfClient | null,
  shop: JobPdfShop,
): Promise<Buffer> {
  const doc = createPdf({ title: `Workshop receipt ${job.reference}`, date: dateOfDay(job.receivedOn) });
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  drawHead(doc, shop, 'WORKSHOP RECEIPT', null);

  const bannerBottom = drawJobBanner(doc, job, [
    `Received ${formatDateLong(job.receivedOn)}`,
    job.promisedDate ? `Promised for ${formatDateLong(job.promisedDate)}` : 'Promised date to be confirmed',
    ...(job.rush ? ['RUSH'] : []),
  ]);
  doc.y = bannerBottom + 10;

  drawClient(doc, job, client, left, width);
  doc.moveDown(0.8);

  drawHeading(doc, 'The piece', left, width);
  const condition = [job.conditionGrade ? CONDITION_GRADE_LABELS[job.conditionGrade] : '', job.conditionNotes]
    .filter(Boolean)
    .join(' — ');
  drawRows(
    doc,
    [
      ['Brand', job.brand],
      ['Model', job.model],
      ['Reference', job.makerReference],
      ['Serial', job.serial],
      ['Condition', condition || 'Not recorded'],
      ['Accessories handed over', job.accessories || 'None'],
      ['Declared value', job.declaredValueGbp === null ? 'Not declared' : formatMoney(job.declaredValueGbp)],
    ],
    left,
    width,
  );
  doc.moveDown(0.6);

  drawHeading(doc, 'The work', left, width);
  drawRows(
    doc,
    [
      ['Reported fault', job.reportedFault],
      ['Requested work', job.requestedWork || 'As reported'],
      [
        'Estimate',
        job.estimateRequired ? 'Written estimate for your approval before any work' : 'Not required',
      ],
      ['Deposit requested', job.depositRequestedGbp === null ? '' : formatMoney(job.depositRequestedGbp)],
      ['Promised date', job.promisedDate ? formatDateLong(job.promisedDate) : 'To be confirmed'],
    ],
    left,
    width,
  );
  doc.moveDown(0.6);

  drawHeading(doc, 'Terms', left, width);
  doc.font(FONT.regular).fontSize(7.5).fillColor(INK);
  for (const paragraph of linesOf(shop.workshopTerms)) {
    doc.text(paragraph, left, doc.y, { width, paragraphGap: 1.5 });
  }
  doc.moveDown(0.4);
  doc
    .font(FONT.regular)
    .fontSize(8.5)
    .fillColor(INK)
    .text('I confirm the details above and accept these terms.', left, doc.y, { width });

  drawSignatures(doc, [client ? `Client: ${client.name}` : 'Client', `For ${shop.name}`]);
  drawFooter(doc, `Job ${job.reference} · ${pieceName(job)}`);
  return pdfBytes(doc);
}

/** A day plus n calendar days ('YYYY-MM-DD'). */
export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/**
 * The estimate (issue 23, item 3): one row per labour or parts line with its price before VAT, the VAT at the
 * standard rate (20%: repairs and the parts fitted are a standard-rated supply, VAT Notice 700 §8.3; each line's
 * price is VAT-inclusive and the VAT is 1/6 of it, as the job's estimate computes), the totals, the day it
 * holds until, and how the client approves it.
 */
export async function renderEstimatePdf(
  job: JobForPdf,
  client: JobPdfClient | null,
  shop: SellerBlock,
  printedOn: string,
  validUntil: string,
): Promise<Buffer> {
  const doc = createPdf({ title: `Estimate ${job.reference}`, date: dateOfDay(printedOn) });
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  const half = width / 2 - 10;
  drawHead(doc, shop, 'ESTIMATE', null);

  const top = doc.y;
  drawClient(doc, job, client, left, half);
  doc.font(FONT.regular).fontSize(9).fillColor(INK);
  doc.moveDown(0.6);
  doc.font(FONT.bold).text(pieceName(job), left, doc.y, { width: half });
  doc.font(FONT.regular);
  const detail = [job.makerReference && `Ref. ${job.makerReference}`, job.serial && `Serial ${job.serial}`]
    .filter(Boolean)
    .join('  ·  ');
  if (detail) doc.text(detail, left, doc.y, { width: half });
  const leftBottom = doc.y;
  const factsBottom = drawFacts(
    doc,
    [
      ['Job no.', job.reference],
      ['Date', formatDateLong(printedOn)],
      ['Valid until', formatDateLong(validUntil)],
    ],
    left + width / 2 + 10,
    top,
    half,
  );
  doc.x = left;
  doc.y = Math.max(leftBottom, factsBottom) + 16;

  const { estimate } = job;
  drawTable(
    doc,
    [
      { title: 'Work', width: 60 },
      { title: 'Description', width: 230 },
      { title: 'Net', width: 70 },
      { title: 'VAT 20%', width: 60 },
      { title: 'Price', width: 70 },
    ],
    estimate.lines.map((line) => [
      ESTIMATE_LINE_KIND_LABELS[line.kind],
      line.description,
      formatMoney(line.netGbp),
      formatMoney(line.vatGbp),
      formatMoney(line.amountGbp),
    ]),
  );
  rule(doc, left, doc.y, width);
  doc.y += 6;
  const totalsBottom = drawFacts(
    doc,
    [
      ['Labour', formatMoney(estimate.labourGbp)],
      ['Parts', formatMoney(estimate.partsGbp)],
      ['Total before VAT', formatMoney(estimate.netGbp)],
      ['VAT at 20%', formatMoney(estimate.vatGbp)],
      ['Total to pay', formatMoney(estimate.totalGbp)],
      ...(job.depositRequestedGbp === null
        ? []
        : ([['Deposit requested', formatMoney(job.depositRequestedGbp)]] as Array<[string, string]>)),
    ],
    left + width / 2 + 10,
    doc.y,
    half,
  );
  doc.x = left;
  doc.y = totalsBottom + 14;

  drawHeading(doc, 'To approve this estimate', left, width);
  const contact = [shop.phone && `call us on ${shop.phone}`, shop.email && `e-mail ${shop.email}`]
    .filter(Boolean)
    .join(' or ');
  doc
    .font(FONT.regular)
    .fontSize(9.5)
    .fillColor(INK)
    .text(
      `No work is done until you approve this estimate. To approve or decline it, ` +
        `${contact ? `${contact}, ` : ''}use the link in our e-mail, or sign below and return this page, ` +
        `quoting job ${job.reference}, by ${formatDateLong(validUntil)}. ` +
        `If you decline, your piece is returned unrepaired. Prices include VAT at the standard rate of 20%.`,
      left,
      doc.y,
      { width },
    );
  doc.moveDown(1.5);
  drawSignatures(doc, [client ? `Approved by ${client.name}` : 'Approved by', `For ${shop.name}`]);
  drawFooter(doc, `Estimate for job ${job.reference}`);
  return pdfBytes(doc);
}
