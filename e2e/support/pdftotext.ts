import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** The PDF's text as poppler-utils reads it (`pdftotext -layout`), lines kept, as a person's viewer shows it. */
export async function pdftotext(bytes: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'loupe-pdf-'));
  try {
    const file = path.join(dir, 'document.pdf');
    await writeFile(file, bytes);
    return await new Promise<string>((resolve, reject) => {
      execFile(
        'pdftotext',
        ['-layout', '-enc', 'UTF-8', file, '-'],
        { timeout: 30_000 },
        (error, stdout, stderr) =>
          error
            ? reject(
                new Error(`pdftotext failed (apt-get install poppler-utils): ${error.message}\n${stderr}`),
              )
            : resolve(stdout),
      );
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
