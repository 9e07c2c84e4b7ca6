import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, unlink } from 'node:fs/promises';
import { createHash, randomBytes } from 'node:crypto';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { ApiError, fieldErrors, notFound } from './http-errors';
import { SNIFF_BYTES } from './file-types';

/**
 * Private storage for the files staff upload (KYC papers, item images): one multipart part streamed to disk
 * under a random name, capped while it arrives, recognised by content, removed again whenever the request
 * fails after its first byte reached the disk, and served back only with headers that keep it inert.
 */

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

/** The name shown back to staff: no path, no control characters, bounded. */
function cleanName(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || fallback).slice(0, 255);
}

/** RFC 5987 encoding for a filename* parameter. */
export const encodeFilename = (name: string) =>
  encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);

interface Received extends Omit<Upload, 'contentType'> {
  head: Buffer;
}

export class FileStore {
  readonly folder: string;

  /** Files of one kind live in their own folder under the private uploads folder (`UPLOADS_DIR`). */
  constructor(
    uploadsDir: string,
    kind: string,
    private readonly rules: UploadRules,
  ) {
    this.folder = path.join(uploadsDir, kind);
  }

  /** Only the calling plugin's routes read multipart bodies: one file part, nothing else, never over the cap. */
  async acceptUploads(fastify: FastifyInstance): Promise<void> {
    await fastify.register(multipart, {
      limits: { fileSize: this.rules.maxBytes, files: 1, fields: 0, parts: 1, headerPairs: 100 },
    });
  }

  /**
   * Receives the request's one file and hands it to `keep` (which records it, typically in a transaction).
   * Whatever goes wrong after the first byte reached the disk, `keep` included, the file goes again.
   */
  async receive<T>(request: FastifyRequest, keep: (upload: Upload) => Promise<T>): Promise<T> {
    if (!request.isMultipart()) {
      const type =
        String(request.headers['content-type'] ?? '')
          .split(';')[0]
          ?.trim() ?? '';
      throw new ApiError(415, { detail: `Unsupported media type "${type}" in request.` });
    }
    await mkdir(this.folder, { recursive: true });
    const written: string[] = [];
    try {
      const received = await this.stream(request, written);
      if (!received) throw fieldErrors({ file: [NO_FILE] });
      if (received.size === 0) throw fieldErrors({ file: [EMPTY_FILE] });
      const contentType = this.rules.sniff(received.head);
      if (!contentType) throw fieldErrors({ file: [this.rules.notAccepted] });
      const { head: _head, ...upload } = received;
      return await keep({ ...upload, contentType });
    } catch (error) {
      await Promise.all(written.map((file) => unlink(file).catch(() => undefined)));
      throw error;
    }
  }

  /** Streams the one file part to disk under a random name, hashing and measuring it on the way. */
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
        const file = path.join(this.folder, storageKey);
        written.push(file);
        const hash = createHash('sha256');
        let size = 0;
        let head = Buffer.alloc(0);
        const tap = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            size += chunk.length;
            hash.update(chunk);
            if (head.length < SNIFF_BYTES) {
              head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
            }
            done(null, chunk);
          },
        });
        await pipeline(part.file, tap, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
        if (part.file.truncated) throw new ApiError(413, { detail: tooLarge });
        received = {
          storageKey,
          name: cleanName(part.filename, defaultName),
          size,
          sha256: hash.digest('hex'),
          head,
        };
      }
    } catch (error) {
      if (error instanceof ApiError) throw error;
      const code = (error as { code?: unknown }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, { detail: tooLarge });
      if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
        throw fieldErrors({ file: [ONE_FILE] });
      }
      if (code === 'EEXIST' || code === 'ENOSPC' || code === 'EACCES') throw error;
      throw fieldErrors({ file: [UNREADABLE] });
    }
    return received;
  }

  /**
   * Sends a stored file (404 when its bytes are gone) with its own type and length, never sniffed by the
   * browser and, opened on its own, running nothing; `headers` add its disposition and caching.
   */
  async send(
    reply: FastifyReply,
    stored: StoredFile,
    headers: Record<string, string>,
  ): Promise<FastifyReply> {
    const stream = createReadStream(path.join(this.folder, stored.storageKey));
    try {
      await new Promise<void>((resolve, reject) => {
        stream.once('open', () => resolve());
        stream.once('error', reject);
      });
    } catch {
      throw notFound();
    }
    return reply
      .headers({
        'content-type': stored.contentType,
        'content-length': String(stored.size),
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        ...headers,
      })
      .send(stream);
  }

  /** After the row is gone: a crash in between leaves an orphan file, never a row without its bytes. */
  async remove(storageKey: string): Promise<void> {
    await unlink(path.join(this.folder, storageKey)).catch(() => undefined);
  }
}
