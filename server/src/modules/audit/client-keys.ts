import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { ERASED_CLIENT } from '@loupe/contracts';
import type { FileKey } from '../../config';
import type { Queryable } from '../../db/database';

// Crypto-shredding of a client's personal data in the audit trail (issue 25 item 3; UK GDPR Art. 17 and
// Art. 5(1)(e), storage limitation). The trail is append-only and hash-chained (migration 009): an entry can never
// be rewritten, so a client's name, e-mail, phone, notes and address are written into it ENCRYPTED under a key of
// that client (AES-256-GCM), and the chain's hash is computed over the ciphertext. Erasing the client destroys
// the key: the ciphertext stays, every hash still verifies, and the history reads "erased client".
//
// Entries written before this change stay plaintext and verify as before; readers tell the two apart by the
// sealed value's shape: `{"$enc": "..."}` in a payload, "enc1:..." as a record name.

const CIPHER = 'aes-256-gcm';
const NONCE = 12;
const TAG = 16;
const PREFIX = 'enc1:';

/** The fields of a client entry's payload that are personal data (UK GDPR Art. 4(1)) and so sealed. */
export const PERSONAL_FIELDS: ReadonlySet<string> = new Set([
  'name',
  'email',
  'phone',
  'notes',
  'addressLine1',
  'addressLine2',
  'town',
  'postcode',
  'country',
  'buyerName',
  'sellerName',
  'sellerAddress',
]);

/**
 * The server's file key wraps every client key it writes (config.ts, LOUPE_FILE_KEY): a copy of the database
 * alone (a backup) then decrypts nothing. The app sets it at start (app.ts); code that runs without an app (the
 * demo seeder, a CLI) writes keys plain, which stay readable and are named so (wrapped_with NULL).
 */
let wrapKey: FileKey | null = null;

export function setClientKeyWrap(key: FileKey | null): void {
  wrapKey = key;
}

export class ClientKeyUnavailableError extends Error {
  constructor(clientId: number, keyId: string) {
    super(
      `The audit key of client ${clientId} is wrapped by file key ${keyId}, which this server does not hold.`,
    );
    this.name = 'ClientKeyUnavailableError';
  }
}

const aadOf = (label: string, clientId: number) => Buffer.from(`${label}\0${clientId}`, 'utf8');

function seal(key: Buffer, aad: Buffer, plain: Buffer): Buffer {
  const nonce = randomBytes(NONCE);
  const cipher = createCipheriv(CIPHER, key, nonce);
  cipher.setAAD(aad);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([nonce, body, cipher.getAuthTag()]);
}

function open(key: Buffer, aad: Buffer, sealed: Buffer): Buffer {
  const decipher = createDecipheriv(CIPHER, key, sealed.subarray(0, NONCE));
  decipher.setAAD(aad);
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG));
  return Buffer.concat([decipher.update(sealed.subarray(NONCE, sealed.length - TAG)), decipher.final()]);
}

type Doc = Record<string, unknown>;
const isDoc = (value: unknown): value is Doc =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A sealed value inside a payload. */
const sealedOf = (value: unknown): string | null =>
  isDoc(value) && typeof value.$enc === 'string' && Object.keys(value).length === 1 ? value.$enc : null;

export const isSealedName = (value: string | null): boolean => value !== null && value.startsWith(PREFIX);

/** One client's key, unwrapped; null once destroyed. */
export class ClientKey {
  constructor(
    readonly clientId: number,
    private readonly key: Buffer,
  ) {}

  private aad() {
    return aadOf('loupe-audit/v1', this.clientId);
  }

  sealValue(value: unknown): { $enc: string } {
    return {
      $enc: seal(this.key, this.aad(), Buffer.from(JSON.stringify(value), 'utf8')).toString('base64'),
    };
  }

  openValue(sealed: string): unknown {
    return JSON.parse(open(this.key, this.aad(), Buffer.from(sealed, 'base64')).toString('utf8'));
  }

  sealName(name: string): string {
    return PREFIX + seal(this.key, this.aad(), Buffer.from(name, 'utf8')).toString('base64');
  }

  openName(sealed: string): string {
    return open(this.key, this.aad(), Buffer.from(sealed.slice(PREFIX.length), 'base64')).toString('utf8');
  }

  /** The payload with every personal field (at any depth) sealed. */
  sealPayload(payload: unknown): unknown {
    if (Array.isArray(payload)) return payload.map((v) => this.sealPayload(v));
    if (!isDoc(payload)) return payload;
    return Object.fromEntries(
      Object.entries(payload).map(([k, v]) => {
        if (PERSONAL_FIELDS.has(k) && v !== null && v !== undefined && v !== '')
          return [k, this.sealValue(v)];
        return [k, this.sealPayload(v)];
      }),
    );
  }
}

/** What a sealed value reads as when this server cannot open its key (wrapped by another file key). */
export const SEALED = '(encrypted)';

/**
 * A payload's sealed values opened with `key`; read as "erased client" when the key is gone (null), as
 * "(encrypted)" when it is not this server's to open (undefined).
 */
export function revealPayload(payload: unknown, key: ClientKey | null | undefined): unknown {
  const sealed = sealedOf(payload);
  if (sealed !== null) {
    if (key === undefined) return SEALED;
    if (!key) return ERASED_CLIENT;
    try {
      return key.openValue(sealed);
    } catch {
      return ERASED_CLIENT;
    }
  }
  if (Array.isArray(payload)) return payload.map((v) => revealPayload(v, key));
  if (!isDoc(payload)) return payload;
  return Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, revealPayload(v, key)]));
}

/** Does the payload hold a sealed value anywhere? */
export function hasSealed(payload: unknown): boolean {
  if (sealedOf(payload) !== null) return true;
  if (Array.isArray(payload)) return payload.some(hasSealed);
  return isDoc(payload) && Object.values(payload).some(hasSealed);
}

export function revealName(name: string | null, key: ClientKey | null | undefined): string | null {
  if (!isSealedName(name)) return name;
  if (key === undefined) return SEALED;
  if (!key) return ERASED_CLIENT;
  try {
    return key.openName(name as string);
  } catch {
    return ERASED_CLIENT;
  }
}

interface KeyRow {
  client_id: number;
  wrapped_key: Buffer | Uint8Array | null;
  wrapped_with: string | null;
}

function unwrap(row: KeyRow): ClientKey | null {
  if (row.wrapped_key === null) return null;
  const stored = Buffer.from(row.wrapped_key);
  const clientId = Number(row.client_id);
  if (row.wrapped_with === null) return new ClientKey(clientId, stored);
  if (!wrapKey || wrapKey.id !== row.wrapped_with)
    throw new ClientKeyUnavailableError(clientId, row.wrapped_with);
  return new ClientKey(clientId, open(wrapKey.key, aadOf('loupe-client-key/v1', clientId), stored));
}

/**
 * The client_keys table (migration 029): made on a client's first audited write, read to show the trail,
 * destroyed when the client is erased. Only this file writes it.
 */
export class ClientKeysRepository {
  // No cache: the repositories of the app live as long as it does, and a key destroyed in one transaction (or by
  // another process) must read as destroyed at once everywhere.
  constructor(private readonly db: Queryable) {}

  /**
   * The client's key for a new entry, made now if it has none; null when it was destroyed (an erased client) or
   * the shop has no such client.
   */
  async forWrite(shopId: number, clientId: number, at: Date): Promise<ClientKey | null> {
    const raw = randomBytes(32);
    const wrapped = wrapKey ? seal(wrapKey.key, aadOf('loupe-client-key/v1', clientId), raw) : raw;
    await this.db.query(
      `INSERT INTO client_keys (client_id, shop_id, wrapped_key, wrapped_with, created_at)
       SELECT $1, $2, $3::bytea, $4, $5 WHERE EXISTS (SELECT 1 FROM client_directory WHERE id = $1 AND shop_id = $2)
       ON CONFLICT (client_id) DO NOTHING`,
      [clientId, shopId, wrapped, wrapKey ? wrapKey.id : null, at],
    );
    // No such client of the shop: nothing personal of theirs to seal (the entry is written as it is).
    const rows = await this.db.query<KeyRow>(
      'SELECT client_id, wrapped_key, wrapped_with FROM client_keys WHERE client_id = $1 AND shop_id = $2',
      [clientId, shopId],
    );
    return rows[0] ? unwrap(rows[0]) : null;
  }

  /**
   * The keys of these clients for reading: a destroyed key, or none ever made, is null. A key wrapped by a file
   * key this server lacks is left out (its values then read as sealed, not as erased).
   */
  async forRead(shopId: number, clientIds: number[]): Promise<Map<number, ClientKey | null>> {
    const found = new Map<number, ClientKey | null>();
    const wanted = [...new Set(clientIds)];
    if (wanted.length === 0) return found;
    const rows = await this.db.query<KeyRow>(
      `SELECT client_id, wrapped_key, wrapped_with FROM client_keys
        WHERE shop_id = $1 AND client_id = ANY($2::int[])`,
      [shopId, wanted],
    );
    for (const row of rows) {
      try {
        found.set(Number(row.client_id), unwrap(row));
      } catch {
        // Wrapped by another file key: neither readable nor erased.
      }
    }
    return found;
  }

  /** Crypto-shredding: the key is gone for good (its row stays, keyless, so later writes know). */
  async destroy(shopId: number, clientId: number, at: Date): Promise<void> {
    await this.db.query(
      `INSERT INTO client_keys (client_id, shop_id, wrapped_key, wrapped_with, created_at, destroyed_at)
       VALUES ($1, $2, NULL, NULL, $3, $3)
       ON CONFLICT (client_id) DO UPDATE SET wrapped_key = NULL, wrapped_with = NULL, destroyed_at = $3`,
      [clientId, shopId, at],
    );
  }

  /** Whether the client's key was destroyed. */
  async destroyed(clientId: number): Promise<boolean> {
    const rows = await this.db.query<{ gone: boolean }>(
      'SELECT destroyed_at IS NOT NULL AS gone FROM client_keys WHERE client_id = $1',
      [clientId],
    );
    return rows[0]?.gone === true;
  }
}
