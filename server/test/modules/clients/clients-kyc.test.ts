import { createHash } from 'node:crypto';
import type { Client, ClientDocument, ClientDocumentList } from '@loupe/contracts';
import type { Browser } from '../../helper';
import { auditOf, client, clientsTestbed, kyc, kycDocument } from './setup';
import { readStored, storedKeys } from '../../kernel/file-store-helpers';

const { state, as, create, tableCounts } = clientsTestbed();
const MB = 1024 * 1024;

// Small but real files: a 1×1 PNG, a JFIF header, a one-page PDF.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);
const HTML = Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>');

/** A multipart/form-data body, as a browser's FormData would send it. */
function form(parts: Array<{ field: string; name?: string; type?: string; bytes: Buffer | string }>) {
  const boundary = '----loupe-kyc-boundary-4fd2a1';
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

function upload(browser: Browser, id: number, bytes: Buffer, name = 'passport.png', type = 'image/png') {
  const { body, headers } = form([{ field: 'file', name, type, bytes }]);
  return browser.post(kyc(id), body, { headers });
}

/** The files in the database (KYC papers are stored there, encrypted). */
const storedFiles = () => storedKeys(state.db);

describe('uploading a KYC document', () => {
  it('accepts PDF, JPEG and PNG recognised by content, whatever the name or declared type says', async () => {
    const id = await create({ name: 'Ada' });
    const browser = await as('silver');
    const cases: Array<[Buffer, string, string, string]> = [
      [PNG, 'passport.png', 'image/png', 'image/png'],
      [JPEG, 'licence.jpg', 'image/jpeg', 'image/jpeg'],
      [PDF, 'utility-bill.pdf', 'application/pdf', 'application/pdf'],
      // The declared type and extension lie; the bytes decide.
      [PDF, 'scan.png', 'image/png', 'application/pdf'],
      [PNG, 'photo', 'application/octet-stream', 'image/png'],
    ];
    const made: ClientDocument[] = [];
    for (const [bytes, name, declared, sniffed] of cases) {
      const response = await upload(browser, id, bytes, name, declared);
      expect({ name, status: response.statusCode }).toEqual({ name, status: 201 });
      const doc = response.json() as ClientDocument;
      expect(doc).toEqual({
        id: expect.any(Number),
        name,
        contentType: sniffed,
        size: bytes.length,
        uploadedAt: '2026-03-01T09:00:00.000Z',
      });
      made.push(doc);
    }
    // Stored in the database under random keys, byte for byte, hashed.
    const files = await storedFiles();
    expect(files).toHaveLength(5);
    for (const file of files) {
      expect(file).toMatch(/^[0-9a-f]{48}$/);
    }
    const rows = await state.db.query<{ storage_key: string; sha256: string }>(
      'SELECT storage_key, sha256 FROM client_documents ORDER BY id',
    );
    for (const [i, row] of rows.entries()) {
      const bytes = await readStored(state.db, row.storage_key);
      expect(bytes.equals(cases[i]?.[0] as Buffer)).toBe(true);
      expect(row.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    }

    expect(((await browser.get(client(id))).json() as Client).kyc).toBe(true);
    const list = (await browser.get(kyc(id))).json() as ClientDocumentList;
    expect(list).toEqual({ count: 5, results: [...made].reverse() });
  });

  it('refuses what is not a PDF, JPEG or PNG (an HTML page named .png), an empty file and no file, leaving nothing', async () => {
    const id = await create({ name: 'Ada' });
    const browser = await as('gold');
    const before = await tableCounts();
    const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const notDocument = 'Upload a PDF, JPEG or PNG file. The file you uploaded is none of these.';
    const cases: Array<[ReturnType<typeof form>, string]> = [
      [form([{ field: 'file', name: 'passport.png', type: 'image/png', bytes: HTML }]), notDocument],
      [form([{ field: 'file', name: 'passport.pdf', type: 'application/pdf', bytes: SVG }]), notDocument],
      [form([{ field: 'file', name: 'a.gif', type: 'image/gif', bytes: GIF }]), notDocument],
      [form([{ field: 'file', name: 'short.png', bytes: PNG.subarray(0, 4) }]), notDocument],
      [
        form([{ field: 'file', name: 'empty.pdf', type: 'application/pdf', bytes: Buffer.alloc(0) }]),
        'The submitted file is empty.',
      ],
      [form([]), 'No file was submitted.'],
      [
        form([{ field: 'document', name: 'passport.png', bytes: PNG }]),
        'Send one file, in the field "file", and nothing else.',
      ],
      [form([{ field: 'note', bytes: 'hello' }]), 'Send one file, in the field "file", and nothing else.'],
      [
        form([
          { field: 'file', name: 'a.png', bytes: PNG },
          { field: 'file', name: 'b.png', bytes: PNG },
        ]),
        'Send one file, in the field "file", and nothing else.',
      ],
      [
        form([
          { field: 'file', name: 'a.png', bytes: PNG },
          { field: 'note', bytes: 'x' },
        ]),
        'Send one file, in the field "file", and nothing else.',
      ],
    ];
    for (const [{ body, headers }, message] of cases) {
      const response = await browser.post(kyc(id), body, { headers });
      expect({ message, status: response.statusCode, body: response.json() }).toEqual({
        message,
        status: 400,
        body: { file: [message] },
      });
    }
    // A multipart body cut short, and a body that is not multipart at all.
    const { body, headers } = form([{ field: 'file', name: 'a.png', bytes: PNG }]);
    const cut = await browser.post(kyc(id), body.subarray(0, body.length - 30), { headers });
    expect(cut.statusCode).toBe(400);
    const json = await browser.post(kyc(id), { file: 'x' });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ detail: 'Unsupported media type "application/json" in request.' });

    expect(await tableCounts()).toEqual(before);
    expect(await storedFiles()).toEqual([]);
    expect(((await browser.get(client(id))).json() as Client).kyc).toBe(false);
  });

  it('takes a file of exactly 10 MB and answers 413 above it, keeping no partial file', async () => {
    const id = await create({ name: 'Ada' });
    const browser = await as('gold');
    const exact = Buffer.alloc(10 * MB, 0x20);
    PDF.copy(exact);
    const ok = await upload(browser, id, exact, 'big.pdf', 'application/pdf');
    expect(ok.statusCode).toBe(201);
    expect((ok.json() as ClientDocument).size).toBe(10 * MB);
    expect(await storedFiles()).toHaveLength(1);

    const before = await tableCounts();
    const over = Buffer.alloc(10 * MB + 1, 0x20);
    PDF.copy(over);
    const response = await upload(browser, id, over, 'bigger.pdf', 'application/pdf');
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: 'The file is too large (the limit is 10 MB).' });
    expect(await tableCounts()).toEqual(before);
    expect(await storedFiles()).toHaveLength(1);
  });

  it('audits the upload with the document and its hash', async () => {
    const id = await create({ name: 'Ada' });
    const browser = await as('platinum');
    const doc = (await upload(browser, id, PDF, 'passport.pdf', 'application/pdf')).json() as ClientDocument;
    const trail = await auditOf(state.db, id);
    expect(trail.results[0]).toEqual({
      id: expect.any(Number),
      action: 'kyc_upload',
      userId: state.fx.ids.platinum,
      username: 'platinum',
      before: null,
      after: { ...doc, sha256: createHash('sha256').update(PDF).digest('hex') },
      createdAt: '2026-03-01T09:00:00.000Z',
    });
  });
});

describe('downloading a KYC document', () => {
  it('sends the bytes as an attachment with a safe name, the recognised type, nosniff and no caching', async () => {
    const id = await create({ name: 'Ada' });
    const browser = await as('gold');
    const pdf = (
      await upload(browser, id, PDF, "Pässport (copy); x's.pdf", 'application/pdf')
    ).json() as ClientDocument;
    const response = await (await as('silver')).get(kycDocument(id, pdf.id));
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(PDF)).toBe(true);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-length']).toBe(String(PDF.length));
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="P_ssport (copy)_ x_s.pdf"; filename*=UTF-8''P%C3%A4ssport%20%28copy%29%3B%20x%27s.pdf`,
    );

    // A name without the right extension gets it, so the saved file opens as what it is.
    const disguised = (
      await upload(browser, id, PNG, '../../etc/scan.pdf', 'application/pdf')
    ).json() as ClientDocument;
    expect(disguised.name).toBe('scan.pdf');
    const png = await browser.get(kycDocument(id, disguised.id));
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-disposition']).toBe(
      `attachment; filename="scan.pdf.png"; filename*=UTF-8''scan.pdf.png`,
    );
  });

  it("is for staff of the client's shop only: another shop, another client's id or an unknown one is a 404", async () => {
    const id = await create({ name: 'Ada' });
    const other = await create({ name: 'Brook' });
    const gold = await as('gold');
    const doc = (await upload(gold, id, JPEG, 'id.jpg', 'image/jpeg')).json() as ClientDocument;
    expect((await gold.get(kycDocument(id, doc.id))).statusCode).toBe(200);
    expect((await gold.get(kycDocument(other, doc.id))).statusCode).toBe(404);
    expect((await gold.get(kycDocument(id, doc.id + 1))).statusCode).toBe(404);
    expect((await gold.get(kycDocument(id, 'abc'))).statusCode).toBe(404);
    const rival = await as('rival');
    expect((await rival.get(kycDocument(id, doc.id))).statusCode).toBe(404);
    expect((await rival.get(kyc(id))).statusCode).toBe(404);
    const response = await upload(rival, id, PNG);
    expect(response.statusCode).toBe(404);
    expect((await (await as('anonymous')).get(kycDocument(id, doc.id))).statusCode).toBe(401);
    expect((await (await as('loner')).get(kycDocument(id, doc.id))).statusCode).toBe(403);
    expect(await storedFiles()).toHaveLength(1);
  });

  it('answers 404 when the stored bytes are gone, not a 500', async () => {
    const id = await create({ name: 'Ada' });
    const browser = await as('gold');
    const doc = (await upload(browser, id, PNG)).json() as ClientDocument;
    await state.db.query('DELETE FROM stored_files');
    const response = await browser.get(kycDocument(id, doc.id));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found.' });
  });
});
