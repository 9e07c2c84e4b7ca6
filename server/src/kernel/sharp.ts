import type sharpModule from 'sharp';

/**
 * sharp (libvips), loaded by the first photo drawn or encoded rather than when a process starts: ~0.3 s of CPU
 * that most processes (and most test files) never need. Node caches the module after the first call.
 */
export async function loadSharp(): Promise<typeof sharpModule> {
  return (await import('sharp')).default;
}
