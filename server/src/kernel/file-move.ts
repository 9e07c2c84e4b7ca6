import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/database';
import { UPLOAD_FOLDERS } from '../db/upgrade';
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
 * The folder's copies are not deleted here: the previous release reads them there, and the backup taken before
 * the migrations holds none of their bytes, so they stay until an operator confirms the upgrade
 * (`npm run upgrade:confirm`, cli/upgrade-confirm.ts, which removes each once proved identical to the database's
 * copy; issue 25 item 6, db/upgrade.ts).
 */

export interface FileMoveReport {
  /** Files moved into the database at this start. */
  moved: number;
  /** `<kind>/<storage_key>` of rows whose file is in neither the database nor the folder. */
  missing: string[];
}

export async function moveFilesIntoDatabase(
  db: Db,
  key: FileKey,
  uploadsDir: string,
): Promise<FileMoveReport> {
  const report: FileMoveReport = { moved: 0, missing: [] };
  for (const { table, kind } of UPLOAD_FOLDERS) {
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
 * Files never attached to a row (an upload cut off by a crash) are deleted once they are a day old: no
 * upload takes that long, so one still arriving through another API instance is left alone.
 */
export async function sweepUnattachedFiles(db: Db): Promise<number> {
  const rows = await db.query<{ id: string }>(
    `DELETE FROM stored_files WHERE NOT attached AND created_at < now() - interval '1 day' RETURNING id`,
  );
  return rows.length;
}
