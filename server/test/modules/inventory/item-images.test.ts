import type { Browser } from '../../helper';
import { inventoryTestbed, itemBody } from './setup';
import { storedKeys } from '../../kernel/file-store-helpers';

const { state, as, audit, tableCounts } = inventoryTestbed();
const ITEMS = '/api/items/';
const MB = 1024 * 1024;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);
const ftyp = (major: string, ...compatible: string[]) => {
  const body = Buffer.from(`ftyp${major}\0\0\0\0${compatible.join('')}`, 'latin1');
  const size = Buffer.alloc(4);
  size.writeUInt32BE(body.length + 4);
  return Buffer.concat([size, body, Buffer.from('meta')]);
};
const BMP = (() => {
  const b = Buffer.alloc(30);
  b.write('BM', 0, 'latin1');
  b.writeUInt32LE(40, 14);
  return b;
})();
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

/** A multipart/form-data body, as a browser's FormData would send it. */
function form(parts: Array<{ field: string; name?: string; type?: string; bytes: Buffer | string }>) {
  const boundary = '----loupe-test-boundary-7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.name === undefined ? '' : `; filename="${part.name}"`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"${disposition}\r\n` +
          (part.type ? `Content-Type: ${part.type}\r\n` : '') +
          '\r\n',
      ),
      Buffer.isBuffer(part.bytes) ? part.bytes : Buffer.from(part.bytes),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(
  browser: Browser,
  itemId: number,
  bytes: Buffer,
  name = 'photo.png',
  type = 'image/png',
) {
  const { body, headers } = form([{ field: 'file', name, type, bytes }]);
  return browser.post(`${ITEMS}${itemId}/images/`, body, { headers });
}

async function newItem(browser: Browser): Promise<number> {
  const response = await browser.post(ITEMS, itemBody());
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

/** The files in the database (images are stored there, encrypted). */
const stored = () => storedKeys(state.db);

describe('item images', () => {
  it.each([
    ['PNG', PNG, 'image/png'],
    ['JPEG', JPEG, 'image/jpeg'],
    ['GIF', GIF, 'image/gif'],
    ['WebP', WEBP, 'image/webp'],
    ['AVIF', ftyp('avif', 'mif1', 'miaf'), 'image/avif'],
    ['AVIF behind a generic brand', ftyp('mif1', 'avif'), 'image/avif'],
    ['HEIC', ftyp('heic', 'mif1'), 'image/heic'],
    ['BMP', BMP, 'image/bmp'],
    ['TIFF', Buffer.from([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0]), 'image/tiff'],
  ])(
    'accepts %s recognised by its content, whatever the name and declared type say',
    async (_n, bytes, type) => {
      const browser = await as('silver');
      const id = await newItem(browser);
      const response = await upload(browser, id, bytes, 'scan.txt', 'text/plain');
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        id: expect.any(Number),
        name: 'scan.txt',
        contentType: type,
        size: bytes.length,
      });
      const item = (await browser.get(`${ITEMS}${id}/`)).json();
      expect(item.images).toEqual([response.json()]);
      expect(item.imageId).toBe(response.json().id);
    },
  );

  it("names each row's own first photo in the stock list, and the next one once the first is deleted", async () => {
    const browser = await as('silver');
    const add = async (serial: string) =>
      (await browser.post(ITEMS, itemBody({ serial }))).json().id as number;
    const [two, none, one] = [await add('PHOTO-TWO'), await add('PHOTO-NONE'), await add('PHOTO-ONE')];
    const firstOfTwo = (await upload(browser, two, PNG)).json().id;
    const onlyOfOne = (await upload(browser, one, JPEG, 'b.jpg', 'image/jpeg')).json().id;
    const secondOfTwo = (await upload(browser, two, GIF, 'c.gif', 'image/gif')).json().id;
    const listed = async () => {
      const page = (await browser.get(`${ITEMS}?page_size=50`)).json();
      return Object.fromEntries(
        page.results
          .filter((row: { id: number }) => [two, none, one].includes(row.id))
          .map((row: { id: number; imageId: number | null }) => [row.id, row.imageId]),
      );
    };
    expect(await listed()).toEqual({ [two]: firstOfTwo, [none]: null, [one]: onlyOfOne });
    expect((await browser.get(`${ITEMS}${two}/`)).json().imageId).toBe(firstOfTwo);
    expect((await browser.send('DELETE', `${ITEMS}${two}/images/${firstOfTwo}/`)).statusCode).toBe(204);
    expect(await listed()).toEqual({ [two]: secondOfTwo, [none]: null, [one]: onlyOfOne });
    expect((await browser.get(`${ITEMS}${two}/`)).json().imageId).toBe(secondOfTwo);
  });

  it.each([
    ['SVG (it can carry script)', SVG, 'logo.svg', 'image/svg+xml'],
    ['text named .png', Buffer.from('not an image at all'), 'photo.png', 'image/png'],
    ['HTML', Buffer.from('<!doctype html><script>alert(1)</script>'), 'a.jpg', 'image/jpeg'],
    ['PDF', Buffer.from('%PDF-1.7\n'), 'doc.png', 'image/png'],
    ['a video in an ISO box', ftyp('isom', 'mp41'), 'clip.avif', 'image/avif'],
  ])('refuses %s with a 400 and stores nothing', async (_n, bytes, name, type) => {
    const browser = await as('silver');
    const id = await newItem(browser);
    const response = await upload(browser, id, bytes, name, type);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      file: ['Upload a valid image. The file you uploaded was either not an image or a corrupted image.'],
    });
    expect((await tableCounts()).images).toBe(0);
    expect(await stored()).toEqual([]);
  });

  it('takes 10 MB and refuses one byte more with a 413', async () => {
    const browser = await as('silver');
    const id = await newItem(browser);
    const big = Buffer.alloc(10 * MB);
    PNG.copy(big);
    expect((await upload(browser, id, big)).statusCode).toBe(201);
    const tooBig = Buffer.alloc(10 * MB + 1);
    PNG.copy(tooBig);
    const response = await upload(browser, id, tooBig);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: 'The image is too large (the limit is 10 MB).' });
    expect((await tableCounts()).images).toBe(1);
    expect(await stored()).toHaveLength(1);
  });

  it('asks for exactly one part named "file"', async () => {
    const browser = await as('silver');
    const id = await newItem(browser);
    const url = `${ITEMS}${id}/images/`;
    const wrongField = form([{ field: 'image', name: 'a.png', bytes: PNG }]);
    expect((await browser.post(url, wrongField.body, { headers: wrongField.headers })).json()).toEqual({
      file: ['No file was submitted.'],
    });
    const two = form([
      { field: 'file', name: 'a.png', bytes: PNG },
      { field: 'file', name: 'b.png', bytes: PNG },
    ]);
    expect((await browser.post(url, two.body, { headers: two.headers })).json()).toEqual({
      file: ['Send one file, in the field "file", and nothing else.'],
    });
    const withField = form([
      { field: 'file', name: 'a.png', bytes: PNG },
      { field: 'note', bytes: 'hello' },
    ]);
    expect((await browser.post(url, withField.body, { headers: withField.headers })).statusCode).toBe(400);
    const empty = form([{ field: 'file', name: 'a.png', bytes: Buffer.alloc(0) }]);
    expect((await browser.post(url, empty.body, { headers: empty.headers })).json()).toEqual({
      file: ['The submitted file is empty.'],
    });
    const json = await browser.post(url, { file: 'x' });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ detail: 'Unsupported media type "application/json" in request.' });
    const nothing = form([]);
    expect((await browser.post(url, nothing.body, { headers: nothing.headers })).json()).toEqual({
      file: ['No file was submitted.'],
    });
    expect((await tableCounts()).images).toBe(0);
  });

  it('serves the bytes to the shop’s staff only, as an inert image', async () => {
    const browser = await as('silver');
    const id = await newItem(browser);
    const image = (await upload(browser, id, PNG, 'Front dial (1).png')).json();
    const url = `${ITEMS}${id}/images/${image.id}/`;
    const response = await (await as('gold')).get(url);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(PNG)).toBe(true);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="item-${id}-image-${image.id}.png"`,
    );
    expect(response.headers['cache-control']).toBe('private, max-age=3600');
    expect((await (await as('anonymous')).get(url)).statusCode).toBe(401);
    expect((await (await as('rival')).get(url)).statusCode).toBe(404);
    expect((await (await as('loner')).get(url)).statusCode).toBe(403);
    // The image belongs to its item: under another item id it is not found.
    const other = await browser.post(ITEMS, itemBody({ serial: 'OTHER' }));
    expect((await browser.get(`${ITEMS}${other.json().id}/images/${image.id}/`)).statusCode).toBe(404);
  });

  it('never answers inline under the name it was uploaded as: an image kept as .html is served as what it is', async () => {
    const browser = await as('silver');
    const id = await newItem(browser);
    for (const [name, bytes, served] of [
      ['dial.html', PNG, 'png'],
      ['dial.svg', JPEG, 'jpg'],
      ['"dial"; filename=x.html', GIF, 'gif'],
      ['dial\u202elmth.png', WEBP, 'webp'],
    ] as const) {
      const image = (await upload(browser, id, bytes, name, 'text/html')).json();
      const response = await browser.get(`${ITEMS}${id}/images/${image.id}/`);
      expect([name, response.statusCode, response.headers['content-disposition']]).toEqual([
        name,
        200,
        `inline; filename="item-${id}-image-${image.id}.${served}"`,
      ]);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    }
    // The name staff see in the list is the uploaded one, less what would make it read backwards.
    const names = (await browser.get(`${ITEMS}${id}/`)).json().images.map((i: { name: string }) => i.name);
    expect(names).toEqual(expect.arrayContaining(['dial.html', 'dial.svg', 'diallmth.png']));
  });

  it('another shop cannot upload to or delete from an item that is not theirs', async () => {
    const browser = await as('silver');
    const id = await newItem(browser);
    const image = (await upload(browser, id, PNG)).json();
    const rival = await as('rival');
    expect((await upload(rival, id, PNG)).statusCode).toBe(404);
    expect((await rival.send('DELETE', `${ITEMS}${id}/images/${image.id}/`)).statusCode).toBe(404);
    expect((await tableCounts()).images).toBe(1);
  });

  it('deletes an image and its file, audited like the upload', async () => {
    const browser = await as('silver');
    const id = await newItem(browser);
    const image = (await upload(browser, id, JPEG, 'a.jpg')).json();
    expect(await stored()).toHaveLength(1);
    const response = await browser.send('DELETE', `${ITEMS}${id}/images/${image.id}/`);
    expect(response.statusCode).toBe(204);
    expect(await stored()).toEqual([]);
    expect((await browser.get(`${ITEMS}${id}/images/${image.id}/`)).statusCode).toBe(404);
    expect((await browser.send('DELETE', `${ITEMS}${id}/images/${image.id}/`)).statusCode).toBe(404);
    expect((await audit(id)).map((e) => e.action)).toEqual(['create', 'upload', 'delete_image']);
  });

  it('keeps at most 20 images per item', async () => {
    const browser = await as('silver');
    const id = await newItem(browser);
    for (let i = 0; i < 20; i += 1) expect((await upload(browser, id, GIF, `${i}.gif`)).statusCode).toBe(201);
    const response = await upload(browser, id, GIF, '21.gif');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: 'An item has at most 20 images.' });
    expect(await stored()).toHaveLength(20);
  });

  it('uploads need the CSRF token like every other change', async () => {
    const browser = await as('silver');
    const id = await newItem(browser);
    const { body, headers } = form([{ field: 'file', name: 'a.png', bytes: PNG }]);
    const response = await browser.post(`${ITEMS}${id}/images/`, body, { headers, noCsrf: true });
    expect(response.statusCode).toBe(403);
    expect((await tableCounts()).images).toBe(0);
  });
});
