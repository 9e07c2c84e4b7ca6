import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileKeyFor, loadConfig, parseFileKey } from '../src/config';

/** A file key as LOUPE_FILE_KEY takes it: base64 of 32 bytes. */
const FILE_KEY = Buffer.alloc(32, 3).toString('base64');
/** Production also needs the backup and audit checkpoint keys (db/backup-key.ts). */
const OTHER_KEYS = {
  LOUPE_BACKUP_KEY: Buffer.alloc(32, 21).toString('base64'),
  LOUPE_AUDIT_KEY: Buffer.alloc(32, 22).toString('base64'),
};

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      host: '127.0.0.1',
      port: 8000,
      dataDir: path.resolve(process.cwd(), 'data'),
      uploadsDir: path.resolve(process.cwd(), 'data', 'uploads'),
      fileKey: { from: 'generated', path: path.resolve(process.cwd(), 'data.file-key') },
      backupKey: { from: 'generated', path: path.resolve(process.cwd(), 'data.backup-key') },
      auditKey: { from: 'generated', path: path.resolve(process.cwd(), 'data.audit-key') },
      auditCheckpointLog: path.resolve(process.cwd(), 'data.audit-checkpoints.jsonl'),
      backupDir: path.resolve(process.cwd(), 'data-backups'),
      databaseUrl: null,
      databaseOwnerUrl: null,
      cookieSecure: 'auto',
      sessionIdleMinutes: 30,
      sessionMaxHours: 12,
      sessionCacheSeconds: 5,
      rateLimit: { sessionPerMinute: 3000, addressPerMinute: 3000, floodPerMinute: 30000 },
      enquiriesPerHour: 5,
      storefrontPageCacheMs: 500,
      stockPageCacheEntries: 200,
      pgliteMaintenanceSeconds: null,
      production: false,
      demo: true,
      apiDocs: 'platinum',
      logLevel: 'info',
      csrfTrustedOrigins: [],
      trustProxy: false,
      allowedHosts: ['localhost', '127.0.0.1', '[::1]'],
      mail: { smtpUrl: null, from: null, publicUrl: 'http://localhost:8080' },
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9001',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/loupe',
      UPLOADS_DIR: '/srv/loupe-files',
      BACKUP_DIR: '/srv/loupe-backups',
      DATABASE_URL: 'postgres://loupe:pw@db.internal:5432/loupe',
      COOKIE_SECURE: 'true',
      SESSION_IDLE_MINUTES: '15',
      SESSION_MAX_HOURS: '8',
      SESSION_CACHE_SECONDS: '0',
      NODE_ENV: 'production',
      LOUPE_FILE_KEY: FILE_KEY,
      ...OTHER_KEYS,
      LOUPE_DEMO: '1',
      API_DOCS: 'public',
      LOG_LEVEL: 'warn',
      CSRF_TRUSTED_ORIGINS: 'https://a.example, https://*.b.example',
      TRUST_PROXY: '1',
      ALLOWED_HOSTS: 'loupe.example, .shop.example, LOCALHOST',
      RATE_LIMIT_SESSION_PER_MINUTE: '600',
      RATE_LIMIT_ADDRESS_PER_MINUTE: '2000',
      RATE_LIMIT_FLOOD_PER_MINUTE: '50000',
      ENQUIRIES_PER_HOUR: '12',
      STOREFRONT_PAGE_CACHE_MS: '0',
      STOCK_PAGE_CACHE_ENTRIES: '0',
      PGLITE_MAINTENANCE_SECONDS: '300',
      SMTP_URL: 'smtps://shop%40example.com:p%40ss@mail.example.com:465',
      MAIL_FROM: 'shop@example.com',
      PUBLIC_URL: 'https://loupe.example/',
    });
    expect(config).toEqual({
      host: '0.0.0.0',
      port: 9001,
      dataDir: '/var/lib/loupe',
      uploadsDir: '/srv/loupe-files',
      fileKey: { from: 'env', key: Buffer.from(FILE_KEY, 'base64') },
      backupKey: { from: 'env', name: 'LOUPE_BACKUP_KEY', key: Buffer.alloc(32, 21) },
      auditKey: { from: 'env', name: 'LOUPE_AUDIT_KEY', key: Buffer.alloc(32, 22) },
      auditCheckpointLog: '/var/lib/loupe.audit-checkpoints.jsonl',
      backupDir: '/srv/loupe-backups',
      databaseUrl: 'postgres://loupe:pw@db.internal:5432/loupe',
      databaseOwnerUrl: null,
      cookieSecure: 'always',
      sessionIdleMinutes: 15,
      sessionMaxHours: 8,
      sessionCacheSeconds: 0,
      rateLimit: { sessionPerMinute: 600, addressPerMinute: 2000, floodPerMinute: 50000 },
      enquiriesPerHour: 12,
      storefrontPageCacheMs: 0,
      stockPageCacheEntries: 0,
      pgliteMaintenanceSeconds: 300,
      production: true,
      demo: true,
      apiDocs: 'public',
      logLevel: 'warn',
      csrfTrustedOrigins: ['https://a.example', 'https://*.b.example'],
      trustProxy: 1,
      allowedHosts: ['loupe.example', '.shop.example', 'localhost'],
      mail: {
        smtpUrl: 'smtps://shop%40example.com:p%40ss@mail.example.com:465',
        from: 'shop@example.com',
        publicUrl: 'https://loupe.example',
      },
    });
    expect(loadConfig({ COOKIE_SECURE: 'false' }).cookieSecure).toBe('never');
    expect(loadConfig({ LOUPE_DEMO: 'off' }).demo).toBe(false);
  });

  it('NODE_ENV=production: no demo data unless LOUPE_DEMO asks for it; other environments keep it on', () => {
    expect(loadConfig({ NODE_ENV: 'production', LOUPE_FILE_KEY: FILE_KEY, ...OTHER_KEYS })).toMatchObject({
      production: true,
      demo: false,
    });
    expect(
      loadConfig({ NODE_ENV: 'production', LOUPE_FILE_KEY: FILE_KEY, ...OTHER_KEYS, LOUPE_DEMO: 'yes' }),
    ).toMatchObject({
      production: true,
      demo: true,
    });
    for (const NODE_ENV of ['development', 'test', 'Production', '']) {
      expect(loadConfig({ NODE_ENV })).toMatchObject({ production: false, demo: true });
    }
  });

  it('API_DOCS: platinum members only unless public', () => {
    expect(loadConfig({ API_DOCS: 'PUBLIC' }).apiDocs).toBe('public');
    expect(loadConfig({ API_DOCS: 'platinum' }).apiDocs).toBe('platinum');
    expect(() => loadConfig({ API_DOCS: 'yes' })).toThrow('API_DOCS must be public or platinum (got "yes")');
  });

  it('SMTP_URL, MAIL_FROM, PUBLIC_URL: refused when malformed, never echoing an SMTP password', () => {
    let message = '';
    try {
      loadConfig({ SMTP_URL: 'http://user:s3cret@mail.example.com', MAIL_FROM: 'Shop <shop@example.com>' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(
      'SMTP_URL must be an SMTP URL such as smtp://user:password@mail.example.com:587',
    );
    expect(message).toContain('MAIL_FROM must be one e-mail address such as shop@example.com');
    expect(message).not.toContain('s3cret');
    expect(() => loadConfig({ PUBLIC_URL: 'https://loupe.example/app' })).toThrow(
      /PUBLIC_URL must be the app's address such as https:\/\/loupe\.example\.com, without a path/,
    );
    // In production a link to localhost would reach no client.
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        LOUPE_FILE_KEY: FILE_KEY,
        ...OTHER_KEYS,
        SMTP_URL: 'smtp://m.example',
      }),
    ).toThrow('PUBLIC_URL must be set with SMTP_URL in production');
  });

  it('allows loopback and the address it listens on by default, and refuses malformed ALLOWED_HOSTS', () => {
    expect(loadConfig({ HOST: 'loupe.lan' }).allowedHosts).toEqual([
      'localhost',
      '127.0.0.1',
      '[::1]',
      'loupe.lan',
    ]);
    expect(loadConfig({ HOST: '::' }).allowedHosts).toEqual(['localhost', '127.0.0.1', '[::1]']);
    expect(loadConfig({ HOST: '::1' }).allowedHosts).toEqual(['localhost', '127.0.0.1', '[::1]']);
    expect(() => loadConfig({ ALLOWED_HOSTS: 'https://loupe.example' })).toThrow(
      'ALLOWED_HOSTS entries must be host names without scheme or port, such as example.com, .example.com, [::1] or * (got "https://loupe.example")',
    );
    expect(() => loadConfig({ ALLOWED_HOSTS: ' , ' })).toThrow('ALLOWED_HOSTS must name at least one host');
  });

  it('caches sessions for 5 s by default on both databases (changes arrive by NOTIFY), 0 turns it off', () => {
    const url = 'postgres://loupe:pw@db.internal:5432/loupe';
    expect(loadConfig({}).sessionCacheSeconds).toBe(5);
    expect(loadConfig({ DATABASE_URL: url }).sessionCacheSeconds).toBe(5);
    expect(loadConfig({ DATABASE_URL: url, SESSION_CACHE_SECONDS: '0' }).sessionCacheSeconds).toBe(0);
  });

  it('resolves a relative DATA_DIR against the directory npm was started in', () => {
    expect(loadConfig({ DATA_DIR: './data', INIT_CWD: '/srv/loupe' }).dataDir).toBe('/srv/loupe/data');
  });

  it('reports every bad variable at once, by name', () => {
    let message = '';
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x@y/z',
        COOKIE_SECURE: 'sometimes',
        SESSION_IDLE_MINUTES: '0',
        SESSION_MAX_HOURS: '-3',
        LOUPE_DEMO: 'maybe',
        LOG_LEVEL: 'loud',
        CSRF_TRUSTED_ORIGINS: 'example.com',
      });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid environment:/);
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'COOKIE_SECURE',
      'SESSION_IDLE_MINUTES',
      'SESSION_MAX_HOURS',
      'LOUPE_DEMO',
      'LOG_LEVEL',
      'CSRF_TRUSTED_ORIGINS',
    ]) {
      expect(message).toContain(name);
    }
    expect(message).toContain('PORT must be a whole number from 0 to 65535 (got "eighty")');
  });

  it.each([['70000'], ['1.5'], ['-1']])('rejects PORT=%s', (port) => {
    expect(() => loadConfig({ PORT: port })).toThrow(/PORT/);
  });

  describe('the key that encrypts stored files', () => {
    let work: string;
    beforeEach(() => {
      work = mkdtempSync(path.join(os.tmpdir(), 'loupe-config-key-'));
    });
    afterEach(() => {
      rmSync(work, { recursive: true, force: true });
    });

    it('takes LOUPE_FILE_KEY as base64 of 32 bytes, and refuses anything else', () => {
      expect(loadConfig({ LOUPE_FILE_KEY: FILE_KEY }).fileKey).toEqual({
        from: 'env',
        key: Buffer.alloc(32, 3),
      });
      for (const bad of [
        Buffer.alloc(16).toString('base64'),
        'not base64 at all!',
        Buffer.alloc(33).toString('base64'),
      ]) {
        expect(() => loadConfig({ LOUPE_FILE_KEY: bad })).toThrow(
          'LOUPE_FILE_KEY must hold the base64 of 32 random bytes (make one with: openssl rand -base64 32).',
        );
      }
    });

    it('reads LOUPE_FILE_KEY_FILE at boot: a missing or malformed file, one inside DATA_DIR, or both variables are refused', () => {
      const file = path.join(work, 'loupe.key');
      writeFileSync(file, `${FILE_KEY}\n`, { mode: 0o600 });
      const dataDir = path.join(work, 'data');
      const config = loadConfig({ DATA_DIR: dataDir, LOUPE_FILE_KEY_FILE: file });
      expect(config.fileKey).toEqual({ from: 'file', path: file });
      expect(fileKeyFor(config.fileKey).key).toEqual(Buffer.alloc(32, 3));

      expect(() =>
        loadConfig({ DATA_DIR: dataDir, LOUPE_FILE_KEY_FILE: path.join(work, 'nowhere.key') }),
      ).toThrow(/The file key could not be read from .*nowhere\.key \(LOUPE_FILE_KEY_FILE\)/);
      const short = path.join(work, 'short.key');
      writeFileSync(short, 'c2hvcnQ=\n');
      expect(() => loadConfig({ DATA_DIR: dataDir, LOUPE_FILE_KEY_FILE: short })).toThrow(
        /The key file .*short\.key must hold the base64 of 32 random bytes/,
      );
      expect(() =>
        loadConfig({ DATA_DIR: dataDir, LOUPE_FILE_KEY_FILE: path.join(dataDir, 'loupe.key') }),
      ).toThrow(/LOUPE_FILE_KEY_FILE must be outside DATA_DIR/);
      expect(() =>
        loadConfig({ DATA_DIR: dataDir, LOUPE_FILE_KEY: FILE_KEY, LOUPE_FILE_KEY_FILE: file }),
      ).toThrow('Set only one of LOUPE_FILE_KEY and LOUPE_FILE_KEY_FILE');
    });

    it('in development with neither, generates a key on first start beside DATA_DIR, owner-only, and keeps it', () => {
      const dataDir = path.join(work, 'data');
      const config = loadConfig({ DATA_DIR: dataDir });
      const keyFile = path.join(work, 'data.file-key');
      expect(config.fileKey).toEqual({ from: 'generated', path: keyFile });
      // Reading the configuration writes nothing: the key is made when the database opens.
      expect(existsSync(keyFile)).toBe(false);
      const first = fileKeyFor(config.fileKey);
      expect(statSync(keyFile).mode & 0o777).toBe(0o600);
      expect(Buffer.from(readFileSync(keyFile, 'utf8').trim(), 'base64')).toEqual(first.key);
      expect(first.key).toHaveLength(32);
      // A second start (a new process reads the file again) finds the same key.
      expect(parseFileKey(readFileSync(keyFile, 'utf8'), 'the key file')).toEqual(first);
      expect(fileKeyFor(loadConfig({ DATA_DIR: dataDir }).fileKey)).toEqual(first);
    });

    it('in production with neither, refuses to start and names both variables', () => {
      expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: path.join(work, 'data') })).toThrow(
        /NODE_ENV=production needs the key that encrypts stored files: set LOUPE_FILE_KEY .* or LOUPE_FILE_KEY_FILE/,
      );
      expect(existsSync(path.join(work, 'data.file-key'))).toBe(false);
    });
  });

  it('rejects a DATABASE_URL that is not a URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL must be a PostgreSQL URL/);
  });

  it('takes each URL setting only with its own schemes and a host name (PUBLIC_URL: an origin only)', () => {
    const database = 'postgresql://loupe:pw@db.internal:5432/loupe';
    expect(loadConfig({ DATABASE_URL: database }).databaseUrl).toBe(database);
    for (const wrong of ['mysql://loupe:pw@db.internal/loupe', 'postgres:///loupe']) {
      expect(() => loadConfig({ DATABASE_URL: wrong })).toThrow(/DATABASE_URL must be a PostgreSQL URL/);
    }
    const owner = 'postgres://owner:pw@db.internal/loupe';
    expect(loadConfig({ DATABASE_URL: database, DATABASE_OWNER_URL: owner }).databaseOwnerUrl).toBe(owner);
    expect(() =>
      loadConfig({ DATABASE_URL: database, DATABASE_OWNER_URL: 'https://db.internal/loupe' }),
    ).toThrow(/DATABASE_OWNER_URL must be a PostgreSQL URL/);
    expect(loadConfig({ SMTP_URL: 'smtps://mail.example.com:465' }).mail.smtpUrl).toBe(
      'smtps://mail.example.com:465',
    );
    expect(() => loadConfig({ SMTP_URL: 'smtp://' })).toThrow(/SMTP_URL must be an SMTP URL/);
    expect(loadConfig({ PUBLIC_URL: 'https://loupe.example.com/' }).mail.publicUrl).toBe(
      'https://loupe.example.com',
    );
    for (const wrong of [
      'https://loupe.example.com/?shop=1',
      'https://loupe.example.com/#top',
      'ftp://loupe.example.com',
    ]) {
      expect(() => loadConfig({ PUBLIC_URL: wrong })).toThrow(/PUBLIC_URL must be the app's address/);
    }
  });
});
