import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, unlink } from 'node:fs/promises';
import { createHash, randomBytes } from 'node:crypto';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import { ClientDocument, ClientDocumentList, KYC_MAX_BYTES, routes } from '@loupe/contracts';
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../../../context';
import { ApiError, fieldErrors, notFound } from '../../../kernel/http-errors';
import { AuditRepository } from '../../../kernel/audit-repository';
import { ClientDocumentsRepository } from '../client-documents-repository';
import { ClientsRepository } from '../clients-repository';
import { shopCaller } from '../../../kernel/shop-scope';
import { withErrors } from '../../../kernel/schemas';
import { ClientParams, DocumentParams, idPattern, pathId } from '../input';
import { KYC_EXTENSIONS, KYC_SNIFF_BYTES, sniffKyc, type KycContentType } from '../kyc-sniff';

const TAGS = ['clients'];
export const NO_FILE = 'No file was submitted.';
export const EMPTY_FILE = 'The submitted file is empty.';
export const NOT_A_DOCUMENT = 'Upload a PDF, JPEG or PNG file. The file you uploaded is none of these.';
export const ONE_FILE = 'Send one file, in the field "file", and nothing else.';
export const TOO_LARGE = `The file is too large (the limit is ${KYC_MAX_BYTES / (1024 * 1024)} MB).`;

/** The name shown back to staff: no path, no control characters, bounded. */
function cleanName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'document').slice(0, 255);
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
  const encoded = encodeURIComponent(full).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

interface Received {
  file: string;
  storageKey: string;
  name: string;
  size: number;
  sha256: string;
  head: Buffer;
}

const kycRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const folder = path.join(ctx.config.uploadsDir, 'kyc');
  const clients = new ClientsRepository(ctx.db);
  const documents = new ClientDocumentsRepository(ctx.db);
  // Only this plugin's routes read multipart bodies: one file part, nothing else, never more than the cap.
  await fastify.register(multipart, {
    limits: { fileSize: KYC_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 100 },
  });

  /** Streams the one file part to disk under a random name, hashing and measuring it on the way. */
  async function receive(request: FastifyRequest, written: string[]): Promise<Received | null> {
    let received: Received | null = null;
    try {
      // Read to the end: a second part is only noticed (as a limit error) by asking for it.
      for await (const part of request.parts()) {
        if (part.type !== 'file' || part.fieldname !== 'file') throw fieldErrors({ file: [ONE_FILE] });
        const storageKey = randomBytes(24).toString('hex');
        const file = path.join(folder, storageKey);
        written.push(file);
        const hash = createHash('sha256');
        let size = 0;
        let head = Buffer.alloc(0);
        const tap = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            size += chunk.length;
            hash.update(chunk);
            if (head.length < KYC_SNIFF_BYTES) {
              head = Buffer.concat([head, chunk.subarray(0, KYC_SNIFF_BYTES - head.length)]);
            }
            done(null, chunk);
          },
        });
        await pipeline(part.file, tap, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
        if (part.file.truncated) throw new ApiError(413, { detail: TOO_LARGE });
        received = {
          file,
          storageKey,
          name: cleanName(part.filename),
          size,
          sha256: hash.digest('hex'),
          head,
        };
      }
    } catch (error) {
      if (error instanceof ApiError) throw error;
      const code = (error as { code?: unknown }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, { detail: TOO_LARGE });
      if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
        throw fieldErrors({ file: [ONE_FILE] });
      }
      if (code === 'EEXIST' || code === 'ENOSPC' || code === 'EACCES') throw error;
      throw fieldErrors({ file: ['The upload could not be read.'] });
    }
    return received;
  }

  fastify.post(
    idPattern(routes.clientKyc),
    {
      config: { auth: 'required' },
      schema: {
        tags: TAGS,
        summary:
          'Adds a KYC document (multipart field "file"; PDF, JPEG or PNG recognised by content; 10 MB)',
        consumes: ['multipart/form-data'],
        params: ClientParams,
        response: withErrors({ 201: ClientDocument }),
      },
    },
    async (request, reply) => {
      const { shopId, userId } = shopCaller(request);
      const id = pathId(request.params.id);
      if (!(await clients.find(shopId, id))) throw notFound();
      if (!request.isMultipart()) {
        const type =
          String(request.headers['content-type'] ?? '')
            .split(';')[0]
            ?.trim() ?? '';
        throw new ApiError(415, { detail: `Unsupported media type "${type}" in request.` });
      }
      await mkdir(folder, { recursive: true });

      // Whatever goes wrong after the first byte reached the disk, the file goes again.
      const written: string[] = [];
      try {
        const received = await receive(request, written);
        if (!received) throw fieldErrors({ file: [NO_FILE] });
        if (received.size === 0) throw fieldErrors({ file: [EMPTY_FILE] });
        const contentType = sniffKyc(received.head);
        if (!contentType) throw fieldErrors({ file: [NOT_A_DOCUMENT] });

        const now = ctx.now();
        const document = await ctx.db.transaction(async (tx) => {
          if (!(await new ClientsRepository(tx).find(shopId, id, true))) throw notFound();
          const created = await new ClientDocumentsRepository(tx).insert({
            shopId,
            clientId: id,
            storageKey: received.storageKey,
            name: received.name,
            contentType,
            size: received.size,
            sha256: received.sha256,
            userId,
            at: now,
          });
          const { storageKey: _key, ...shown } = created;
          await new AuditRepository(tx).record({
            shopId,
            userId,
            entity: 'client',
            entityId: id,
            action: 'kyc_upload',
            after: { ...shown, sha256: received.sha256 },
            at: now,
          });
          return shown;
        });
        return reply.code(201).send(document);
      } catch (error) {
        await Promise.all(written.map((file) => unlink(file).catch(() => undefined)));
        throw error;
      }
    },
  );

  fastify.get(
    idPattern(routes.clientKyc),
    {
      config: { auth: 'required' },
      schema: {
        tags: TAGS,
        summary: 'The client\u2019s KYC documents, newest first',
        params: ClientParams,
        response: withErrors({ 200: ClientDocumentList }),
      },
    },
    async (request) => {
      const { shopId } = shopCaller(request);
      const id = pathId(request.params.id);
      if (!(await clients.find(shopId, id))) throw notFound();
      const results = (await documents.list(shopId, id)).map(({ storageKey: _key, ...shown }) => shown);
      return { results, count: results.length };
    },
  );

  fastify.get(
    idPattern(routes.clientKycDocument),
    {
      config: { auth: 'required' },
      schema: {
        tags: TAGS,
        summary: 'Downloads a KYC document as an attachment (staff of the client\u2019s shop only)',
        params: DocumentParams,
        response: withErrors({ 200: Type.Any() }),
      },
    },
    async (request, reply) => {
      const { shopId } = shopCaller(request);
      const document = await documents.find(shopId, pathId(request.params.id), pathId(request.params.docId));
      if (!document) throw notFound();
      const stream = createReadStream(path.join(folder, document.storageKey));
      try {
        await new Promise<void>((resolve, reject) => {
          stream.once('open', () => resolve());
          stream.once('error', reject);
        });
      } catch {
        throw notFound();
      }
      return (
        reply
          .header('content-type', document.contentType)
          .header('content-length', String(document.size))
          .header('content-disposition', attachmentHeader(document.name, document.contentType))
          .header('x-content-type-options', 'nosniff')
          // Identity papers: nothing may keep a copy, and opened on its own the response runs nothing.
          .header('cache-control', 'private, no-store')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(stream)
      );
    },
  );
};

export default kycRoutes;
