/**
 * The tables the marketplace module owns (issue 24 items 3-4): only its repositories write them
 * (test/module-ownership.test.ts): each shop's feed tokens and the Chrono24 sale reports. No other module's SQL
 * reads them (the app reads the reports through the API), so there is no published view.
 */
export const OWNED_TABLES = ['marketplace_channels', 'marketplace_sale_reports'] as const;
