/** The tables the enquiries module owns (issue 24 item 2): only its repository writes them (test/module-ownership.test.ts). */
export const OWNED_TABLES = ['enquiries', 'enquiry_replies'] as const;

/** No other module reads them: the staff read enquiries through this module's API. */
export const PUBLISHED_READS = [] as const;
