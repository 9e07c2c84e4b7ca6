import { API_BASE, endpoints, pathOf } from '@loupe/contracts';
import { reportParams, type ReportQuery } from './get-report';

/** Where the browser fetches the CSV of a report: `/api/api/reports/csv/?type=…` (same query as the report). */
export function reportCsvUrl(query: ReportQuery): string {
  return `${API_BASE}${pathOf(endpoints.reports.csv)}?${new URLSearchParams(reportParams(query)).toString()}`;
}

/**
 * Downloads the CSV the way a link does: the browser streams the file to disk with the name the server gives
 * it (Content-Disposition), so a large report never sits whole in this page's memory. A GET carries the
 * session cookie and needs no CSRF token.
 */
export function downloadReportCsv(query: ReportQuery): void {
  const link = document.createElement('a');
  link.href = reportCsvUrl(query);
  link.download = '';
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
  }
}
