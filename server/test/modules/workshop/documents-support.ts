import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import type { JobForPdf, JobPdfClient, JobPdfShop } from '../../../src/modules/workshop/job-pdfs';
import { DEFAULT_WORKSHOP_TERMS } from '@loupe/contracts';

/**
 * A PDF's page as a printer would see it (pdftoppm, poppler, at `dpi` in grey levels), read by jsQR as a phone's
 * camera reads it: the text of the QR code found on the page, or null when none can be read.
 */
export function decodeQr(pdf: Buffer, page = 1, dpi = 150): string | null {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'loupe-job-qr-'));
  try {
    writeFileSync(path.join(dir, 'd.pdf'), pdf);
    const at = String(page);
    execFileSync('pdftoppm', ['-gray', '-r', String(dpi), '-f', at, '-l', at, '-singlefile', 'd.pdf', 'p'], {
      cwd: dir,
    });
    const pgm = readFileSync(path.join(dir, 'p.pgm'));
    // P5 header: "P5\n<width> <height>\n255\n", then one byte per pixel.
    const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'));
    if (!header) throw new Error('not a PGM');
    const width = Number(header[1]);
    const height = Number(header[2]);
    const grey = pgm.subarray(header[0].length);
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i += 1) {
      const v = grey[i] ?? 255;
      rgba[i * 4] = v;
      rgba[i * 4 + 1] = v;
      rgba[i * 4 + 2] = v;
      rgba[i * 4 + 3] = 255;
    }
    return jsQR(rgba, width, height)?.data ?? null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The shop of the papers' tests: a VAT-registered shop with its own details and the default terms. */
export const shopFixture = (over: Partial<JobPdfShop> = {}): JobPdfShop => ({
  name: 'Loupe Demo',
  legalName: 'Loupe Demo Ltd',
  address: '1 Hatton Garden\nLondon EC1N 8AA',
  phone: '020 7946 0000',
  email: 'workshop@example.com',
  vatNumber: 'GB123456789',
  companyNumber: '12345678',
  workshopTerms: DEFAULT_WORKSHOP_TERMS,
  ...over,
});

export const clientFixture = (over: Partial<JobPdfClient> = {}): JobPdfClient => ({
  name: 'Lucía Domínguez',
  address: ['12 Rue de la Paix', 'Paris 75002'],
  phone: '+33 1 23 45 67 89',
  email: 'lucia@example.com',
  ...over,
});

/**
 * A job as its page shows it. The estimate: a service at £180.00 and a crystal at £90.00, prices VAT-inclusive,
 * so by hand: nets £150.00 + £75.00 = £225.00, VAT £30.00 + £15.00 = £45.00 (1/6 of each), total £270.00.
 */
export const jobFixture = (over: Partial<JobForPdf> = {}): JobForPdf => ({
  number: 123,
  reference: 'JOB-000123',
  receivedOn: '2026-11-23',
  promisedDate: '2026-12-18',
  rush: false,
  estimateRequired: true,
  stockNumber: null,
  brand: 'Rolex',
  model: 'Submariner Date',
  makerReference: '126610LN',
  serial: '7Q3X9R21',
  conditionGrade: 'very_good',
  conditionNotes: 'Light scratches on the clasp; bezel insert faded at 12.',
  declaredValueGbp: 9500,
  reportedFault: 'Loses about 40 seconds a day; the date changes at 10 pm.',
  requestedWork: 'Full service and a new crystal.',
  accessories: 'Box, papers, two spare links.',
  depositRequestedGbp: 100,
  estimate: {
    lines: [
      {
        id: 1,
        kind: 'labour',
        description: 'Full service (movement, case and bracelet)',
        amountGbp: 180,
        vatGbp: 30,
        netGbp: 150,
      },
      { id: 2, kind: 'parts', description: 'Sapphire crystal', amountGbp: 90, vatGbp: 15, netGbp: 75 },
    ],
    labourGbp: 180,
    partsGbp: 90,
    netGbp: 225,
    vatGbp: 45,
    totalGbp: 270,
  },
  ...over,
});
