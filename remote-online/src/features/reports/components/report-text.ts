import { chrono24ReportText } from '@loupe/contracts';
import { formatDay } from '@loupe/platform';
import type { SaleReport } from '../api/sale-reports';

/** The watch a report is about: "Rolex Submariner 124060", its stock number or serial after it. */
export function reportPiece(report: SaleReport): string {
  const title = [report.brand, report.model, report.referenceNumber].filter((part) => part.trim()).join(' ');
  return title || `Item #${report.itemId}`;
}

export function reportMark(report: SaleReport): string {
  return report.stockNumber
    ? `Stock no. ${report.stockNumber}`
    : report.serial
      ? `Serial ${report.serial}`
      : '';
}

/**
 * The card's line ("Report this sale to Chrono24 by 4 Dec 2026", contracts' words); a reservation's report has
 * no day yet: it is due seven days after the sale completes.
 */
export function reportDueText(report: SaleReport): string {
  return report.dueOn
    ? chrono24ReportText(formatDay(report.dueOn))
    : 'Report this sale to Chrono24 within 7 days of completing it';
}
