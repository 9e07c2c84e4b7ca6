import { jobQrText, type LabelSize } from '@loupe/contracts';
import {
  FONT,
  LABEL_QR_OPTIONS,
  MM,
  dateOfDay,
  drawQr,
  fitOneLine,
  formatDateShort,
  renderLabelSheet,
  type LabelBox,
  type PdfDoc,
} from '../../kernel/pdf';
import { pieceName, type JobForPdf } from './job-pdfs';

/** What a bag or envelope label prints of a job. */
export type JobLabelJob = Pick<
  JobForPdf,
  'number' | 'reference' | 'brand' | 'model' | 'promisedDate' | 'rush'
>;

/** The job number's type size on a label, and the smallest it shrinks to. */
export const JOB_LABEL_NUMBER_SIZE = 10;
const NUMBER_MIN_SIZE = 6;

/** The label's inner margin and the QR code's place in a label's box (the test reads the code from there). */
export const JOB_LABEL_PAD = 2.5 * MM;
export const jobLabelQrBox = (box: LabelBox) => {
  const side = box.h - 2 * JOB_LABEL_PAD;
  return { x: box.x + JOB_LABEL_PAD, y: box.y + JOB_LABEL_PAD, side };
};

function drawJobLabel(doc: PdfDoc, job: JobLabelJob, clientName: string, box: LabelBox): void {
  const qr = jobLabelQrBox(box);
  // The code's text is exactly the job number: a scan types it into the top bar's search, which opens the job.
  drawQr(doc, jobQrText(job), qr.x, qr.y, qr.side, LABEL_QR_OPTIONS);
  // 3 mm of white beside the code, its quiet zone.
  const textX = qr.x + qr.side + 3 * MM;
  const textW = box.w - (textX - box.x) - JOB_LABEL_PAD;
  let at = qr.y;
  const number = fitOneLine(doc, job.reference, FONT.bold, JOB_LABEL_NUMBER_SIZE, NUMBER_MIN_SIZE, textW);
  doc
    .font(FONT.bold)
    .fontSize(number.size)
    .fillColor('#000000')
    .text(number.text, textX, at + (JOB_LABEL_NUMBER_SIZE - number.size), { lineBreak: false });
  at += 14;
  const line = (text: string, font: string, size: number, lines = 1) => {
    if (!text) return;
    doc
      .font(font)
      .fontSize(size)
      .fillColor('#000000')
      .text(text, textX, at, { width: textW, height: size * 1.25 * lines, ellipsis: true, lineGap: 0 });
    at += size * 1.25 * lines + 1;
  };
  line(clientName, FONT.regular, 7);
  line(pieceName(job), FONT.regular, 7);
  if (job.promisedDate) line(`Due ${formatDateShort(job.promisedDate)}`, FONT.bold, 7.5);
  if (job.rush) line('RUSH', FONT.bold, 7.5);
}

/**
 * The job's bag or envelope label (issue 23, item 3) on the stock labels' stocks (kernel/pdf/label-sheet.ts):
 * one 60 × 30 mm tag, or the first label of an A4 sheet of 3 × 8. The QR code of the job number on the left;
 * the job number, the client, the piece and the promised date on the right.
 */
export function renderJobLabelPdf(
  job: JobLabelJob,
  clientName: string,
  size: LabelSize,
  printedOn: string,
): Promise<Buffer> {
  return renderLabelSheet(
    [job],
    size,
    { title: `Label ${job.reference}`, date: dateOfDay(printedOn) },
    (doc, j, box) => drawJobLabel(doc, j, clientName, box),
  );
}

export const jobLabelFileName = (job: Pick<JobForPdf, 'reference'>) => `${job.reference}-label.pdf`;
