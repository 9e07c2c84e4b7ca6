import fs from 'node:fs';
import { FONT, PDF_FONT_FILES, createPdf, drawFacts, drawTable, pdfBytes } from '../../src/kernel/pdf';
import { parsePdf } from '../modules/documents/pdf-support';

// The PDF kit's rows and tables, measured on a real pdfkit document: what each returns or leaves in doc.y is
// where the next thing is drawn, so a row drawn too short prints the next one over it.

const newDoc = () => createPdf({ title: 'Layout test', date: new Date('2026-03-01T10:00:00Z') });

describe('drawFacts', () => {
  it('starts the next row below a label that wraps to more lines than its value', () => {
    const doc = newDoc();
    const width = 120;
    const label = 'Accessories handed over with the piece at intake';
    const bottom = drawFacts(doc, [[label, 'Box']], 40, 100, width);
    doc.font(FONT.regular).fontSize(9);
    const labelHeight = doc.heightOfString(label, { width: width * 0.45 });
    const valueHeight = doc.heightOfString('Box', { width: width * 0.55 });
    expect(labelHeight).toBeGreaterThan(valueHeight * 2);
    expect(bottom).toBeGreaterThanOrEqual(100 + labelHeight);
  });

  it('starts the next row below a value that wraps to more lines than its label', () => {
    const doc = newDoc();
    const width = 120;
    const value = 'Flat 6, Albion Court, 27 Fortess Road, London NW5 1AD, United Kingdom';
    const bottom = drawFacts(doc, [['To', value]], 40, 100, width);
    doc.font(FONT.bold).fontSize(9);
    expect(bottom).toBeGreaterThanOrEqual(100 + doc.heightOfString(value, { width: width * 0.55 }));
  });
});

describe('drawTable', () => {
  it('keeps every header word whole, however narrow its column was asked to be', () => {
    const doc = newDoc();
    const top = doc.y;
    // 'Stock no.' given a tenth of the share its neighbour has: its column widens to 'Stock' in bold.
    drawTable(
      doc,
      [
        { title: 'Stock no.', width: 8 },
        { title: 'Description', width: 400 },
      ],
      [['12', 'Rolex Submariner']],
    );
    doc.font(FONT.bold).fontSize(8.5);
    const oneLine = doc.currentLineHeight();
    // The header takes at most two lines ('Stock' / 'no.'; a broken word would take three: 'Stoc' / 'k' /
    // 'no.'), then the row's one line, each followed by 3 pt.
    expect(doc.y - top).toBeLessThanOrEqual(oneLine * 3 + 2 * 3 + 0.5);
  });
});

describe('createPdf', () => {
  it('reads each font file once a document, however often the font is switched', async () => {
    // pdfkit 0.20 re-read and re-parsed DejaVu Sans at every `doc.font(FONT.regular)` when the document's default
    // font had been opened from the same file (kernel/pdf/document.ts): 9.9 s for the demo's stock book.
    const fonts = Object.values(PDF_FONT_FILES);
    const reads = jest.spyOn(fs, 'readFileSync');
    try {
      const doc = newDoc();
      for (let i = 0; i < 50; i += 1) {
        doc.font(FONT.regular).fontSize(9).text(`Row ${i}`);
        doc.font(FONT.bold).fontSize(9).text(`Total ${i}`);
      }
      const bytes = await pdfBytes(doc);
      const fontReads = reads.mock.calls.filter(([file]) => fonts.includes(String(file)));
      expect(fontReads).toHaveLength(fonts.length);
      // Both fonts are embedded (subset), no standard font is written.
      const pdf = await parsePdf(bytes);
      expect(pdf.fonts.map((f) => f.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual([
        'DejaVuSans',
        'DejaVuSans-Bold',
      ]);
      expect(pdf.standardFont).toBe(false);
      expect(pdf.text).toContain('Row 49');
    } finally {
      reads.mockRestore();
    }
  });
});
