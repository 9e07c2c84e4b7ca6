/**
 * The PDF layout kit: one home for every printed document (invoices, receipts, credit notes, approval notes,
 * labels, the stock-take variance report). Fonts and deterministic metadata (document.ts), money and dates as
 * the app shows them (format.ts), the page frame with its head, rows, headings, tables and footer (layout.ts),
 * QR codes (qr.ts), the label stocks (label-sheet.ts). Each module supplies its data and arranges these pieces.
 */
export * from './document';
export * from './format';
export * from './label-sheet';
export * from './layout';
export * from './qr';
