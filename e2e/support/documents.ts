import { execFile } from 'node:child_process';
import path from 'node:path';
import type { Download, Locator } from 'playwright-core';

/**
 * The bytes of a file the browser downloaded, read through playwright's connection: the suite's browser is
 * connected to, not started by the test file (support/browser.ts), and a connected browser's download has no
 * local path. A download the browser reports failed throws with its reason.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  const failure = await download.failure();
  if (failure) throw new Error(`the download of ${download.suggestedFilename()} failed: ${failure}`);
  return Buffer.concat(chunks);
}

/** What a reader of a PDF gets: each page's text (pdfjs-dist's text items joined by spaces). */
export interface PdfText {
  pages: string[];
  text: string;
}

/** The text of a PDF, read by pdfjs-dist in a child process (support/pdf-text.mjs says why). */
export function pdfText(bytes: Buffer): Promise<PdfText> {
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') {
    return Promise.reject(new Error(`not a PDF: ${JSON.stringify(bytes.subarray(0, 80).toString('utf8'))}`));
  }
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [path.join(__dirname, 'pdf-text.mjs')],
      { maxBuffer: 16 * 1024 * 1024, timeout: 30_000 },
      (error, stdout, stderr) => {
        if (error) {
          reject(new Error(`pdf-text.mjs failed: ${error.message}\n${stderr}`));
          return;
        }
        const { pages } = JSON.parse(stdout) as { pages: string[] };
        resolve({ pages, text: pages.join('\n') });
      },
    );
    child.stdin?.end(bytes);
  });
}

/**
 * Sell and Check Out keep their dialog open once the sale or check-out is saved, to offer its new document
 * (the invoice, the approval note: issue 13), and Done closes it. A dialog with no document to offer closes at
 * once; either way this returns when the dialog is gone.
 */
export async function finishDocumentDialog(dialog: Locator): Promise<void> {
  const done = dialog.getByRole('button', { name: 'Done', exact: true });
  // Whichever comes first; the other wait is left to time out quietly.
  const shown = done.waitFor().then(() => true);
  const closed = dialog.waitFor({ state: 'detached' }).then(() => false);
  shown.catch(() => undefined);
  closed.catch(() => undefined);
  if (await Promise.race([shown, closed])) await done.click();
  await dialog.waitFor({ state: 'detached' });
}
