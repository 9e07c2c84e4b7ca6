import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Browser } from '../helper';
import { inventoryTestbed, itemBody } from '../modules/inventory/setup';
import { storedKeys } from './file-store-helpers';

/** The image endpoints, end to end, with files stored in the database. */
const { state, as, appWith } = inventoryTestbed();
const ITEMS = '/api/items/';
const MB = 1024 * 1024;
const PNG_HEAD = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);

function upload(browser: Browser, itemId: number, bytes: Buffer) {
  const boundary = '----loupe-files-boundary-91c3';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="watch.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return browser.post(`${ITEMS}${itemId}/images/`, body, {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

async function imageOnItem(
  bytes: Buffer,
  serial = 'RLX-0001',
): Promise<{ browser: Browser; url: string; itemId: number }> {
  const browser = await as('gold');
  const item = await browser.post(ITEMS, itemBody({ serial }));
  expect(item.statusCode).toBe(201);
  const itemId = item.json().id as number;
  const response = await upload(browser, itemId, bytes);
  expect(response.statusCode).toBe(201);
  return { browser, itemId, url: `${ITEMS}${itemId}/images/${response.json().id}/` };
}

async function signedIn(app: FastifyInstance): Promise<Browser> {
  const browser = new Browser(app);
  await browser.signIn('gold');
  return browser;
}

describe('files through the API, stored in the database', () => {
  it('uploads 5 MB in chunks and downloads the same bytes with their length and type', async () => {
    const bytes = Buffer.concat([PNG_HEAD, randomBytes(5 * MB - PNG_HEAD.length)]);
    const { browser, url } = await imageOnItem(bytes);
    const [file] = await state.db.query<{ chunks: number; attached: boolean; shopId: number }>(
      'SELECT chunk_count AS chunks, attached, shop_id AS "shopId" FROM stored_files',
    );
    expect(file).toEqual({ chunks: 20, attached: true, shopId: state.fx.shopId });
    const response = await browser.get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-length']).toBe(String(5 * MB));
    expect(response.rawPayload.equals(bytes)).toBe(true);
  });

  it('a server with another key answers a clear error naming the key variables, and sends no bytes', async () => {
    const { url } = await imageOnItem(Buffer.concat([PNG_HEAD, randomBytes(1000)]));
    const other = await appWith({ LOUPE_FILE_KEY: randomBytes(32).toString('base64') });
    const response = await (await signedIn(other)).get(url);
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json().detail).toMatch(
      /^The file could not be decrypted\. Stored file [0-9a-f]{48} was sealed with file key [0-9a-f]{16}, but this server's key \(LOUPE_FILE_KEY or LOUPE_FILE_KEY_FILE\) is [0-9a-f]{16}: start it with the key the files were stored with\.$/,
    );
  });

  it('a damaged first chunk is a clear error, not a download', async () => {
    const { browser, url } = await imageOnItem(Buffer.concat([PNG_HEAD, randomBytes(1000)]));
    await state.db.query(
      'UPDATE stored_file_chunks SET bytes = set_byte(bytes, 20, get_byte(bytes, 20) # 255)',
    );
    const response = await browser.get(url);
    expect(response.statusCode).toBe(500);
    expect(response.json().detail).toMatch(
      /^The file could not be decrypted\. Stored file [0-9a-f]{48}: chunk 0 failed authentication/,
    );
  });

  it('the bytes go with their row, whichever way it goes (an item deleted takes its images along)', async () => {
    const { itemId } = await imageOnItem(Buffer.concat([PNG_HEAD, randomBytes(1000)]));
    const second = await imageOnItem(Buffer.concat([PNG_HEAD, randomBytes(1000)]), 'RLX-0002');
    expect(await storedKeys(state.db)).toHaveLength(2);
    // Its purchase document first (Add Item records one, issue 22): its lines hold the item.
    await state.db.query(
      'DELETE FROM purchases WHERE id IN (SELECT purchase_id FROM purchase_lines WHERE item_id = $1)',
      [itemId],
    );
    await state.db.query('DELETE FROM items WHERE id = $1', [itemId]);
    expect(await storedKeys(state.db)).toHaveLength(1);
    const response = await second.browser.get(second.url);
    expect(response.statusCode).toBe(200);
    const [chunks] = await state.db.query<{ n: string }>(
      'SELECT count(*)::text AS n FROM stored_file_chunks',
    );
    expect(chunks?.n).toBe('1');
  });
});
