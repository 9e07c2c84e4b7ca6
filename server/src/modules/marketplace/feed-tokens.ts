import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FeedChannel } from '@loupe/contracts';
import { fileKeyFor, type Config } from '../../config';

/*
 * A feed's secret token (issue 24 item 3): the last part of /store/{slug}/feeds/{channel}/{token}.xml.
 *
 *   token = base64url(HMAC-SHA256(key, "<shopId>.<channel>.<nonce>"), first 16 bytes)   — 22 characters
 *
 * The database keeps only the nonce (16 random bytes per shop and channel, marketplace_channels.token_nonce);
 * the key is derived with HKDF-SHA256 from the file key (LOUPE_FILE_KEY / LOUPE_FILE_KEY_FILE) under a label of
 * its own, as the workshop's approval links are (workshop/approval-tokens.ts). So staff can be shown the URL
 * again at any time (it is recomputed, never stored), a copy of the database or a backup cannot build a working
 * URL, and a new nonce (Rotate) ends the old URL at once on every instance. 128 bits of HMAC are beyond guessing
 * (NIST SP 800-107 r1 §5.3.4); the comparison is constant-time.
 */

const LABEL = 'loupe/marketplace-feed-tokens/v1';
const TOKEN_BYTES = 16;
/** The token's shape in a URL: anything else is a 404 without a database read. */
export const FEED_TOKEN = /^[A-Za-z0-9_-]{22}$/;

const keys = new Map<string, Buffer>();

function feedKey(config: Pick<Config, 'fileKey'>): Buffer {
  const fileKey = fileKeyFor(config.fileKey);
  let key = keys.get(fileKey.id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', fileKey.key, Buffer.alloc(0), LABEL, 32));
    keys.set(fileKey.id, key);
  }
  return key;
}

/** A fresh nonce: a new token for the channel (and the end of the old one). */
export function newTokenNonce(): string {
  return randomBytes(16).toString('hex');
}

/** The token of a shop's channel for its current nonce. */
export function feedToken(
  config: Pick<Config, 'fileKey'>,
  shopId: number,
  channel: FeedChannel,
  nonce: string,
): string {
  return createHmac('sha256', feedKey(config))
    .update(`${shopId}.${channel}.${nonce}`)
    .digest()
    .subarray(0, TOKEN_BYTES)
    .toString('base64url');
}

/** Whether `given` is the channel's token now (constant-time). */
export function tokenMatches(
  config: Pick<Config, 'fileKey'>,
  shopId: number,
  channel: FeedChannel,
  nonce: string,
  given: string,
): boolean {
  if (!FEED_TOKEN.test(given)) return false;
  const expected = Buffer.from(feedToken(config, shopId, channel, nonce));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
