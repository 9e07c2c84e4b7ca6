import { createReadStream } from 'node:fs';
import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/database';
import type { FileKey } from '../config';
import { CHUNK_BYTES, StoredFileWriter } from './file-storage';

/**
 * Files uploaded before they were stored in the database (issue 12) sit in UPLOADS_DIR/<kind>/<storage_key>.
 * At start, after the SQL migrations, each row whose bytes are not yet in the database has its file read
 * chunk by chunk, sealed into stored_files and attached (moveFilesIntoDatabase). Rows are done one at a time
 * and a row whose file is already attached is skipped, so the move is idempotent and a start interrupted
 * halfway simply continues at the next one (an unattached leftover of the interrupted file is replaced). A row
 * whose file is missing from the folder is reported, never a reason to refuse to start.
 *
 * The folder's copies are deleted in a second step (removeMovedFiles), after the caller has had the chance to
 * back the database up: the automatic backup taken before the migrations holds no file bytes (they were still
 * in the folder), so deleting them first would leave no backup from which they could be restored.
 */

export interface FileMoveReport {
  /** Files moved into the database at this start. */
  moved: number;
  /** `<kind>/<storage_key>` of rows whose file is in neither the database nor the folder. */
  missing: string[];
}

/** The tables whose rows name a stored file, and the folder of UPLOADS_DIR their files were kept in. */
const OWNERS = [
  { table: 'client_documents', kind: 'kyc' },
  { table: 'item_images', kind: 'items' },
] as const;

export async function moveFilesIntoDatabase(
  db: Db,
  key: FileKey,
  uploadsDir: string,
): Promise<FileMoveReport> {
  const report: FileMoveReport = { moved: 0, missing: [] };
  for (const { table, kind } of OWNERS) {
    const rows = await db.query<{ storageKey: string; contentType: string; shopId: number }>(
      `SELECT t.storage_key AS "storageKey", t.content_type AS "contentType", t.shop_id AS "shopId"
         FROM ${table} t
        WHERE NOT EXISTS (SELECT 1 FROM stored_files f WHERE f.key = t.storage_key AND f.attached)
        ORDER BY t.id`,
    );
    for (const row of rows) {
      const file = path.join(uploadsDir, kind, row.storageKey);
      const found = await stat(file).catch(() => null);
      if (!found?.isFile()) {
        report.missing.push(`${kind}/${row.storageKey}`);
        continue;
      }
      await db.query('DELETE FROM stored_files WHERE key = $1 AND NOT attached', [row.storageKey]);
      const writer = await StoredFileWriter.begin(db, key, row.storageKey);
      try {
        for await (const data of createReadStream(file, { highWaterMark: CHUNK_BYTES })) {
          await writer.write(data as Buffer);
        }
        await writer.finish(row.contentType, row.shopId);
      } catch (error) {
        await db.query('DELETE FROM stored_files WHERE key = $1', [row.storageKey]).catch(() => undefined);
        throw error;
      }
      report.moved += 1;
    }
  }
  return report;
}

/**
 * Deletes from the folder every file whose bytes are attached in the database (the plaintext copies the move
 * left behind, including those of a start that died between the move and this step); returns how many. It
 * reads the folders rather than the tables: once everything has moved they are empty, so a start pays one
 * directory read per kind, not a query and an unlink attempt per stored file.
 */
export async function removeMovedFiles(db: Db, uploadsDir: string): Promise<number> {
  let removed = 0;
  for (const { kind } of OWNERS) {
    const folder = path.join(uploadsDir, kind);
    const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    if (names.length === 0) continue;
    const moved = await db.query<{ key: string }>(
      'SELECT key FROM stored_files WHERE attached AND key = ANY($1::text[])',
      [names],
    );
    for (const { key } of moved) {
      await unlink(path.join(folder, key));
      removed += 1;
    }
  }
  return removed;
}

/**
 * Files never attached to a row (an upload cut off by a crash) are deleted once they are a day old: no
 * upload takes that long, so one still arriving through another API instance is left alone.
 */
export async function sweepUnattachedFiles(db: Db): Promise<number> {
  const rows = await db.query<{ id: string }>(
    `DELETE FROM stored_files WHERE NOT attached AND created_at < now() - interval '1 day' RETURNING id`,
  );
  return rows.length;
}
