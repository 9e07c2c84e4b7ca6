import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { fileKeyFor, type Config } from '../../config';

/**
 * The enquiry form's time trap (issue 24 item 2): a hidden field carrying the moment the form was served,
 * signed by the server, so a post can be judged by how long the sender took.
 *
 *   <issued, Unix milliseconds>.<nonce, 8 hex>.<HMAC-SHA256 over "shop slug/item id/issued.nonce", first 16 bytes, base64url>
 *
 * A person reads the page and types; a bot posts at once (refused when quicker than ENQUIRY_MIN_SECONDS) or
 * replays a form it fetched long ago (refused when older than ENQUIRY_MAX_AGE_HOURS). The signature covers the
 * shop and the item the form was served for, so a token from one item page does not serve another, and a
 * changed issue time is refused before the database is asked. HMAC-SHA256 cut to 128 bits (NIST SP 800-107 r1,
 * §5.3.4), as the workshop's approval links.
 *
 * The key: HKDF-SHA256 from the file key (LOUPE_FILE_KEY / LOUPE_FILE_KEY_FILE), under a label of its own, as
 * workshop/approval-tokens.ts derives its key: every API instance of a deployment checks every other's forms,
 * and a copy of the database signs none.
 */
export const ENQUIRY_MIN_SECONDS = 3;
export const ENQUIRY_MAX_AGE_HOURS = 24;

const LABEL = 'loupe/enquiry-time-trap/v1';
const SIGNATURE_BYTES = 16;
const TOKEN = /^(\d{1,15})\.([0-9a-f]{8})\.([A-Za-z0-9_-]{22})$/;

const keys = new Map<string, Buffer>();

function timeTrapKey(config: Pick<Config, 'fileKey'>): Buffer {
  const fileKey = fileKeyFor(config.fileKey);
  let key = keys.get(fileKey.id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', fileKey.key, Buffer.alloc(0), LABEL, 32));
    keys.set(fileKey.id, key);
  }
  return key;
}

export interface FormTarget {
  slug: string;
  itemId: number;
}

const signatureOf = (key: Buffer, target: FormTarget, payload: string): Buffer =>
  createHmac('sha256', key)
    .update(`${target.slug}/${target.itemId}/${payload}`)
    .digest()
    .subarray(0, SIGNATURE_BYTES);

/** The hidden field's value for a form served now for this item. */
export function issueTimeTrap(config: Pick<Config, 'fileKey'>, target: FormTarget, now: Date): string {
  const payload = `${now.getTime()}.${randomBytes(4).toString('hex')}`;
  return `${payload}.${signatureOf(timeTrapKey(config), target, payload).toString('base64url')}`;
}

export type TimeTrapVerdict = 'ok' | 'tooFast' | 'expired' | 'invalid';

/** How a posted token stands: this server's, for this item, posted neither too soon nor too late. */
export function judgeTimeTrap(
  config: Pick<Config, 'fileKey'>,
  target: FormTarget,
  token: string,
  now: Date,
): TimeTrapVerdict {
  const match = TOKEN.exec(token);
  if (!match) return 'invalid';
  const payload = token.slice(0, token.lastIndexOf('.'));
  const given = Buffer.from(match[3]!, 'base64url');
  const expected = signatureOf(timeTrapKey(config), target, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  const elapsed = now.getTime() - Number(match[1]);
  if (elapsed < ENQUIRY_MIN_SECONDS * 1000) return 'tooFast';
  if (elapsed > ENQUIRY_MAX_AGE_HOURS * 3600 * 1000) return 'expired';
  return 'ok';
}
