import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';

export type CookieSecure = 'auto' | 'always' | 'never';
/** Who may read the OpenAPI description (`/docs`): the signed-in platinum member of their active shop, or anyone. */
export type ApiDocsAccess = 'platinum' | 'public';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  host: string;
  port: number;
  /** Absolute path of the embedded database and its lock file. */
  dataDir: string;
  /**
   * Where uploaded files (KYC documents, item images) were kept before they moved into the database: read
   * once at start to move any file still there in. Default: `uploads` inside the data folder.
   */
  uploadsDir: string;
  /**
   * The key that encrypts stored files, kept outside the data folder (and so outside its backups):
   * LOUPE_FILE_KEY (base64 of 32 bytes) or LOUPE_FILE_KEY_FILE (a file holding it). In development with
   * neither, one is generated on first start into `<DATA_DIR>.file-key`, beside the data folder; in
   * production neither is refused.
   */
  fileKey: FileKeySource;
  /**
   * The key that encrypts backups (db/backup-key.ts): LOUPE_BACKUP_KEY or LOUPE_BACKUP_KEY_FILE, outside
   * DATA_DIR and BACKUP_DIR; generated beside the data folder in development, required in production.
   */
  backupKey: KeySource;
  /** The key that signs audit checkpoints (db/audit-checkpoints.ts): LOUPE_AUDIT_KEY or LOUPE_AUDIT_KEY_FILE. */
  auditKey: KeySource;
  /**
   * AUDIT_CHECKPOINT_LOG: the append-only log of signed audit checkpoints (db/audit-checkpoints.ts), one
   * JSON line each. Default `<DATA_DIR>.audit-checkpoints.jsonl`, beside the data folder (outside the database).
   */
  auditCheckpointLog: string;
  /**
   * Where the embedded database's automatic backups go (before each migration, and daily), outside the data
   * folder so that losing the folder does not lose them. Default: the data folder's path plus `-backups`
   * (`./data-backups`); `BACKUP_DIR=off` turns the automatic backups off. `npm run backup` writes here too.
   */
  backupDir: string | null;
  /** When set, a real PostgreSQL is used instead of the embedded database. */
  databaseUrl: string | null;
  /**
   * DATABASE_OWNER_URL: with PostgreSQL, the role that owns the tables; migrations run as it and then grant
   * DATABASE_URL's role only what the application needs (db/roles.ts). Unset: DATABASE_URL's role does both.
   */
  databaseOwnerUrl: string | null;
  cookieSecure: CookieSecure;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  /**
   * How long a looked-up session may be reused without asking the database (0: never). Every change is
   * applied to this process's cache at once and told to the other API instances on the same PostgreSQL through
   * NOTIFY (modules/auth/sessions.ts); this lifetime bounds only what a lost notification could leave behind.
   */
  sessionCacheSeconds: number;
  /** The request limits of plugins/rate-limit.ts, per minute; see RateLimitConfig. */
  rateLimit: RateLimitConfig;
  /**
   * ENQUIRIES_PER_HOUR: enquiry forms (POST /store/{slug}/items/{id}/enquiry) accepted from one address an hour,
   * counted in this process's memory as the request limits are (plugins/rate-limit.ts). Default 5: a person
   * asks about a few watches; a script posting more gets the "too many enquiries" page (429).
   */
  enquiriesPerHour: number;
  /**
   * STOREFRONT_PAGE_CACHE_MS: how long one instance serves a storefront page (listing, item page) it rendered
   * from memory before reading the database again; 0 turns it off. Default 500: under load every visitor of a
   * page within half a second shares one rendering, and an item sold, reserved or unlisted is gone from every
   * page within that half second (issue 24: "no cache serves it for more than a few seconds"). At most 5000.
   */
  storefrontPageCacheMs: number;
  /**
   * STOCK_PAGE_CACHE_ENTRIES: how many stock list pages (GET /items/, per shop, filter, order and page) one
   * instance keeps while the database is unchanged (kernel/snapshot-cache.ts: each request checks the database's
   * snapshot, so a write on any instance is seen by the next read). 0 turns it off. Default 200: a page of 25 rows is
   * ~18 KB of JSON, of 100 ~70 KB, kept as JSON and as the rows' objects: a few tens of MB at most. At most 100,000.
   */
  stockPageCacheEntries: number;
  /**
   * PGLITE_MAINTENANCE_SECONDS: how often the embedded database checks which tables need VACUUM or ANALYZE
   * (db/maintenance.ts; PostgreSQL's autovacuum does it there). null (unset): PGlite's autovacuum_naptime, 60 s.
   * 0 turns the maintenance off, at start too.
   */
  pgliteMaintenanceSeconds: number | null;
  /**
   * `NODE_ENV=production`: a deployment that staff rely on. It starts without demo data unless LOUPE_DEMO asks
   * for it, and refuses to start while any active account has the published demo password.
   */
  production: boolean;
  /** Seed the demo shop on an empty database: on by default, except in production. */
  demo: boolean;
  apiDocs: ApiDocsAccess;
  logLevel: LogLevel;
  /** Extra origins (scheme://host[:port]) accepted by the CSRF Origin check, as Django's CSRF_TRUSTED_ORIGINS. */
  csrfTrustedOrigins: string[];
  /**
   * Which proxies' `X-Forwarded-*` headers are believed: `false` (none: the socket's address is the client),
   * a hop count (`TRUST_PROXY=1`: the nearest proxy only) or addresses and CIDRs. Never "any": trusting every
   * sender lets a client forge its address and reset the per-address throttle at will.
   */
  trustProxy: false | number | string[];
  /**
   * Host names this service answers to, as Django's ALLOWED_HOSTS: `example.com`, `.example.com` (the domain
   * and its subdomains), `*` (anything — only behind a proxy that checks the host itself). Any other Host
   * header is refused with 400 before routing, so a DNS-rebinding page cannot pass for our own origin.
   */
  allowedHosts: string[];
  /** SMTP_URL, MAIL_FROM, PUBLIC_URL: the shop's outgoing e-mail (modules/mail; see MailConfig below). */
  mail: MailConfig;
}

/**
 * The request limits, each per minute and counted in this process's memory (plugins/rate-limit.ts explains
 * the design). A shop's browsers share one address behind its router, so signed-in staff are counted per
 * session rather than per address.
 */
export interface RateLimitConfig {
  /**
   * RATE_LIMIT_SESSION_PER_MINUTE: requests from one signed-in session. Default 3000 (50 a second), the single
   * per-address limit of earlier releases: no one browser is refused what it was allowed before, and each
   * member of a shop now has that much of their own.
   */
  sessionPerMinute: number;
  /**
   * RATE_LIMIT_ADDRESS_PER_MINUTE: requests from one address without a live session (sign-in, CSRF, the
   * storefront, a made-up session cookie). Default 3000, the single limit of earlier releases.
   */
  addressPerMinute: number;
  /**
   * RATE_LIMIT_FLOOD_PER_MINUTE: every request from one address, signed in or not, counted before anything
   * else runs: the ceiling a flood of made-up session cookies meets. Default ten times the larger of the two
   * limits above; it may not be set below either.
   */
  floodPerMinute: number;
}

/** The limits' bounds: 60 a minute at least (one a second), at most far beyond anything one process serves. */
const RATE_LIMIT_MIN = 60;
const RATE_LIMIT_MAX = 100_000_000;

type Env = Record<string, string | undefined>;

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const TRUE = ['1', 'true', 'yes', 'on'];
const FALSE = ['0', 'false', 'no', 'off'];

const POSTGRES_PROTOCOLS = ['postgres:', 'postgresql:'];

/** The setting as a URL when it parses and has one of these schemes and a host name; null otherwise. */
function urlOf(value: string, protocols: readonly string[]): URL | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  return protocols.includes(url.protocol) && url.hostname !== '' ? url : null;
}

/**
 * Reads and validates the environment once, at boot. Every problem is reported in one error so an operator
 * fixes them all in one go rather than one per restart.
 */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const raw = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === '' ? undefined : value;
  };
  const bad = (name: string, expected: string) => {
    problems.push(`${name} must be ${expected} (got ${JSON.stringify(env[name])})`);
  };

  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const value = raw(name);
    if (value === undefined) return fallback;
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
      bad(name, `a whole number from ${min} to ${max}`);
      return fallback;
    }
    return Number(value);
  };

  const boolean = (name: string, fallback: boolean): boolean => {
    const value = raw(name)?.toLowerCase();
    if (value === undefined) return fallback;
    if (TRUE.includes(value)) return true;
    if (FALSE.includes(value)) return false;
    bad(name, 'one of 1/0, true/false, yes/no, on/off');
    return fallback;
  };

  const port = integer('PORT', 8000, 0, 65535);
  const host = raw('HOST') ?? '127.0.0.1';

  // npm runs workspace scripts inside the workspace folder; INIT_CWD is where the command was typed, so
  // `npm run user:create -w @loupe/server` and `npm start` at the root agree on what ./data means.
  const base = env.INIT_CWD && path.isAbsolute(env.INIT_CWD) ? env.INIT_CWD : process.cwd();
  const dataDir = path.resolve(base, raw('DATA_DIR') ?? './data');
  const uploadsDir = path.resolve(base, raw('UPLOADS_DIR') ?? path.join(dataDir, 'uploads'));
  const backupSetting = raw('BACKUP_DIR');
  const backupDir =
    backupSetting !== undefined && FALSE.includes(backupSetting.toLowerCase())
      ? null
      : path.resolve(base, backupSetting ?? `${dataDir}-backups`);

  let databaseUrl: string | null = raw('DATABASE_URL') ?? null;
  if (databaseUrl !== null) {
    if (!urlOf(databaseUrl, POSTGRES_PROTOCOLS)) {
      problems.push(
        'DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/dbname',
      );
      databaseUrl = null;
    }
  }

  let databaseOwnerUrl: string | null = raw('DATABASE_OWNER_URL') ?? null;
  if (databaseOwnerUrl !== null) {
    if (databaseUrl === null && raw('DATABASE_URL') === undefined) {
      problems.push(
        'DATABASE_OWNER_URL is for PostgreSQL only: set DATABASE_URL (the application role) with it, or neither for the embedded database',
      );
    }
    if (!urlOf(databaseOwnerUrl, POSTGRES_PROTOCOLS)) {
      problems.push(
        'DATABASE_OWNER_URL must be a PostgreSQL URL such as postgres://owner:password@host:5432/dbname',
      );
      databaseOwnerUrl = null;
    }
  }

  let cookieSecure: CookieSecure = 'auto';
  const secure = raw('COOKIE_SECURE')?.toLowerCase();
  if (secure !== undefined && secure !== 'auto') {
    if (TRUE.includes(secure)) cookieSecure = 'always';
    else if (FALSE.includes(secure)) cookieSecure = 'never';
    else bad('COOKIE_SECURE', 'auto, true or false');
  }

  const sessionIdleMinutes = integer('SESSION_IDLE_MINUTES', 30, 1, 60 * 24 * 30);
  const sessionMaxHours = integer('SESSION_MAX_HOURS', 12, 1, 24 * 365);
  // Exact on both databases: a sign-out or role change on another instance arrives by NOTIFY (issue 26).
  const sessionCacheSeconds = integer('SESSION_CACHE_SECONDS', 5, 0, 300);
  const rateLimit = parseRateLimits(integer, problems);
  const enquiriesPerHour = integer('ENQUIRIES_PER_HOUR', 5, 1, 10_000);
  const storefrontPageCacheMs = integer('STOREFRONT_PAGE_CACHE_MS', 500, 0, 5000);
  const stockPageCacheEntries = integer('STOCK_PAGE_CACHE_ENTRIES', 200, 0, 100_000);
  const pgliteMaintenanceSeconds =
    raw('PGLITE_MAINTENANCE_SECONDS') === undefined
      ? null
      : integer('PGLITE_MAINTENANCE_SECONDS', 0, 0, 86_400);

  const production = raw('NODE_ENV') === 'production';
  const fileKey = parseFileKeySource(
    raw(FILE_KEY_ENV),
    raw(FILE_KEY_FILE_ENV),
    base,
    dataDir,
    production,
    problems,
  );
  const backupKey = parseKeySource(BACKUP_KEY, raw, base, dataDir, backupDir, production, problems);
  const auditKey = parseKeySource(AUDIT_KEY, raw, base, dataDir, backupDir, production, problems);
  const auditCheckpointLog = path.resolve(
    base,
    raw('AUDIT_CHECKPOINT_LOG') ?? `${dataDir}.audit-checkpoints.jsonl`,
  );
  const demo = boolean('LOUPE_DEMO', !production);
  let apiDocs: ApiDocsAccess = 'platinum';
  const docs = raw('API_DOCS')?.toLowerCase();
  if (docs === 'public') apiDocs = 'public';
  else if (docs !== undefined && docs !== 'platinum') bad('API_DOCS', 'public or platinum');
  const trustProxy = parseTrustProxy(raw('TRUST_PROXY'), problems);

  let logLevel: LogLevel = 'info';
  const level = raw('LOG_LEVEL')?.toLowerCase();
  if (level !== undefined) {
    if ((LOG_LEVELS as readonly string[]).includes(level)) logLevel = level as LogLevel;
    else bad('LOG_LEVEL', LOG_LEVELS.join(', '));
  }

  const csrfTrustedOrigins: string[] = [];
  for (const item of (raw('CSRF_TRUSTED_ORIGINS') ?? '').split(',')) {
    const origin = item.trim();
    if (!origin) continue;
    // Django 4+ requires the scheme; an origin without one would never match a browser's Origin header.
    if (!/^https?:\/\/[^/\s]+$/i.test(origin)) {
      problems.push(
        `CSRF_TRUSTED_ORIGINS entries must look like https://example.com[:port] (got ${JSON.stringify(origin)})`,
      );
      continue;
    }
    csrfTrustedOrigins.push(origin.toLowerCase());
  }

  const allowedHosts = parseAllowedHosts(raw('ALLOWED_HOSTS'), host, problems);
  const mail = parseMailConfig(raw, production, problems);

  if (problems.length > 0) {
    throw new Error(`Invalid environment:\n  - ${problems.join('\n  - ')}`);
  }
  return {
    host,
    port,
    dataDir,
    uploadsDir,
    fileKey,
    backupKey,
    auditKey,
    auditCheckpointLog,
    backupDir,
    databaseUrl,
    databaseOwnerUrl,
    cookieSecure,
    sessionIdleMinutes,
    sessionMaxHours,
    sessionCacheSeconds,
    rateLimit,
    enquiriesPerHour,
    storefrontPageCacheMs,
    stockPageCacheEntries,
    pgliteMaintenanceSeconds,
    production,
    demo,
    apiDocs,
    logLevel,
    csrfTrustedOrigins,
    trustProxy,
    allowedHosts,
    mail,
  };
}

/**
 * RATE_LIMIT_SESSION_PER_MINUTE, RATE_LIMIT_ADDRESS_PER_MINUTE and RATE_LIMIT_FLOOD_PER_MINUTE. The single
 * RATE_LIMIT_PER_MINUTE of earlier releases (one limit per address for everything) still works: it becomes
 * the default of both the per-session and the per-address limit, so a deployment or a benchmark that raised
 * it is not refused anything it was allowed before; a specific variable wins over it.
 */
function parseRateLimits(
  integer: (name: string, fallback: number, min: number, max: number) => number,
  problems: string[],
): RateLimitConfig {
  const before = problems.length;
  const general = integer('RATE_LIMIT_PER_MINUTE', 0, RATE_LIMIT_MIN, RATE_LIMIT_MAX) || undefined;
  const sessionPerMinute = integer(
    'RATE_LIMIT_SESSION_PER_MINUTE',
    general ?? 3000,
    RATE_LIMIT_MIN,
    RATE_LIMIT_MAX,
  );
  const addressPerMinute = integer(
    'RATE_LIMIT_ADDRESS_PER_MINUTE',
    general ?? 3000,
    RATE_LIMIT_MIN,
    RATE_LIMIT_MAX,
  );
  const floor = Math.max(sessionPerMinute, addressPerMinute);
  const floodPerMinute = integer(
    'RATE_LIMIT_FLOOD_PER_MINUTE',
    floor * 10,
    RATE_LIMIT_MIN,
    RATE_LIMIT_MAX * 10,
  );
  // Compared only when all three read well, so that one mistake is reported once.
  if (problems.length === before && floodPerMinute < floor) {
    problems.push(
      `RATE_LIMIT_FLOOD_PER_MINUTE counts every request from an address, signed in or not, so it must be at least ` +
        `RATE_LIMIT_SESSION_PER_MINUTE (${sessionPerMinute}) and RATE_LIMIT_ADDRESS_PER_MINUTE (${addressPerMinute}) ` +
        `(got ${floodPerMinute})`,
    );
  }
  return { sessionPerMinute, addressPerMinute, floodPerMinute };
}

/**
 * Where the file key comes from. A key file is read now, so a missing or malformed one is reported with the
 * other problems; a key file inside DATA_DIR is refused, since a copy of the data folder would then carry
 * the key beside the files it protects.
 */
function parseFileKeySource(
  value: string | undefined,
  file: string | undefined,
  base: string,
  dataDir: string,
  production: boolean,
  problems: string[],
): FileKeySource {
  const generated: FileKeySource = { from: 'generated', path: `${dataDir}.file-key` };
  if (value !== undefined && file !== undefined) {
    problems.push(`Set only one of ${FILE_KEY_ENV} and ${FILE_KEY_FILE_ENV}`);
    return generated;
  }
  if (value !== undefined) {
    try {
      return { from: 'env', key: parseFileKey(value, FILE_KEY_ENV).key };
    } catch (error) {
      problems.push((error as Error).message);
      return generated;
    }
  }
  if (file !== undefined) {
    const source: FileKeySource = { from: 'file', path: path.resolve(base, file) };
    const relative = path.relative(dataDir, source.path);
    if (relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative))) {
      problems.push(
        `${FILE_KEY_FILE_ENV} must be outside DATA_DIR (${dataDir}): a copy of the data folder must not carry the key to its files. ` +
          `Move that file (keep it: the files stored so far open only with it) outside DATA_DIR and point ${FILE_KEY_FILE_ENV} at its new place`,
      );
      return source;
    }
    try {
      fileKeyFor(source);
    } catch (error) {
      if (!(error instanceof FileKeyError)) throw error;
      problems.push(error.message);
    }
    return source;
  }
  if (production)
    problems.push(missingKeyAdvice(FILE_KEY_SETTING, generated.path, 'DATA_DIR and its backups'));
  return generated;
}

/** Loopback in every spelling a browser on this machine may use. */
export const LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];
const WILDCARD_BINDS = new Set(['0.0.0.0', '::', '[::]', '*']);
const HOST_PATTERN = /^(\*|\.?[a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/;

/**
 * ALLOWED_HOSTS as a list; unset, the loopback names plus the address the service listens on (HOST), when it
 * names one host rather than every interface. Set, it is the whole list, as in Django.
 */
function parseAllowedHosts(value: string | undefined, bindHost: string, problems: string[]): string[] {
  if (value === undefined) {
    const hosts = [...LOOPBACK_HOSTS];
    const own = bindHost.toLowerCase();
    const bracketed = own.includes(':') && !own.startsWith('[') ? `[${own}]` : own;
    if (!WILDCARD_BINDS.has(own) && !hosts.includes(bracketed)) hosts.push(bracketed);
    return hosts;
  }
  const hosts: string[] = [];
  for (const item of value.split(',')) {
    const entry = item.trim().toLowerCase().replace(/\.$/, '');
    if (!entry) continue;
    if (!HOST_PATTERN.test(entry)) {
      problems.push(
        `ALLOWED_HOSTS entries must be host names without scheme or port, such as example.com, .example.com, [::1] or * (got ${JSON.stringify(item.trim())})`,
      );
      continue;
    }
    if (!hosts.includes(entry)) hosts.push(entry);
  }
  if (hosts.length === 0) problems.push('ALLOWED_HOSTS must name at least one host');
  return hosts;
}

const IPV4_CIDR = /^(\d{1,3})(\.\d{1,3}){3}(\/\d{1,2})?$/;
const IPV6_CIDR = /^[0-9a-f:.]*:[0-9a-f:.]*(\/\d{1,3})?$/i;

/** `TRUST_PROXY`: off (default), a hop count from 1 to 10, or comma-separated proxy addresses / CIDRs. */
function parseTrustProxy(value: string | undefined, problems: string[]): false | number | string[] {
  if (value === undefined || FALSE.includes(value.toLowerCase())) return false;
  if (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 10) return Number(value);
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length > 0 && entries.every((entry) => IPV4_CIDR.test(entry) || IPV6_CIDR.test(entry))) {
    return entries;
  }
  problems.push(
    `TRUST_PROXY must be off, a hop count from 1 to 10, or proxy addresses/CIDRs such as 10.0.0.0/8 (got ${JSON.stringify(value)}); "true" is refused because it would trust a forged X-Forwarded-For from anyone`,
  );
  return false;
}

// The key that encrypts stored files (kernel/file-crypto.ts seals with it): where it comes from, read once.

export const FILE_KEY_ENV = 'LOUPE_FILE_KEY';
export const FILE_KEY_FILE_ENV = 'LOUPE_FILE_KEY_FILE';

/** Where the key comes from, as the configuration says; read (or made) once, by fileKeyFor. */
export type FileKeySource =
  | { from: 'env'; key: Buffer }
  | { from: 'file'; path: string }
  /** Development without a key: made on first start, in a file beside the data folder. */
  | { from: 'generated'; path: string };

export interface FileKey {
  /**
   * Names the key without revealing it (the start of a SHA-256 of a fixed label and the key), stored with
   * every file so that a file sealed with another key is recognised before any decryption is tried, and a
   * later rotation knows which files still need re-sealing.
   */
  id: string;
  key: Buffer;
}

export class FileKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FileKeyError';
  }
}

export function fileKeyFromBytes(key: Buffer): FileKey {
  if (key.length !== 32) throw new FileKeyError('A file key must be 32 bytes.');
  const id = createHash('sha256').update('loupe-file-key-id\0').update(key).digest('hex').slice(0, 16);
  return { id, key };
}

/** The key written in a key file or in LOUPE_FILE_KEY: base64 of 32 bytes, surrounding blanks ignored. */
export function parseFileKey(text: string, where: string): FileKey {
  const trimmed = text.trim();
  const bytes = /^[A-Za-z0-9+/]+={0,2}$/.test(trimmed) ? Buffer.from(trimmed, 'base64') : Buffer.alloc(0);
  if (bytes.length !== 32) {
    throw new FileKeyError(
      `${where} must hold the base64 of 32 random bytes (make one with: openssl rand -base64 32).`,
    );
  }
  return fileKeyFromBytes(bytes);
}

function readKeyFile(file: string): FileKey {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new FileKeyError(
      `The file key could not be read from ${file} (${FILE_KEY_FILE_ENV}): ${(error as Error).message}`,
    );
  }
  return parseFileKey(text, `The key file ${file}`);
}

const resolved = new Map<string, FileKey>();

/**
 * The key a source names. A development key is generated on first start with mode 0600 (`wx`, so two
 * processes starting together agree on the first one written); a configured key file must already exist.
 */
export function fileKeyFor(source: FileKeySource): FileKey {
  if (source.from === 'env') return fileKeyFromBytes(source.key);
  const known = resolved.get(source.path);
  if (known) return known;
  if (source.from === 'generated') {
    try {
      mkdirSync(path.dirname(source.path), { recursive: true });
      writeFileSync(source.path, `${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
    }
  }
  const key = readKeyFile(source.path);
  resolved.set(source.path, key);
  return key;
}

// Other keys kept outside the database (issue 25): the backup key (db/backup-key.ts) and the audit
// checkpoint key (db/audit-checkpoints.ts), read here at boot like the file key.

/**
 * Secret keys kept outside the database and its data folder: the backup key (this file) and the audit
 * checkpoint key (db/audit-checkpoints.ts). Each is 32 random bytes, given as base64 in an environment
 * variable or in a key file (`openssl rand -base64 32`); in development with neither, one is generated on
 * first use beside the data folder (`<DATA_DIR>.<suffix>`, mode 0600), as the file key is (config.ts).
 */
export type KeySource =
  | { from: 'env'; name: string; key: Buffer }
  | { from: 'file'; name: string; path: string }
  | { from: 'generated'; path: string };

export class KeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeyError';
  }
}

export interface KeySetting {
  /** LOUPE_BACKUP_KEY */
  env: string;
  /** LOUPE_BACKUP_KEY_FILE */
  fileEnv: string;
  /** What the key is for, in a sentence: "the key that encrypts backups". */
  what: string;
  /** `<DATA_DIR><suffix>` is the development key file. */
  suffix: string;
}

export function parseKeyBytes(text: string, where: string): Buffer {
  const trimmed = text.trim();
  const bytes = /^[A-Za-z0-9+/]+={0,2}$/.test(trimmed) ? Buffer.from(trimmed, 'base64') : Buffer.alloc(0);
  if (bytes.length !== 32) {
    throw new KeyError(
      `${where} must hold the base64 of 32 random bytes (make one with: openssl rand -base64 32).`,
    );
  }
  return bytes;
}

const inside = (dir: string, file: string) => {
  const relative = path.relative(dir, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

/**
 * Where a key comes from, read at boot so that a missing or malformed key file is reported with the other
 * problems. A key file inside DATA_DIR or BACKUP_DIR is refused: a copy of either would carry the key beside
 * what it protects. Production without either variable is refused.
 */
export function parseKeySource(
  setting: KeySetting,
  raw: (name: string) => string | undefined,
  base: string,
  dataDir: string,
  backupDir: string | null,
  production: boolean,
  problems: string[],
): KeySource {
  const generated: KeySource = { from: 'generated', path: `${dataDir}${setting.suffix}` };
  const value = raw(setting.env);
  const file = raw(setting.fileEnv);
  if (value !== undefined && file !== undefined) {
    problems.push(`Set only one of ${setting.env} and ${setting.fileEnv}`);
    return generated;
  }
  if (value !== undefined) {
    try {
      return { from: 'env', name: setting.env, key: parseKeyBytes(value, setting.env) };
    } catch (error) {
      problems.push((error as Error).message);
      return generated;
    }
  }
  if (file !== undefined) {
    const source: KeySource = { from: 'file', name: setting.fileEnv, path: path.resolve(base, file) };
    for (const [dir, name] of [
      [dataDir, 'DATA_DIR'],
      [backupDir, 'BACKUP_DIR'],
    ] as const) {
      if (dir && inside(dir, source.path)) {
        problems.push(
          `${setting.fileEnv} must be outside ${name} (${dir}): a copy of that folder must not carry ${setting.what}. ` +
            `Move that file (keep it: what it sealed or signed so far needs it) outside ${name} and point ${setting.fileEnv} at its new place`,
        );
        return source;
      }
    }
    try {
      keyFor(source);
    } catch (error) {
      if (!(error instanceof KeyError)) throw error;
      problems.push(error.message);
    }
    return source;
  }
  if (production) problems.push(missingKeyAdvice(setting, generated.path, 'DATA_DIR and BACKUP_DIR'));
  return generated;
}

const resolvedKeys = new Map<string, Buffer>();

/** The key bytes a source names; a development key is generated on first use (`wx`: the first writer wins). */
export function keyFor(source: KeySource): Buffer {
  if (source.from === 'env') return source.key;
  const known = resolvedKeys.get(source.path);
  if (known) return known;
  if (source.from === 'generated') {
    try {
      mkdirSync(path.dirname(source.path), { recursive: true });
      writeFileSync(source.path, `${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
    }
  }
  let text: string;
  try {
    text = readFileSync(source.path, 'utf8');
  } catch (error) {
    throw new KeyError(
      `The key could not be read from ${source.path}${source.from === 'file' ? ` (${source.name})` : ''}: ${(error as Error).message}`,
    );
  }
  const key = parseKeyBytes(text, `The key file ${source.path}`);
  resolvedKeys.set(source.path, key);
  return key;
}

/** How an operator names a key's setting in a message (never its value). */
export function describeKeySource(source: KeySource, setting: KeySetting): string {
  if (source.from === 'env') return source.name;
  if (source.from === 'file') return `${source.name} (${source.path})`;
  return `the development key file ${source.path} (neither ${setting.env} nor ${setting.fileEnv} is set)`;
}

const FILE_KEY_SETTING: KeySetting = {
  env: FILE_KEY_ENV,
  fileEnv: FILE_KEY_FILE_ENV,
  what: 'the key that encrypts stored files',
  suffix: '.file-key',
};

/**
 * The refusal of a production start without a key (issue 25, item 6). Its advice must not lose what the key
 * protects: when the development key file beside the data folder exists, the files, backups or checkpoints
 * made so far were sealed or signed with it, so the advice names that file; a new key is advised only for a
 * shop that has nothing under an earlier one.
 */
function missingKeyAdvice(setting: KeySetting, developmentFile: string, apart: string): string {
  const start = `NODE_ENV=production needs ${setting.what}: set ${setting.env} or ${setting.fileEnv} (the path of a file holding it)`;
  if (existsSync(developmentFile)) {
    return (
      `${start}. This data folder's key so far is the development key file ${developmentFile}: set ` +
      `${setting.fileEnv}=${developmentFile} (or move it elsewhere outside ${apart} and point ${setting.fileEnv} ` +
      'there). Do not make a new key: what was sealed or signed with this one could not be read or verified again'
    );
  }
  return (
    `${start}, kept outside ${apart}. If this shop ran before, use the key of its earlier starts (the same ` +
    `${setting.env} or ${setting.fileEnv}, or the ${path.basename(developmentFile)} file that was beside its ` +
    'data folder): a new key cannot open what the old one sealed. Only for a new shop make one with ' +
    'openssl rand -base64 32 (base64 of 32 random bytes)'
  );
}

export const BACKUP_KEY: KeySetting = {
  env: 'LOUPE_BACKUP_KEY',
  fileEnv: 'LOUPE_BACKUP_KEY_FILE',
  what: 'the key that encrypts backups',
  suffix: '.backup-key',
};

/** The key that signs audit checkpoints (db/audit-checkpoints.ts): an Ed25519 private key's 32-byte seed. */
export const AUDIT_KEY: KeySetting = {
  env: 'LOUPE_AUDIT_KEY',
  fileEnv: 'LOUPE_AUDIT_KEY_FILE',
  what: 'the key that signs audit checkpoints',
  suffix: '.audit-key',
};

// The shop's outgoing e-mail (issue 23 item 4): read here with the rest, used by modules/mail.

/**
 * The mail settings, read from the environment once at boot with the rest of the configuration (config.ts calls
 * parseMailConfig, so a bad value is reported with every other problem in one go):
 *
 * - SMTP_URL: the SMTP server that delivers the shop's e-mail, as nodemailer's connection URL:
 *   `smtp://user:password@host:587` (STARTTLS when the server offers it) or `smtps://user:password@host:465`
 *   (TLS from the start). Percent-encode a user name or password's special characters. Unset: no delivery —
 *   every message is kept in the outbox only, for the staff to read in the app (Settings → Outbox).
 * - MAIL_FROM: the address the messages come from (`shop@example.com`), shown under the shop's name, with the
 *   shop's own e-mail (Shop Settings) as Reply-To. The SMTP provider must be allowed to send for it (SPF, DKIM:
 *   a From at the shop's own domain sent through another provider fails DMARC). Unset: the shop's e-mail from
 *   Shop Settings is the From address.
 * - PUBLIC_URL: the address clients reach the app at (`https://loupe.example.com`), for the links in e-mails
 *   (the workshop's approval page). Default `http://localhost:8080` (npm start); required in production when
 *   SMTP_URL is set, since a link to localhost would reach no client.
 */
export interface MailConfig {
  smtpUrl: string | null;
  from: string | null;
  publicUrl: string;
}

export const DEFAULT_PUBLIC_URL = 'http://localhost:8080';

/** A plain address (no display name): the shop's name is added to it per message. */
const ADDRESS = /^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]+$/;

export function parseMailConfig(
  raw: (name: string) => string | undefined,
  production: boolean,
  problems: string[],
): MailConfig {
  let smtpUrl = raw('SMTP_URL') ?? null;
  if (smtpUrl !== null) {
    if (!urlOf(smtpUrl, ['smtp:', 'smtps:'])) {
      // Never echo the value: it may hold the SMTP password.
      problems.push(
        'SMTP_URL must be an SMTP URL such as smtp://user:password@mail.example.com:587 or smtps://user:password@mail.example.com:465',
      );
      smtpUrl = null;
    }
  }
  let from = raw('MAIL_FROM') ?? null;
  if (from !== null && !ADDRESS.test(from)) {
    problems.push(
      `MAIL_FROM must be one e-mail address such as shop@example.com (got ${JSON.stringify(from)}); the shop's name is added to it`,
    );
    from = null;
  }
  let publicUrl = DEFAULT_PUBLIC_URL;
  const given = raw('PUBLIC_URL');
  if (given !== undefined) {
    const url = urlOf(given, ['https:', 'http:']);
    // An origin only: no path, query or fragment.
    if (url !== null && (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash) {
      publicUrl = url.origin;
    } else {
      problems.push(
        `PUBLIC_URL must be the app's address such as https://loupe.example.com, without a path (got ${JSON.stringify(given)})`,
      );
    }
  } else if (production && smtpUrl !== null) {
    problems.push(
      'PUBLIC_URL must be set with SMTP_URL in production: the links in e-mails to clients (the workshop approval page) start with it',
    );
  }
  return { smtpUrl, from, publicUrl };
}
