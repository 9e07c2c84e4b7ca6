import type { PurchaseCreate } from '@loupe/contracts';
import { PurchasesService } from '../modules/purchases';
import { isoDay, seedingContext, type DemoContext } from './demo-context';

const DAY = 86_400_000;

/** The demo's buy-ins: who sold (the n-th client with papers on file), when, what and how it was paid. */
const BUY_INS: ReadonlyArray<{
  seller: number;
  daysAgo: number;
  body: Omit<PurchaseCreate, 'sellerId' | 'date'>;
}> = [
  {
    seller: 1,
    daysAgo: 24,
    body: {
      sellerKind: 'private',
      lines: [
        {
          stockType: 'Watches',
          brand: 'Rolex',
          model: 'Submariner',
          serial: 'BUY-RLX-7Q21',
          description: 'Ref. 126610LN, 2021, full set',
          price: '8200.00',
          intake: {
            conditionGrade: 'excellent',
            box: true,
            papers: true,
            warrantyCard: true,
            notes: 'Light desk diving marks on the clasp.',
          },
          registerCheck: {
            provider: 'The Watch Register',
            searchReference: 'TWR-2026-118342',
            checkedOn: '',
            result: 'clear',
          },
        },
        {
          stockType: 'Watches',
          brand: 'Omega',
          model: 'Speedmaster',
          serial: 'BUY-OMG-3K88',
          description: 'Moonwatch Professional, 2019',
          price: '3650.00',
          intake: {
            conditionGrade: 'very_good',
            box: true,
            papers: false,
            serviceHistory: true,
            notes: 'Serviced by Omega in 2024.',
          },
          registerCheck: {
            provider: 'The Watch Register',
            searchReference: 'TWR-2026-118343',
            checkedOn: '',
            result: 'clear',
          },
        },
      ],
      payments: [{ method: 'Bank Transfer', amount: '11850.00' }],
      notes: 'Walked in with both pieces; identity checked against the passport on file.',
    },
  },
  {
    seller: 2,
    daysAgo: 11,
    body: {
      sellerKind: 'trade',
      lines: [
        {
          stockType: 'Watches',
          brand: 'Cartier',
          model: 'Tank',
          serial: 'BUY-CRT-5T02',
          description: 'Tank Louis Cartier, 18k gold',
          price: '5400.00',
          intake: { conditionGrade: 'good', box: false, papers: true, extraLinks: true },
          registerCheck: {
            provider: 'The Watch Register',
            searchReference: 'TWR-2026-120977',
            checkedOn: '',
            result: 'clear',
          },
        },
        {
          stockType: 'Jewellery',
          serial: 'BUY-JWL-9R14',
          description: 'Platinum solitaire ring, 1.02 ct',
          price: '2900.00',
          intake: { conditionGrade: 'excellent' },
        },
      ],
      payments: [
        { method: 'Bank Transfer', amount: '7000.00' },
        { method: 'Cash', amount: '1300.00' },
      ],
    },
  },
  {
    seller: 3,
    daysAgo: 3,
    body: {
      sellerKind: 'private',
      lines: [
        {
          stockType: 'Watches',
          brand: 'Rolex',
          model: 'Datejust',
          serial: 'BUY-RLX-2D36',
          description: '36 mm, 1998, no papers',
          price: '4100.00',
          intake: { conditionGrade: 'good', box: false, papers: false, notes: 'Crystal scratched.' },
          registerCheck: {
            provider: 'The Watch Register',
            searchReference: 'TWR-2026-122410',
            checkedOn: '',
            result: 'clear',
          },
        },
      ],
      payments: [
        { method: 'Bank Transfer', amount: '2600.00' },
        { method: 'Cash', amount: '1500.00' },
      ],
    },
  },
];

/**
 * Buy-ins (issue 22): three purchases from clients with identity papers on file, through the purchases module's
 * own service (due diligence, purchase numbers, stock numbers, the AML guard) at the moment each happened, with
 * The Watch Register's clear checks, intake records and the sellers' postal addresses on the purchase invoices.
 * Without a file key no client has papers on file, so nothing is seeded (the identity rule would refuse them).
 */
export async function seedPurchasesDemo(demo: DemoContext): Promise<void> {
  const { tx, shopId, users, now } = demo;
  const sellers = await tx.query<{ id: number }>(
    'SELECT id FROM client_directory WHERE shop_id = $1 AND documents_on_file > 0 AND status = $2 ORDER BY id',
    [shopId, 'active'],
  );
  if (sellers.length < 4) return;
  for (const buyIn of BUY_INS) {
    const at = new Date(now.getTime() - buyIn.daysAgo * DAY);
    const date = isoDay(now, buyIn.daysAgo);
    const service = new PurchasesService(seedingContext(tx, at));
    await service.create(
      { userId: users.gold, shopId, role: 'gold' },
      {
        ...buyIn.body,
        sellerId: (sellers[buyIn.seller] as { id: number }).id,
        date,
        lines: buyIn.body.lines.map((l) =>
          l.registerCheck ? { ...l, registerCheck: { ...l.registerCheck, checkedOn: date } } : l,
        ),
      },
    );
  }
}
