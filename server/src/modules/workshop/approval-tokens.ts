import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { fileKeyFor, type Config } from '../../config';

/**
 * The client's approval link (issue 23 item 4): a token signed by the server, naming the shop, the job and the
 * estimate's version, valid for APPROVAL_LINK_DAYS and once.
 *
 *   <shopId>.<jobId>.<estimateVersion>.<expires, Unix seconds>.<nonce, 16 hex>.<HMAC-SHA256, first 16 bytes, base64url>
 *
 * The signature covers everything before it, so a changed shop, job, version or expiry is refused before the
 * database is asked; the nonce makes two links for the same estimate differ. HMAC-SHA256 cut to 128 bits stays
 * far beyond guessing (NIST SP 800-107 r1, §5.3.4). The whole token stays under Fastify's 100-character path
 * parameter limit.
 *
 * The key: derived with HKDF-SHA256 from the file key (LOUPE_FILE_KEY / LOUPE_FILE_KEY_FILE, config.ts), which
 * every API instance of a deployment already shares and keeps outside the database and its backups, under a
 * label of its own — so a link is checked on any instance, a copy of the database cannot sign one, and the
 * file key itself is never used for anything but files. Rotating the file key ends the links in flight (a client
 * then asks the shop to send the estimate again).
 */
export const APPROVAL_LINK_DAYS = 14;

const LABEL = 'loupe/workshop-approval-links/v1';
const SIGNATURE_BYTES = 16;
const TOKEN = /^(\d{1,10})\.(\d{1,15})\.(\d{1,6})\.(\d{1,11})\.([0-9a-f]{16})\.([A-Za-z0-9_-]{22})$/;

export interface ApprovalClaims {
  shopId: number;
  jobId: number;
  estimateVersion: number;
  expiresAt: Date;
}

const keys = new Map<string, Buffer>();

/** The signing key of this deployment (see above). */
export function approvalKey(config: Pick<Config, 'fileKey'>): Buffer {
  const fileKey = fileKeyFor(config.fileKey);
  let key = keys.get(fileKey.id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', fileKey.key, Buffer.alloc(0), LABEL, 32));
    keys.set(fileKey.id, key);
  }
  return key;
}

const signatureOf = (key: Buffer, payload: string): Buffer =>
  createHmac('sha256', key).update(payload).digest().subarray(0, SIGNATURE_BYTES);

/** A new token for these claims. */
export function signApprovalToken(key: Buffer, claims: ApprovalClaims): string {
  const expires = Math.floor(claims.expiresAt.getTime() / 1000);
  const payload = [
    claims.shopId,
    claims.jobId,
    claims.estimateVersion,
    expires,
    randomBytes(8).toString('hex'),
  ].join('.');
  return `${payload}.${signatureOf(key, payload).toString('base64url')}`;
}

/**
 * The claims of a token this server signed, or null for anything else (malformed, or its signature does not
 * match: tampered with, or signed with another key). Expiry is the caller's to judge, against its clock.
 */
export function readApprovalToken(key: Buffer, token: string): ApprovalClaims | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const payload = token.slice(0, token.lastIndexOf('.'));
  const given = Buffer.from(match[6]!, 'base64url');
  const expected = signatureOf(key, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [shopId, jobId, estimateVersion, expires] = [1, 2, 3, 4].map((i) => Number(match[i]));
  if (![shopId, jobId, estimateVersion].every((n) => Number.isSafeInteger(n) && n! > 0)) return null;
  return {
    shopId: shopId!,
    jobId: jobId!,
    estimateVersion: estimateVersion!,
    expiresAt: new Date(expires! * 1000),
  };
}

/** What the database keeps of a token: its SHA-256, so a copy of the database holds no working link. */
export const tokenDigest = (token: string): string => createHash('sha256').update(token).digest('hex');
