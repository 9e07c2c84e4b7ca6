import { WORKSHOP_CLOSED_STAGES } from '@loupe/contracts';
import { DEFAULT_PUBLIC_URL } from '../config';
import { StorefrontService, type StorefrontContext } from '../modules/storefront';
import { seedingContext, type DemoContext } from './demo-context';
import { addDemoPhoto } from './photos';

/*
 * The demo's storefront (issue 24 item 1): the demo shop's storefront open at /store/loupe-demo/, and a dozen of
 * its available pieces listed online through the storefront's service as a manager lists them, each with a
 * public description and a photo (a plain one, made with sharp: the demo has no real photos), the promoted ones
 * among them (so the listing shows "Featured" first), the dearest one at "price on request". It runs after the
 * workshop's demo (a piece in the workshop is not listed) and before the enquiries', the marketplace's and the
 * wanted lists' demos, which build on these listings.
 */

export const DEMO_STOREFRONT_SLUG = 'loupe-demo';
const LISTED = 12;
const HOUR = 3_600_000;

/** Muted backgrounds for the plain photos, one per piece in turn. */
const PALETTE = [
  { r: 32, g: 36, b: 44 },
  { r: 58, g: 46, b: 34 },
  { r: 28, g: 52, b: 48 },
  { r: 66, g: 60, b: 72 },
  { r: 44, g: 52, b: 66 },
  { r: 70, g: 52, b: 40 },
];
const BRACELETS = ['Steel', 'Leather strap', 'Steel', 'Rubber strap', 'Alligator strap', 'Steel'];

interface Piece {
  id: number;
  stockType: string;
  brand: string;
  model: string;
  referenceNumber: string;
  year: number | null;
  box: boolean | null;
  papers: boolean | null;
  conditionGrade: string | null;
  metal: string | null;
  promoted: boolean;
  retailPrice: string | null;
}

/** Who opens the demo's storefront and lists its pieces: the owner (platinum). */
export const demoStorefrontOwner = (demo: DemoContext) => ({
  shopId: demo.shopId,
  userId: demo.users.platinum,
  role: 'platinum' as const,
});

/** The storefront module's service over the seeding transaction, its clock stopped at `at`. */
export function demoStorefrontService(demo: DemoContext, at: Date): StorefrontService {
  return new StorefrontService({
    ...seedingContext(demo.tx, at),
    // The service reads the configuration only for the storefront's public address in its answers.
    config: { mail: { publicUrl: DEFAULT_PUBLIC_URL } },
  } as unknown as StorefrontContext);
}

/**
 * For the demos that list a piece of their own when the storefront's demo listed none: opens the storefront at
 * DEMO_STOREFRONT_SLUG unless the shop already has one.
 */
export async function openDemoStorefrontIfNone(demo: DemoContext, at: Date): Promise<void> {
  const [shop] = await demo.tx.query('SELECT 1 FROM storefront_shops WHERE shop_id = $1', [demo.shopId]);
  if (!shop)
    await demoStorefrontService(demo, at).updateSettings(demoStorefrontOwner(demo), {
      slug: DEMO_STOREFRONT_SLUG,
      enabled: true,
    });
}

/** What the public reads about a piece, from its stock record. */
function descriptionOf(piece: Piece): string {
  const name = [piece.brand, piece.model, piece.referenceNumber].filter(Boolean).join(' ');
  const sentences = [`${name || 'This piece'}${piece.year ? `, ${piece.year}` : ''}.`];
  if (piece.stockType === 'Watches') {
    sentences.push(
      piece.box && piece.papers
        ? 'Complete with its box and papers.'
        : piece.box
          ? 'With its box.'
          : 'Watch only.',
      'Checked and regulated by our watchmaker before sale, with our twelve-month warranty.',
    );
  } else {
    if (piece.metal) sentences.push(`In ${piece.metal.toLowerCase()}, hallmarked.`);
    sentences.push('Cleaned and checked by our bench jeweller; sizing on request.');
  }
  sentences.push('Viewing in the shop by appointment; insured next-day delivery in the UK.');
  return sentences.join(' ');
}

export async function seedStorefrontDemo(demo: DemoContext): Promise<void> {
  const service = (at: Date) => demoStorefrontService(demo, at);
  const opened = new Date(demo.now.getTime() - 14 * 24 * HOUR);
  await service(opened).updateSettings(demoStorefrontOwner(demo), {
    slug: DEMO_STOREFRONT_SLUG,
    enabled: true,
  });

  // The promoted pieces first, then watches with their reference, then the rest; newest first within each.
  const pieces = await demo.tx.query<Piece>(
    `SELECT i.id, i.stock_type AS "stockType", i.brand, i.model, i.reference_number AS "referenceNumber", i.year,
            i.box, i.papers, i.condition_grade AS "conditionGrade", i.metal, i.promoted_at IS NOT NULL AS promoted,
            i.retail_price::text AS "retailPrice"
       FROM stock_items i
      WHERE i.shop_id = $1 AND i.status = 'available' AND i.brand <> '' AND i.retail_price > 0
        AND NOT EXISTS (SELECT 1 FROM workshop_jobs j
                         WHERE j.item_id = i.id AND NOT (j.stage = ANY ($2::text[])))
      ORDER BY (i.promoted_at IS NOT NULL) DESC, (i.stock_type = 'Watches' AND i.reference_number <> '') DESC,
               i.id DESC
      LIMIT $3`,
    [demo.shopId, [...WORKSHOP_CLOSED_STAGES], LISTED],
  );
  const dearest = pieces.reduce<Piece | null>(
    (top, p) => (top === null || Number(p.retailPrice) > Number(top.retailPrice) ? p : top),
    null,
  );
  // Listed one a few hours after another over the last days, the last one first in "newest listed" order.
  for (const [index, piece] of [...pieces].reverse().entries()) {
    const at = new Date(demo.now.getTime() - (pieces.length - index) * 7 * HOUR);
    await addDemoPhoto(
      demo,
      piece.id,
      { name: 'photo.jpg', background: PALETTE[index % PALETTE.length]! },
      at,
    );
    await service(at).updateListing(demoStorefrontOwner(demo), piece.id, {
      listed: true,
      publicDescription: descriptionOf(piece),
      braceletMaterial: piece.stockType === 'Watches' ? BRACELETS[index % BRACELETS.length]! : '',
      handlingDays: piece.stockType === 'Watches' ? 2 : 3,
      priceOnRequest: pieces.length > 3 && piece.id === dearest?.id,
    });
  }
}
