import { Type, type Static } from '@sinclair/typebox';
import { Choice } from './common';
import { LABEL_SIZES } from './label-text';

/*
 * The workshop's papers (issue 23, item 3), `endpoints.workshop` — every member of the shop; another shop's job
 * is a 404. Each answers application/pdf, inline:
 *   receiptPdf  — the intake receipt ("JOB-000042-receipt.pdf"): the job number and its QR code, the piece, the
 *                 shop's workshop terms (Shop Settings), signature lines for the client and the shop;
 *   estimatePdf — the estimate ("JOB-000042-estimate.pdf"): labour and parts, VAT at 20% shown, the total,
 *                 valid until ESTIMATE_VALID_DAYS after the day it was sent (or printed, before), how to approve;
 *                 409 ESTIMATE_PDF_NO_LINES while the estimate has no line;
 *   labelPdf    — the bag or envelope label ("JOB-000042-label.pdf") on the stock labels' stocks: `size` 'tag'
 *                 (60 × 30 mm, the default) or 'a4' (the first label of a 3 × 8 sheet).
 * Every QR code holds exactly the job number (jobQrText), which the top bar's search opens.
 */
export const JobLabelQuery = Type.Object(
  { size: Type.Optional(Choice(LABEL_SIZES, { default: 'tag' })) },
  { additionalProperties: false },
);
export type JobLabelQuery = Static<typeof JobLabelQuery>;
