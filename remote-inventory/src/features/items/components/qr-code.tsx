import QRCode from 'qrcode';
import { useMemo } from 'react';

/** As the PDF labels print them (server labels-pdf.ts): error correction M. */
const QR_OPTIONS = { errorCorrectionLevel: 'M' } as const;
/** White modules round the code (the QR standard's quiet zone), so a camera finds its edges on any tag. */
const QUIET = 2;

/** The modules of the code as one SVG path: each run of dark modules in a row is one rectangle. */
function qrPath(text: string): { size: number; path: string } {
  const { modules } = QRCode.create(text, QR_OPTIONS);
  const n = modules.size;
  const parts: string[] = [];
  for (let row = 0; row < n; row += 1) {
    let col = 0;
    while (col < n) {
      if (!modules.get(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < n && modules.get(row, col)) col += 1;
      parts.push(`M${start + QUIET} ${row + QUIET}h${col - start}v1h${start - col}z`);
    }
  }
  return { size: n + 2 * QUIET, path: parts.join('') };
}

/** A QR code whose text is exactly `text`, drawn as vectors so it prints sharp at any size. */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => qrPath(text), [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
