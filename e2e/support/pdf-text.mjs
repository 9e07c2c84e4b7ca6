// Reads a PDF from stdin with pdfjs-dist, as a viewer would, and prints each page's text layer as JSON
// ({"pages": ["…", …]}). A script of its own because pdfjs-dist is ESM only and the suite's tests run as
// CommonJS under Jest, where a dynamic import needs --experimental-vm-modules.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

async function main() {
  /** @type {Buffer[]} */
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const task = getDocument({
    data: new Uint8Array(Buffer.concat(chunks)),
    useSystemFonts: false,
    disableFontFace: true,
    isEvalSupported: false,
    verbosity: 0,
  });
  const pdf = await task.promise;
  const pages = [];
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
  }
  await task.destroy();
  process.stdout.write(JSON.stringify({ pages }));
}

main().catch((error) => {
  process.stderr.write(String(error?.stack ?? error));
  process.exit(1);
});
