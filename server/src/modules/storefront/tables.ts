/** The tables the storefront module owns (issue 24 item 1): only its repositories write them (test/module-ownership.test.ts). */
export const OWNED_TABLES = ['storefronts', 'storefront_listings'] as const;

/**
 * The views over those tables that other modules may read (migrations/038_storefront.sql): each shop's storefront
 * address and switch, and one row per item on the storefront right now (the feeds and the enquiries read these).
 * storefront_offers composes inventory's and the workshop's published reads (stock_items, stock_item_images,
 * workshop_jobs) with the listings: what "on the storefront" means is written once, in that view.
 */
export const PUBLISHED_READS = ['storefront_shops', 'storefront_offers'] as const;
