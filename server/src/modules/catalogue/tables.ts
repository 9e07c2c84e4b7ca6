/**
 * The tables the catalogue module owns (issue 22, item 3; migrations/020_catalogue.sql): only its repositories
 * write them (test/module-ownership.test.ts). catalogue_reference is the list every new shop is seeded with.
 */
export const OWNED_TABLES = ['catalogue_brands', 'catalogue_models', 'catalogue_reference'] as const;

/**
 * The views over those tables that other modules may read: inventory checks an item's brand and model against
 * catalogue_entries (one row per brand and one per model, with their retired flags).
 */
export const PUBLISHED_READS = ['catalogue_entries'] as const;
