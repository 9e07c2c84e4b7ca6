import { createRepositories } from '../repositories';
import type { DemoContext } from './demo-context';

/**
 * The demo shop's own details (issue 13), saved first so that every demo invoice prints them. The VAT number is
 * HMRC's published test number, the company number a made-up one: nothing here is a real business.
 */
export async function seedShopSettingsDemo({ tx, shopId, users, now }: DemoContext): Promise<void> {
  await tx.query(
    `INSERT INTO shop_settings (shop_id, legal_name, trading_name, address, phone, email, vat_number,
                                company_number, invoice_footer, approval_terms, label_price, price_code_key,
                                updated_by, updated_at)
     VALUES ($1, 'Loupe Demo Ltd', 'Loupe Fine Watches', $2, '+44 20 7946 0123', 'accounts@demo.loupe.example',
             'GB999999973', '09999999', $3, $4, 'retail', 'BLACKHORSE', $5, $6)`,
    [
      shopId,
      '14 Burlington Arcade\nLondon W1J 0QJ\nUnited Kingdom',
      'Thank you for your custom. Goods remain the property of Loupe Demo Ltd until paid in full.',
      'The item is lent on approval and remains the property of Loupe Demo Ltd until paid for in full. The ' +
        'client keeps it safe and insured, does not wear it beyond trying it on, and returns it in the same ' +
        'condition by the due date, or pays the agreed price.',
      users.platinum,
      now,
    ],
  );
}

/**
 * Every demo sale gets its invoice and every voided one its credit note, numbered in the order they happened
 * (day, then the order they were recorded), as if each had been issued at the till. The other domains write
 * their sales straight into the tables, so this runs last.
 */
export async function seedInvoicesDemo({ tx, shopId, now }: DemoContext): Promise<void> {
  const repos = createRepositories(tx, () => now);
  const sales = await tx.query<{
    id: string;
    created_by: number | null;
    created_at: Date | string;
    reversal: boolean;
  }>(
    `SELECT s.id::text AS id, s.created_by, s.created_at, s.reversal_of IS NOT NULL AS reversal
       FROM sales s
      WHERE s.shop_id = $1 AND NOT EXISTS (SELECT 1 FROM invoices inv WHERE inv.sale_id = s.id)
      ORDER BY s.sale_date, s.id`,
    [shopId],
  );
  for (const sale of sales) {
    const issuer = { shopId, userId: sale.created_by, at: new Date(sale.created_at) };
    if (sale.reversal) await repos.saleDocuments.issueCreditNote(issuer, Number(sale.id));
    else await repos.saleDocuments.issueForSale(issuer, Number(sale.id));
  }
}
