import type { Queryable } from '../../src/db/database';
import { fileKeyFromBytes } from '../../src/config';
import { openStoredFile } from '../../src/kernel/file-storage';
import { TEST_FILE_KEY } from '../helper';

/** The key apiTestbed's databases seal files with. */
export const testFileKey = () => fileKeyFromBytes(Buffer.from(TEST_FILE_KEY, 'base64'));

/** The keys of the files stored in the database, oldest first (what a folder listing used to show). */
export async function storedKeys(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ key: string }>('SELECT key FROM stored_files ORDER BY id');
  return rows.map((r) => r.key);
}

/** A stored file's bytes, decrypted and authenticated (a test's files are small). */
export async function readStored(db: Queryable, storageKey: string, key = testFileKey()): Promise<Buffer> {
  const opened = await openStoredFile(db, key, storageKey);
  if (!opened) throw new Error(`No stored file ${storageKey}`);
  const parts: Buffer[] = [];
  for await (const chunk of opened.chunks) parts.push(chunk);
  return Buffer.concat(parts);
}
