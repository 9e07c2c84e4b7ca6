import type { FileKey } from '../../../config';
import type { Queryable } from '../../../db/database';
import { invoiceFileName, renderInvoicePdf } from './invoice-pdf';
import { PdfRepository } from './pdf-repository';

/**
 * Every invoice and credit note issued to a client, rendered as the invoice route prints it: for the subject
 * access export (UK GDPR Art. 15, issue 25 item 3), which the compliance module builds without importing this
 * one (it names this call in its deps).
 */
export class ClientInvoicePdfs {
  constructor(private readonly db: Queryable) {}

  async *ofClient(
    shopId: number,
    clientId: number,
    fileKey: FileKey,
  ): AsyncGenerator<{ fileName: string; bytes: Buffer }> {
    const pdfs = new PdfRepository(this.db);
    const ids = await this.db.query<{ id: number }>(
      'SELECT id FROM invoice_records WHERE shop_id = $1 AND client_id = $2 ORDER BY id',
      [shopId, clientId],
    );
    let logo: Buffer | null | undefined;
    for (const { id } of ids) {
      const found = await pdfs.invoice(shopId, Number(id));
      if (!found) continue;
      const { invoice, creditReason } = found;
      if (invoice.seller.hasLogo && logo === undefined) {
        const shop = await pdfs.shop(shopId);
        logo = await pdfs.logo(fileKey, shop?.logoKey ?? null);
      }
      const bytes = await renderInvoicePdf({
        invoice,
        variant: 'invoice',
        logo: invoice.seller.hasLogo ? (logo ?? null) : null,
        creditReason,
      });
      yield { fileName: invoiceFileName(invoice, 'invoice'), bytes };
    }
  }
}
