import { createReadStream } from 'node:fs';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import { ITEM_IMAGE_MAX_BYTES, ITEM_IMAGE_MAX_COUNT, ItemImage, routes } from '@loupe/contracts';
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../../../context';
import { ApiError, conflict, fieldErrors, notFound } from '../../../kernel/http-errors';
import { AuditRepository } from '../../../kernel/audit-repository';
import { ItemsRepository } from '../items-repository';
import { shopCaller } from '../../../kernel/shop-scope';
import { Detail, withErrors } from '../../../kernel/schemas';
import { ImageParams, ItemParams, idPattern, pathId } from '../common';
import { sniffImage } from '../image-sniff';

const TAGS = ['inventory'];
const NO_FILE = 'No file was submitted.';
const NOT_AN_IMAGE =
  'Upload a valid image. The file you uploaded was either not an image or a corrupted image.';
const TOO_LARGE = `The image is too large (the limit is ${ITEM_IMAGE_MAX_BYTES / (1024 * 1024)} MB).`;

/** The name shown back to staff: no path, no control characters, bounded. */
function cleanName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'image').slice(0, 255);
}

const imageRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const folder = path.join(ctx.config.uploadsDir, 'items');
  const items = new ItemsRepository(ctx.db);
  // Only this plugin's routes read multipart bodies; one file part, nothing else, never more than the cap.
  await fastify.register(multipart, {
    limits: { fileSize: ITEM_IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 100 },
  });

  fastify.post(
    idPattern(routes.itemImages),
    {
      config: { auth: 'required' },
      // Busboy enforces the real cap per file; this only bounds the whole request around it.
      bodyLimit: ITEM_IMAGE_MAX_BYTES + 64 * 1024,
      schema: {
        tags: TAGS,
        summary: 'Adds an image to an item (multipart field "file"; any image format recognised by content)',
        consumes: ['multipart/form-data'],
        params: ItemParams,
        response: withErrors({ 201: ItemImage, 409: Detail }),
      },
    },
    async (request, reply) => {
      const { shopId, userId } = shopCaller(request);
      const id = pathId(request.params.id);
      if (!(await items.findRow(shopId, id))) throw notFound();
      if (!request.isMultipart()) {
        const type =
          String(request.headers['content-type'] ?? '')
            .split(';')[0]
            ?.trim() ?? '';
        throw new ApiError(415, { detail: `Unsupported media type "${type}" in request.` });
      }

      let upload: { bytes: Buffer; name: string } | null = null;
      try {
        // Read to the end: a second part is only noticed (as a limit error) by asking for it.
        for await (const part of request.parts()) {
          if (part.type !== 'file' || part.fieldname !== 'file') throw fieldErrors({ file: [NO_FILE] });
          upload = { bytes: await part.toBuffer(), name: cleanName(part.filename) };
        }
      } catch (error) {
        if (error instanceof ApiError) throw error;
        const code = (error as { code?: unknown }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, { detail: TOO_LARGE });
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
          throw fieldErrors({ file: ['Send one file, in the field "file", and nothing else.'] });
        }
        throw fieldErrors({ file: ['The upload could not be read.'] });
      }
      if (!upload) throw fieldErrors({ file: [NO_FILE] });
      const { bytes, name } = upload;
      if (bytes.length === 0) throw fieldErrors({ file: ['The submitted file is empty.'] });
      const sniffed = sniffImage(bytes);
      if (!sniffed) throw fieldErrors({ file: [NOT_AN_IMAGE] });

      // The bytes go to disk under a random name first; a refused or failed insert removes them again.
      const storageKey = randomBytes(24).toString('hex');
      const file = path.join(folder, storageKey);
      await mkdir(folder, { recursive: true });
      await writeFile(file, bytes, { flag: 'wx', mode: 0o600 });
      const now = ctx.now();
      try {
        const image = await ctx.db.transaction(async (tx) => {
          const repo = new ItemsRepository(tx);
          if (!(await repo.findRow(shopId, id, true))) throw notFound();
          if ((await repo.imageCount(id)) >= ITEM_IMAGE_MAX_COUNT) {
            throw conflict(`An item has at most ${ITEM_IMAGE_MAX_COUNT} images.`);
          }
          const created = await repo.insertImage(
            shopId,
            id,
            { storageKey, name, contentType: sniffed.contentType, size: bytes.length },
            userId,
            now,
          );
          await new AuditRepository(tx).record({
            shopId,
            userId,
            entity: 'item',
            entityId: id,
            action: 'upload',
            after: created,
            at: now,
          });
          return created;
        });
        return reply.code(201).send(image);
      } catch (error) {
        await unlink(file).catch(() => undefined);
        throw error;
      }
    },
  );

  fastify.get(
    idPattern(routes.itemImage),
    {
      config: { auth: 'required' },
      schema: {
        tags: TAGS,
        summary: 'The bytes of an item image (staff of the shop only)',
        params: ImageParams,
        response: withErrors({ 200: Type.Any() }),
      },
    },
    async (request, reply) => {
      const { shopId } = shopCaller(request);
      const image = await items.findImage(shopId, pathId(request.params.id), pathId(request.params.imageId));
      if (!image) throw notFound();
      const stream = createReadStream(path.join(folder, image.storageKey));
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
          .header('content-type', image.contentType)
          .header('content-length', String(image.size))
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(image.name)}`)
          // Even opened on its own, the response is an image and nothing else: no script, no plugin, no frame.
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cache-control', 'private, max-age=3600')
          .send(stream)
      );
    },
  );

  fastify.delete(
    idPattern(routes.itemImage),
    {
      config: { auth: 'required' },
      schema: {
        tags: TAGS,
        summary: 'Removes an item image',
        params: ImageParams,
        response: withErrors({ 204: Type.Null() }),
      },
    },
    async (request, reply) => {
      const { shopId, userId } = shopCaller(request);
      const id = pathId(request.params.id);
      const imageId = pathId(request.params.imageId);
      const now = ctx.now();
      const removed = await ctx.db.transaction(async (tx) => {
        const repo = new ItemsRepository(tx);
        if (!(await repo.findRow(shopId, id, true))) throw notFound();
        const image = await repo.findImage(shopId, id, imageId);
        if (!image) throw notFound();
        await repo.deleteImage(imageId);
        const { storageKey: _key, ...shown } = image;
        await new AuditRepository(tx).record({
          shopId,
          userId,
          entity: 'item',
          entityId: id,
          action: 'delete_image',
          before: shown,
          at: now,
        });
        return image;
      });
      // After the commit: a crash in between leaves an orphan file, never a row without its bytes.
      await unlink(path.join(folder, removed.storageKey)).catch(() => undefined);
      return reply.code(204).send(null);
    },
  );
};

export default imageRoutes;
