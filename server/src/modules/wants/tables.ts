/** The tables the wants module owns (issue 24 item 5): only its repository writes them (test/module-ownership.test.ts). */
export const OWNED_TABLES = ['client_wants', 'want_matches'] as const;

/** Nothing is published yet: the app reads wants and matches through the module's API. */
export const PUBLISHED_READS = [] as const;
