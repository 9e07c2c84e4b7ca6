/**
 * The search module (issue 21, item 3) owns no table: it reads the published views of inventory (stock_items),
 * clients (client_directory) and sales (invoice_records), served by the indexes of migrations/024_search.sql,
 * and the workshop's (workshop_jobs, by its unique (shop_id, number)) for a scanned job number.
 */
export const OWNED_TABLES = [] as const;

/** It publishes nothing either. */
export const PUBLISHED_READS = [] as const;
