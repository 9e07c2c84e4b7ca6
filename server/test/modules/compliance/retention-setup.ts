import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import type { Browser } from '../../helper';
import { complianceTestbed, ledger } from './setup';

export const RETENTION = '/api/compliance/retention/';
export const RETENTION_DELETE = '/api/compliance/retention/delete/';
export const retentionOf = (id: number) => `/api/clients/${id}/retention/`;
export const legalHold = (id: number) => `/api/clients/${id}/legal-hold/`;
export const erasureRequests = (id: number) => `/api/clients/${id}/erasure-requests/`;
export const subjectAccess = (id: number) => `/api/clients/${id}/subject-access/`;

/**
 * The compliance testbed (clock 2026-03-01 09:00 UTC) with what retention needs: a nominated officer (gold,
 * flagged as migration 030 stores it) and payments dated in the past, recorded through the API.
 */
export function retentionTestbed() {
  const testbed = complianceTestbed();
  const { state, as } = testbed;

  /** Gold, named the shop's nominated officer (MLR 2017 reg. 21(3)). */
  const officer = async (): Promise<Browser> => {
    await state.db.query(
      'UPDATE memberships SET nominated_officer = true WHERE shop_id = $1 AND user_id = $2',
      [state.fx.shopId, state.fx.ids.gold],
    );
    return as('gold');
  };

  /** A payment received from the client on `date` (a bank transfer: no cash guard). */
  const paidOn = async (id: number, date: string, amount = '100.00') => {
    const response = await (
      await as('gold')
    ).post(ledger(id), {
      direction: 'received',
      amount,
      method: 'Bank Transfer',
      date,
    });
    if (response.statusCode !== 201) throw new Error(`payment failed: ${response.body}`);
  };

  return { ...testbed, officer, paidOn };
}

/** Every file of a ZIP (a subject access export), by name. */
export function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(bytes, { lazyEntries: true }, (error: Error | null, zip?: ZipFile) => {
      if (error || !zip) return reject(error);
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: Entry) => {
        zip.openReadStream(entry, (e: Error | null, stream) => {
          if (e || !stream) return reject(e);
          const parts: Buffer[] = [];
          stream.on('data', (c: Buffer) => parts.push(c));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(parts));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
