/** The tables the mail module owns (issue 23 item 4): only its repository writes them (test/module-ownership.test.ts). */
export const OWNED_TABLES = ['mail_outbox'] as const;

/** The views over them that other modules may read (migrations/033_mail_outbox.sql): what a job's client was sent. */
export const PUBLISHED_READS = ['mail_outbox_records'] as const;
