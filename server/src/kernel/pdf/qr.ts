import QRCode from 'qrcode';
import type { PdfDoc } from './document';

/**
 * A QR code drawn as vector squares (exact at any printer resolution, a few hundred bytes), `side` points
 * square at (x, y). Runs of dark modules in a row are one rectangle each.
 */
export function drawQr(
  doc: PdfDoc,
  text: string,
  x: number,
  y: number,
  side: number,
  options: QRCode.QRCodeOptions,
): void {
  const qr = QRCode.create(text, options);
  const n = qr.modules.size;
  const unit = side / n;
  doc.save().fillColor('#000000');
  for (let row = 0; row < n; row += 1) {
    let col = 0;
    while (col < n) {
      if (!qr.modules.get(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < n && qr.modules.get(row, col)) col += 1;
      doc.rect(x + start * unit, y + row * unit, (col - start) * unit, unit);
    }
  }
  doc.fill().restore();
}
