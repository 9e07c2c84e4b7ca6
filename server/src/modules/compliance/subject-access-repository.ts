import type { Queryable } from '../../db/database';

/**
 * The records of one client, each read through its owner's published view (017 and later migrations), as the
 * subject access export lists them: every row that names the client, nothing of another client.
 */
export class SubjectAccessRepository {
  constructor(private readonly db: Queryable) {}

  /** The rows as PostgreSQL writes them in JSON: days as days, amounts as exact numbers. */
  private async rows(sql: string, shopId: number, clientId: number): Promise<unknown[]> {
    const rows = await this.db.query<{ r: string }>(`SELECT row_to_json(t)::text AS r FROM (${sql}) t`, [
      shopId,
      clientId,
    ]);
    return rows.map((row) => JSON.parse(row.r) as unknown);
  }

  async records(shopId: number, clientId: number): Promise<Record<string, unknown[]>> {
    return {
      ledgerEntries: await this.rows(
        'SELECT * FROM client_ledger_entries WHERE shop_id = $1 AND client_id = $2 ORDER BY id',
        shopId,
        clientId,
      ),
      sales: await this.rows(
        'SELECT * FROM sale_records WHERE shop_id = $1 AND client_id = $2 ORDER BY id',
        shopId,
        clientId,
      ),
      deals: await this.rows(
        'SELECT * FROM deal_records WHERE shop_id = $1 AND client_id = $2 ORDER BY id',
        shopId,
        clientId,
      ),
      dealPayments: await this.rows(
        `SELECT p.* FROM deal_payment_records p JOIN deal_records d ON d.id = p.deal_id
          WHERE p.shop_id = $1 AND d.client_id = $2 ORDER BY p.id`,
        shopId,
        clientId,
      ),
      checkouts: await this.rows(
        'SELECT * FROM stock_checkouts WHERE shop_id = $1 AND client_id = $2 ORDER BY id',
        shopId,
        clientId,
      ),
      purchases: await this.rows(
        'SELECT * FROM purchase_records WHERE shop_id = $1 AND seller_client_id = $2 ORDER BY id',
        shopId,
        clientId,
      ),
      invoices: await this.rows(
        'SELECT * FROM invoice_records WHERE shop_id = $1 AND client_id = $2 ORDER BY id',
        shopId,
        clientId,
      ),
      // The pieces the client left with the workshop (issue 23): intake, condition, fault, stage.
      workshopJobs: await this.rows(
        'SELECT * FROM workshop_jobs WHERE shop_id = $1 AND client_id = $2 ORDER BY id',
        shopId,
        clientId,
      ),
    };
  }
}
