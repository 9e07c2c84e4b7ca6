import { randomBytes } from 'node:crypto';
import { storeBytes } from '../kernel/file-storage';
import { loadSharp } from '../kernel/sharp';
import { seedingContext, type DemoContext } from './demo-context';

/**
 * A plain photo of a piece in one colour (the demo has no real ones), stored and attached as an upload is. No
 * file key: the demo seeds no files, and so no photo.
 */
export async function addDemoPhoto(
  demo: DemoContext,
  itemId: number,
  photo: { name: string; background: { r: number; g: number; b: number } },
  at: Date,
): Promise<void> {
  if (!demo.fileKey) return;
  const sharp = await loadSharp();
  const bytes = await sharp({
    create: { width: 1200, height: 1200, channels: 3, background: photo.background },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  const storageKey = randomBytes(24).toString('hex');
  await storeBytes(demo.tx, demo.fileKey, storageKey, bytes, 'image/jpeg');
  await seedingContext(demo.tx, at).repos.items.insertImage(
    demo.shopId,
    itemId,
    { storageKey, name: photo.name, contentType: 'image/jpeg', size: bytes.length },
    demo.users.gold,
    at,
  );
}
