import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { withoutRefusedCharacters } from '@loupe/contracts';
import type { Queryable } from '../db/database';
import { ApiError, fieldErrors, notFound } from './http-errors';
import { KYC_EXTENSIONS, SNIFF_BYTES, type KycContentType } from './file-types';
import type { FileKey } from '../config';
import { CIPHER, FileIntegrityError, openChunk, sealChunk } from './file-crypto';

/**
 * Private storage for the files staff upload (KYC papers, item images): one multipart part streamed into the
 * database chunk by chunk (tables stored_files and stored_file_chunks, each chunk sealed with AES-256-GCM),
 * capped while it arrives, recognised by content, removed again whenever the request fails after its first
 * byte was written, and served back chunk by chunk only with headers that keep it inert. No file is ever
 * held whole in memory: at most one chunk per request.
 */

/**
 * Plaintext bytes per stored chunk (see migrations/011_stored_files.sql for why 256 KiB): what one upload or
 * download holds in memory at a time.
 */
export const CHUNK_BYTES = 256 * 1024;

export const NO_FILE = 'No file was submitted.';
export const EMPTY_FILE = 'The submitted file is empty.';
export const ONE_FILE = 'Send one file, in the field "file", and nothing else.';
const UNREADABLE = 'The upload could not be read.';

export interface UploadRules {
  maxBytes: number;
  /** The 413 text, naming the limit in words staff know. */
  tooLarge: string;
  /** The content type the first bytes show, or null when the file is not of an accepted kind. */
  sniff: (head: Buffer) => string | null;
  notAccepted: string;
  /** The name kept when the client sent none. */
  defaultName: string;
  /**
   * A file part under another field name. KYC refuses it as a malformed request (ONE_FILE); item images
   * answer as DRF does when the field is simply missing (NO_FILE).
   */
  misnamedPart: string;
}

export interface Upload {
  storageKey: string;
  name: string;
  contentType: string;
  size: number;
  sha256: string;
}

/** What a stored row keeps of its file, enough to serve it. */
export interface StoredFile {
  storageKey: string;
  contentType: string;
  size: number;
}

/**
 * The name shown back to staff: no path, none of the control or invisible characters the contracts' Text
 * rule refuses in a single-line field (a name that reads backwards on screen), bounded.
 */
function cleanName(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = withoutRefusedCharacters(base).trim();
  return (clean || fallback).slice(0, 255);
}

/** RFC 5987 encoding for a filename* parameter. */
export const encodeFilename = (name: string) =>
  encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);

interface Received extends Omit<Upload, 'contentType'> {
  head: Buffer;
  writer: StoredFileWriter;
}

/** Plain bytes as a Buffer: PGlite answers bytea as a Uint8Array, node-postgres as a Buffer. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Whether chunks travel as hex text the database encodes and decodes: everywhere but on a PostgreSQL pool.
 * PGlite's own bytea codec makes a string per byte (a 10 MB upload took 5.8 s and +61 MB of garbage, the
 * download 2.9 s; as hex, 2.0-2.4 s, +15 MB and under a second), while node-postgres moves a Buffer as it
 * is (hex would only add garbage there). A transaction cannot say which it is: small files (the demo's) go
 * as hex.
 */
const asHex = (db: Queryable) => (db as { kind?: string }).kind !== 'postgres';

/**
 * Writes one file into the database as it arrives: its row first (unattached), then each chunk as soon as
 * CHUNK_BYTES are in hand and more is known to follow; the last chunk is sealed as last by finish(). Each
 * statement commits on its own, so an upload never holds a transaction (PGlite has one connection) while the
 * network is slow; the file becomes part of a record only when the owning row is inserted (a trigger
 * attaches it in that row's transaction), and an unattached file is deleted by whoever gave up on it, or
 * swept at the next start.
 */
export class StoredFileWriter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private index = 0;
  private size = 0;
  private readonly hash = createHash('sha256');

  private constructor(
    private readonly db: Queryable,
    private readonly key: FileKey,
    readonly storageKey: string,
    private readonly fileId: string,
  ) {}

  static async begin(db: Queryable, key: FileKey, storageKey: string): Promise<StoredFileWriter> {
    const [row] = await db.query<{ id: string }>(
      `INSERT INTO stored_files (key, size_bytes, sha256, content_type, chunk_bytes, chunk_count, cipher, key_id)
       VALUES ($1, 0, $2, '', $3, 0, $4, $5) RETURNING id::text AS id`,
      [storageKey, '0'.repeat(64), CHUNK_BYTES, CIPHER, key.id],
    );
    return new StoredFileWriter(db, key, storageKey, (row as { id: string }).id);
  }

  async write(data: Buffer): Promise<void> {
    this.size += data.length;
    this.hash.update(data);
    this.pending.push(data);
    this.pendingBytes += data.length;
    // Strictly more than a chunk: a full chunk waits until something follows it, since only then is it
    // known not to be the last.
    while (this.pendingBytes > CHUNK_BYTES) {
      const all = Buffer.concat(this.pending);
      await this.seal(all.subarray(0, CHUNK_BYTES), false);
      const rest = Buffer.from(all.subarray(CHUNK_BYTES));
      this.pending = [rest];
      this.pendingBytes = rest.length;
    }
  }

  /**
   * Seals what is left as the last chunk (an empty file still has one, so cutting it off is detected) and
   * records the size, digest and type. `attachTo` attaches the file at once, for a row that already exists.
   */
  async finish(contentType: string, attachTo?: number): Promise<{ size: number; sha256: string }> {
    await this.seal(Buffer.concat(this.pending), true);
    this.pending = [];
    const sha256 = this.hash.digest('hex');
    await this.db.query(
      `UPDATE stored_files SET size_bytes = $2, sha256 = $3, content_type = $4, chunk_count = $5,
              attached = attached OR $6, shop_id = COALESCE($7, shop_id)
        WHERE id = $1`,
      [this.fileId, this.size, sha256, contentType, this.index, attachTo !== undefined, attachTo ?? null],
    );
    return { size: this.size, sha256 };
  }

  private async seal(plain: Buffer, last: boolean): Promise<void> {
    const sealed = sealChunk(this.key, this.storageKey, this.index, last, plain);
    await this.db.query(
      `INSERT INTO stored_file_chunks (file_id, seq, bytes) VALUES ($1, $2, ${asHex(this.db) ? "decode($3, 'hex')" : '$3'})`,
      [this.fileId, this.index, asHex(this.db) ? sealed.toString('hex') : sealed],
    );
    this.index += 1;
  }
}

/** Writes a whole file held in memory (the demo's small papers), in the caller's transaction if given. */
export async function storeBytes(
  db: Queryable,
  key: FileKey,
  storageKey: string,
  bytes: Buffer,
  contentType: string,
): Promise<{ size: number; sha256: string }> {
  const writer = await StoredFileWriter.begin(db, key, storageKey);
  for (let at = 0; at < bytes.length; at += CHUNK_BYTES) {
    await writer.write(bytes.subarray(at, at + CHUNK_BYTES));
  }
  return writer.finish(contentType);
}

/** Another key sealed this file: said before any decryption is tried. */
export class FileKeyMismatchError extends FileIntegrityError {
  constructor(storageKey: string, fileKeyId: string, serverKeyId: string) {
    super(
      `Stored file ${storageKey} was sealed with file key ${fileKeyId}, but this server's key ` +
        `(LOUPE_FILE_KEY or LOUPE_FILE_KEY_FILE) is ${serverKeyId}: start it with the key the files were stored with.`,
    );
    this.name = 'FileKeyMismatchError';
  }
}

export interface OpenedFile {
  size: number;
  contentType: string;
  sha256: string;
  /** The plaintext, one chunk per step, each read from the database only when asked for. */
  chunks: AsyncGenerator<Buffer, void, undefined>;
}

/**
 * Opens a stored file for reading, or null when there is no such (attached or not) file. The key is checked
 * here; each chunk is fetched by its own query when the reader asks for it, decrypted and authenticated,
 * and a missing or surplus chunk, or a total that is not the recorded size, is a FileIntegrityError.
 */
export async function openStoredFile(
  db: Queryable,
  key: FileKey,
  storageKey: string,
): Promise<OpenedFile | null> {
  const [file] = await db.query<{
    id: string;
    size: string;
    sha256: string;
    contentType: string;
    count: number;
    keyId: string;
  }>(
    `SELECT id::text AS id, size_bytes::text AS size, sha256, content_type AS "contentType",
            chunk_count AS count, key_id AS "keyId"
       FROM stored_files WHERE key = $1`,
    [storageKey],
  );
  if (!file) return null;
  if (file.keyId !== key.id) throw new FileKeyMismatchError(storageKey, file.keyId, key.id);
  const size = Number(file.size);
  const hex = asHex(db);
  async function* chunks(): AsyncGenerator<Buffer, void, undefined> {
    let total = 0;
    for (let index = 0; index < file!.count; index += 1) {
      const [row] = await db.query<{ bytes: Uint8Array | string }>(
        `SELECT ${hex ? "encode(bytes, 'hex')" : 'bytes'} AS bytes FROM stored_file_chunks WHERE file_id = $1 AND seq = $2`,
        [file!.id, index],
      );
      if (!row) throw new FileIntegrityError(`Stored file ${storageKey}: chunk ${index} is missing.`);
      const sealed = typeof row.bytes === 'string' ? Buffer.from(row.bytes, 'hex') : asBuffer(row.bytes);
      const plain = openChunk(key, storageKey, index, index === file!.count - 1, sealed);
      total += plain.length;
      if (total > size) break;
      yield plain;
    }
    if (total !== size || file!.count === 0) {
      throw new FileIntegrityError(
        `Stored file ${storageKey}: ${total} bytes decrypted where ${size} were stored.`,
      );
    }
  }
  return { size, contentType: file.contentType, sha256: file.sha256, chunks: chunks() };
}

/** The request-facing side: one kind of file (KYC papers, item images) with its own upload rules. */
export class FileStore {
  constructor(
    private readonly db: Queryable,
    private readonly key: FileKey,
    private readonly rules: UploadRules,
  ) {}

  /** Only the calling plugin's routes read multipart bodies: one file part, nothing else, never over the cap. */
  async acceptUploads(fastify: FastifyInstance): Promise<void> {
    await fastify.register(multipart, {
      limits: { fileSize: this.rules.maxBytes, files: 1, fields: 0, parts: 1, headerPairs: 100 },
    });
  }

  /**
   * Receives the request's one file and hands it to `keep`, which records it in a transaction inserting the
   * row that names `upload.storageKey` (that insert attaches the file). Whatever goes wrong after the first
   * byte was written, `keep` included, the file goes again.
   */
  async receive<T>(request: FastifyRequest, keep: (upload: Upload) => Promise<T>): Promise<T> {
    if (!request.isMultipart()) {
      const type =
        String(request.headers['content-type'] ?? '')
          .split(';')[0]
          ?.trim() ?? '';
      throw new ApiError(415, { detail: `Unsupported media type "${type}" in request.` });
    }
    const written: string[] = [];
    try {
      const received = await this.stream(request, written);
      if (!received) throw fieldErrors({ file: [NO_FILE] });
      if (received.size === 0) throw fieldErrors({ file: [EMPTY_FILE] });
      const contentType = this.rules.sniff(received.head);
      if (!contentType) throw fieldErrors({ file: [this.rules.notAccepted] });
      const { head: _head, writer, ...upload } = received;
      await writer.finish(contentType);
      return await keep({ ...upload, contentType });
    } catch (error) {
      await Promise.all(written.map((storageKey) => this.remove(storageKey).catch(() => undefined)));
      throw error;
    }
  }

  /** Streams the one file part into the database under a random key, hashing and measuring it on the way. */
  private async stream(request: FastifyRequest, written: string[]): Promise<Received | null> {
    const { tooLarge, misnamedPart, defaultName } = this.rules;
    let received: Received | null = null;
    try {
      // Read to the end: a second part is only noticed (as a limit error) by asking for it.
      for await (const part of request.parts()) {
        if (part.type !== 'file' || part.fieldname !== 'file') {
          throw fieldErrors({ file: [part.type === 'file' ? misnamedPart : ONE_FILE] });
        }
        const storageKey = randomBytes(24).toString('hex');
        written.push(storageKey);
        const writer = await StoredFileWriter.begin(this.db, this.key, storageKey);
        const hash = createHash('sha256');
        let size = 0;
        let head = Buffer.alloc(0);
        // Awaiting each write holds the multipart stream back while a chunk goes to the database.
        for await (const data of part.file as AsyncIterable<Buffer>) {
          size += data.length;
          hash.update(data);
          if (head.length < SNIFF_BYTES) {
            head = Buffer.concat([head, data.subarray(0, SNIFF_BYTES - head.length)]);
          }
          await writer.write(data);
        }
        if (part.file.truncated) throw new ApiError(413, { detail: tooLarge });
        received = {
          storageKey,
          name: cleanName(part.filename, defaultName),
          size,
          sha256: hash.digest('hex'),
          head,
          writer,
        };
      }
    } catch (error) {
      if (error instanceof ApiError) throw error;
      const code = (error as { code?: unknown }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, { detail: tooLarge });
      if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
        throw fieldErrors({ file: [ONE_FILE] });
      }
      // A database failure is the server's, not the upload's.
      if (isDatabaseError(error)) throw error;
      throw fieldErrors({ file: [UNREADABLE] });
    }
    return received;
  }

  /**
   * Sends a stored file (404 when it has no bytes) with its own type and length, never sniffed by the
   * browser and, opened on its own, running nothing; `headers` add its disposition and caching. The first
   * chunk is decrypted before the headers go, so a wrong key or a damaged start is a clear error rather
   * than a download; damage further on aborts the response short of its Content-Length, never sending a
   * byte that did not authenticate.
   */
  async send(
    reply: FastifyReply,
    stored: StoredFile,
    headers: Record<string, string>,
  ): Promise<FastifyReply> {
    let opened: OpenedFile | null;
    let first: IteratorResult<Buffer, void>;
    try {
      opened = await openStoredFile(this.db, this.key, stored.storageKey);
      if (!opened) throw notFound();
      first = await opened.chunks.next();
    } catch (error) {
      if (error instanceof FileIntegrityError) {
        reply.log.error({ err: error }, 'stored file could not be decrypted');
        throw new ApiError(500, { detail: `The file could not be decrypted. ${error.message}` });
      }
      throw error;
    }
    const rest = opened.chunks;
    const body = Readable.from(
      (async function* () {
        if (!first.done) yield first.value;
        yield* rest;
      })(),
      { objectMode: false },
    );
    return reply
      .headers({
        'content-type': stored.contentType,
        'content-length': String(opened.size),
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        ...headers,
      })
      .send(body);
  }

  /**
   * Deletes a file and its chunks, in the caller's transaction when given. Deleting the owning row does the
   * same by trigger; this is for a file no row names yet (an upload given up) or already gone.
   */
  async remove(storageKey: string, db: Queryable = this.db): Promise<void> {
    await db.query('DELETE FROM stored_files WHERE key = $1', [storageKey]);
  }
}

/** An error raised by the database driver (node-postgres or PGlite), as opposed to the request's stream. */
function isDatabaseError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const e = error as { code?: unknown; severity?: unknown };
  return typeof e.severity === 'string' || (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code));
}

/**
 * Content-Disposition for a download: an ASCII fallback and the exact UTF-8 name (RFC 6266), with the
 * extension of what the file really is, so the saved file opens in the right program.
 */
export function attachmentHeader(name: string, contentType: string): string {
  const extensions: readonly string[] = KYC_EXTENSIONS[contentType as KycContentType] ?? [];
  const lower = name.toLowerCase();
  const full =
    extensions.length === 0 || extensions.some((ext) => lower.endsWith(ext))
      ? name
      : `${name}${extensions[0]}`;
  const ascii = full.replace(/[^A-Za-z0-9._ ()-]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeFilename(full)}`;
}
