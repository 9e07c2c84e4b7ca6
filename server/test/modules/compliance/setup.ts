import type { Browser } from '../../helper';
import { clientsTestbed } from '../clients/setup';

export const verification = (id: number) => `/api/clients/${id}/verification/`;
export const ledger = (id: number) => `/api/clients/${id}/ledger/`;
export const AML = '/api/compliance/aml/';

// A 1×1 PNG: an identity document on file.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

/** Uploads a KYC paper as a browser's FormData would. */
export function uploadKyc(browser: Browser, id: number) {
  const boundary = '----loupe-aml-boundary-7c1';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="passport.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return browser.post(`/api/clients/${id}/kyc/`, body, {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

/** A minimal PDF: a paper on file. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** Uploads a PDF (a bank statement, a risk assessment) to `url` as a browser's FormData would. */
export function uploadPdf(browser: Browser, url: string, name = 'bank-statement.pdf', bytes: Buffer = PDF) {
  const boundary = '----loupe-compliance-boundary-5e2';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return browser.post(url, body, {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

/**
 * The clients' testbed (a clock fixed at 2026-03-01 09:00 UTC, fresh fixtures per test) with what the AML tests
 * need: clients with or without due diligence, and the report's rows as stored.
 */
export function complianceTestbed() {
  const testbed = clientsTestbed();
  const { state, as, create } = testbed;

  /** A client with an identity document on file and a verification by gold: complete due diligence. */
  const verifiedClient = async (name: string): Promise<number> => {
    const gold = await as('gold');
    const id = await create({ name }, gold);
    expect((await uploadKyc(gold, id)).statusCode).toBe(201);
    expect((await gold.post(verification(id), {})).statusCode).toBe(200);
    return id;
  };

  const events = () =>
    state.db.query<{
      outcome: string;
      kind: string;
      client_id: number | null;
      sale_id: string | null;
      ledger_entry_id: string | null;
      amount_eur: string;
      linked_total_eur: string;
      missing: unknown;
    }>(
      `SELECT outcome, kind, client_id, sale_id::text AS sale_id, ledger_entry_id::text AS ledger_entry_id,
              amount_eur::text AS amount_eur, linked_total_eur::text AS linked_total_eur, missing
         FROM aml_events ORDER BY id`,
    );

  const amlAudit = () =>
    state.db.query<{ entity: string; entity_id: number | null; action: string; client_id: number | null }>(
      `SELECT entity, entity_id::int AS entity_id, action, client_id::int AS client_id FROM audit_log
        WHERE action IN ('aml_refused', 'aml_flagged') ORDER BY id`,
    );

  return { ...testbed, verifiedClient, events, amlAudit };
}
