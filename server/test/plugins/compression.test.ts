// The API's response compression (@fastify/compress in app.ts): JSON of 1 KB or more goes out in the
// encoding the client prefers; stored files (KYC papers, item images) stream byte for byte as stored.
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import type { Browser } from '../helper';
import { inventoryTestbed, itemBody } from '../modules/inventory/setup';

const { as, client } = inventoryTestbed();

const ITEMS = '/api/items/';
/** Big enough for the threshold, real enough for the content checks (they read the first bytes). */
const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n', 'latin1'),
  Buffer.alloc(8 * 1024, 'x'),
  Buffer.from('\n%%EOF\n'),
]);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.alloc(8 * 1024, 0),
]);

function multipart(bytes: Buffer, name: string, type: string) {
  const boundary = '----loupe-compression-boundary-51c0';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The body after undoing whatever Content-Encoding the answer names. */
function decoded(res: LightMyRequestResponse): Buffer {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload);
  if (encoding === 'gzip') return gunzipSync(res.rawPayload);
  if (encoding === undefined) return res.rawPayload;
  throw new Error(`unexpected Content-Encoding ${String(encoding)}`);
}

async function addItems(browser: Browser, count: number): Promise<void> {
  for (let n = 1; n <= count; n += 1) {
    const response = await browser.post(ITEMS, itemBody({ serial: `RLX-${String(n).padStart(4, '0')}` }));
    expect(response.statusCode).toBe(201);
  }
}

describe('API answers are compressed by Accept-Encoding', () => {
  it('sends a list of 1 KB or more as brotli or gzip, the same JSON once decoded, still no-store', async () => {
    const gold = await as('gold');
    await addItems(gold, 6);
    const plain = await gold.get(ITEMS);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    for (const [acceptEncoding, expected] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.2, gzip;q=0.8', 'gzip'],
      ['identity', undefined],
      ['deflate', undefined],
    ] as const) {
      const res = await gold.get(ITEMS, { headers: { 'accept-encoding': acceptEncoding } });
      expect([acceptEncoding, res.statusCode, res.headers['content-encoding']]).toEqual([
        acceptEncoding,
        200,
        expected,
      ]);
      expect(JSON.parse(decoded(res).toString('utf8'))).toEqual(plain.json());
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      if (expected) {
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      }
    }
  });

  it('compresses a page of 8 KB or more in one piece, sent with its length (not chunked)', async () => {
    const gold = await as('gold');
    await addItems(gold, 16);
    const url = `${ITEMS}?page_size=25`;
    const plain = await gold.get(url);
    expect(plain.rawPayload.length).toBeGreaterThan(8 * 1024);
    const res = await gold.get(url, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
    expect(JSON.parse(decoded(res).toString('utf8'))).toEqual(plain.json());
  });

  it('leaves an answer under 1 KB as it is', async () => {
    const gold = await as('gold');
    const res = await gold.get('/csrf/', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ detail: expect.any(String) });
  });

  it('compresses the streamed CSV report, which decodes to the same file', async () => {
    const gold = await as('gold');
    const url = '/api/reports/csv/?type=profit_loss&range=custom&from=2026-02-10&to=2026-02-10';
    const plain = await gold.get(url);
    expect(plain.statusCode).toBe(200);
    const res = await gold.get(url, { headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(plain.headers['content-disposition']);
    expect(decoded(res).toString('utf8')).toBe(plain.body);
  });

  it('streams a KYC paper and an item image exactly as stored, with their headers, whatever is accepted', async () => {
    const gold = await as('gold');
    const clientId = await client('Ada');
    const { body: kycBody, headers: kycHeaders } = multipart(PDF, 'passport.pdf', 'application/pdf');
    const kyc = await gold.post(`/api/clients/${clientId}/kyc/`, kycBody, { headers: kycHeaders });
    expect(kyc.statusCode).toBe(201);
    await addItems(gold, 1);
    const items = (await gold.get(ITEMS)).json() as { results: Array<{ id: number }> };
    const itemId = items.results[0]?.id;
    const { body: imageBody, headers: imageHeaders } = multipart(PNG, 'dial.png', 'image/png');
    const image = await gold.post(`${ITEMS}${itemId}/images/`, imageBody, { headers: imageHeaders });
    expect(image.statusCode).toBe(201);

    const downloads = [
      {
        url: `/api/clients/${clientId}/kyc/${(kyc.json() as { id: number }).id}/`,
        bytes: PDF,
        type: 'application/pdf',
        cacheControl: 'private, no-store',
        disposition: /^attachment; /,
      },
      {
        url: `${ITEMS}${itemId}/images/${(image.json() as { id: number }).id}/`,
        bytes: PNG,
        type: 'image/png',
        cacheControl: 'private, max-age=3600',
        disposition: /^inline; filename="item-\d+-image-\d+\.png"$/,
      },
    ];
    for (const download of downloads) {
      for (const acceptEncoding of ['gzip, deflate, br, zstd', 'gzip', undefined]) {
        const res = await gold.get(download.url, {
          headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
        });
        expect([download.url, acceptEncoding, res.statusCode]).toEqual([download.url, acceptEncoding, 200]);
        expect(res.headers['content-encoding']).toBeUndefined();
        expect(res.headers['content-type']).toBe(download.type);
        expect(res.headers['content-length']).toBe(String(download.bytes.length));
        expect(res.headers['cache-control']).toBe(download.cacheControl);
        expect(String(res.headers['content-disposition'])).toMatch(download.disposition);
        expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
        expect(res.rawPayload.equals(download.bytes)).toBe(true);
      }
    }
  });

  it('never inflates a compressed request body: it is refused, not unpacked', async () => {
    const gold = await as('gold');
    const res = await gold.post(ITEMS, gzipSync(JSON.stringify(itemBody())), {
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(400);
    expect((await gold.get(ITEMS)).json()).toMatchObject({ count: 0 });
  });
});
