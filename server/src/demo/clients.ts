import { createHash, randomBytes } from 'node:crypto';
import {
  checkPostalAddress,
  type ClientStatus,
  type Currency,
  type PaymentMethod,
  type PostalAddress,
} from '@loupe/contracts';
import { storeBytes } from '../kernel/file-storage';
import { isoDay, seedingRepos, type DemoContext } from './demo-context';

type Kyc = 'pdf' | 'png' | 'jpg' | null;
/** [days ago, direction, amount, currency, GBP rate, method, note] */
type DemoPayment = [number, 'received' | 'paid', string, Currency, string, PaymentMethod, string];

interface DemoClient {
  name: string;
  email: string;
  phone: string;
  status: ClientStatus;
  notes: string;
  /** Days before the seeding day the client was added. */
  since: number;
  kyc: Kyc;
  payments: DemoPayment[];
}

const c = (
  name: string,
  phone: string,
  since: number,
  kyc: Kyc,
  payments: DemoPayment[] = [],
  extra: { status?: ClientStatus; notes?: string; email?: string } = {},
): DemoClient => ({
  name,
  email: extra.email ?? `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`,
  phone,
  status: extra.status ?? 'active',
  notes: extra.notes ?? '',
  since,
  kyc,
  payments,
});

/*
 * 27 clients: 20 active, then 7 inactive, two of those long past, for the retention review (stock seeding lends
 * items to the first ones, so those are active).
 * Payments in pounds, dollars, euros and bitcoin leave some owing the shop (debtors), some owed by it
 * (creditors) and some settled; about half have identity papers on file.
 */
const CLIENTS: DemoClient[] = [
  c('Eleanor Whitcombe', '+44 20 7946 0101', 320, 'pdf', [
    [120, 'received', '4500.00', 'GBP', '1', 'Bank Transfer', 'Deposit towards a Daytona'],
    [40, 'paid', '1200.00', 'GBP', '1', 'Bank Transfer', 'Part refund of deposit'],
  ]),
  c('Marcus Adeyemi', '+44 7700 900102', 290, 'png', [
    [90, 'paid', '8250.00', 'GBP', '1', 'Bank Transfer', 'Advance against consignment'],
    [30, 'received', '2500.00', 'GBP', '1', 'Debit Card', 'First instalment'],
  ]),
  c(
    'Sofia Marchetti',
    '+39 02 555 0103',
    260,
    'pdf',
    [
      [75, 'received', '6200.00', 'EUR', '0.85432100', 'Bank Transfer', 'Deposit, wire from Milan'],
      [20, 'paid', '1000.00', 'EUR', '0.85910000', 'Bank Transfer', 'Returned overpayment'],
    ],
    { notes: 'Collects vintage Cartier. Prefers calls after 6pm.' },
  ),
  c('James Holloway', '+44 7700 900104', 240, null, [
    [60, 'paid', '350.00', 'GBP', '1', 'Cash', 'Cash advance for strap and service'],
  ]),
  c(
    'Priya Raman',
    '+44 20 7946 0105',
    220,
    'jpg',
    [
      [110, 'received', '12000.00', 'USD', '0.79123456', 'Bank Transfer', 'Deposit, USD account'],
      [14, 'received', '0.04500000', 'BTC', '45000.50000000', 'Bitcoin', 'Balance of deposit in BTC'],
    ],
    { notes: 'Looking for a Patek Nautilus; budget agreed.' },
  ),
  c('Oliver Bennett', '07700 900106', 210, null),
  c('Hannah Kowalski', '+44 7700 900107', 200, 'png', [
    [80, 'paid', '9250.50', 'GBP', '1', 'Bank Transfer', 'Paid for trade-in ahead of paperwork'],
  ]),
  c('Daniel Okafor', '+44 161 496 0108', 190, 'pdf', [
    [70, 'received', '1500.00', 'GBP', '1', 'Credit Card', 'Reservation fee'],
    [35, 'received', '1500.00', 'GBP', '1', 'Credit Card', 'Second reservation payment'],
    [10, 'paid', '3000.00', 'GBP', '1', 'Bank Transfer', 'Reservation cancelled, refunded'],
  ]),
  c('Charlotte Ng', '+852 5550 0109', 175, 'jpg', [
    [50, 'received', '7800.00', 'USD', '0.78650000', 'PayPal', 'Deposit via PayPal'],
  ]),
  c(
    'Thomas Fairbairn',
    '+44 131 496 0110',
    160,
    null,
    [[45, 'paid', '5400.00', 'GBP', '1', 'Bank Transfer', 'Advance on his Submariner consignment']],
    { notes: 'Consigns pieces from his late father\u2019s collection.' },
  ),
  c('Amelia Strauss', '+49 30 555 0111', 150, 'pdf', [
    [65, 'received', '3000.00', 'EUR', '0.85500000', 'Bank Transfer', 'Deposit'],
    [5, 'paid', '3000.00', 'EUR', '0.85500000', 'Bank Transfer', 'Deposit returned'],
  ]),
  c('Rafael Domínguez', '+34 91 555 0112', 140, null, [
    [25, 'paid', '980.00', 'GBP', '1', 'Cash', 'Bought his Omega strap set in cash, invoice to follow'],
  ]),
  c('Grace Liu', '+44 20 7946 0113', 130, 'png', [
    [55, 'received', '250.00', 'GBP', '1', 'Debit Card', 'Service deposit'],
  ]),
  c('Henry Castellan', '+44 7700 900114', 120, null),
  c(
    'Isabelle Fournier',
    '+33 1 55 55 01 15',
    110,
    'pdf',
    [[28, 'received', '18500.00', 'EUR', '0.85912345', 'Bank Transfer', 'Deposit on Ballon Bleu set']],
    { notes: 'Wants everything insured in transit.' },
  ),
  c('Kwame Mensah', '+44 7700 900116', 95, null, [
    [18, 'paid', '4450.25', 'GBP', '1', 'Bank Transfer', 'Paid ahead for a bracelet and its resize'],
  ]),
  c('Lucy Harrington', '07700 900117', 80, 'jpg'),
  c('Nikolai Petrov', '+44 20 7946 0118', 60, null, [
    [12, 'received', '0.12000000', 'BTC', '46210.75000000', 'Bitcoin', 'Deposit in bitcoin'],
    [3, 'paid', '2000.00', 'GBP', '1', 'Bank Transfer', 'Partial return of the BTC deposit'],
  ]),
  c('Olivia Chen', '+1 212 555 0119', 45, 'png', [
    [9, 'paid', '640.00', 'USD', '0.79000000', 'Credit Card', 'Refund of a returned strap'],
  ]),
  c('William Ashdown', '+44 1223 496 0120', 20, null),
  c(
    'Beatrice Lacroix',
    '+33 6 55 55 01 21',
    360,
    'pdf',
    [
      [300, 'received', '900.00', 'EUR', '0.86000000', 'Bank Transfer', 'Deposit'],
      [280, 'paid', '900.00', 'EUR', '0.86000000', 'Bank Transfer', 'Deposit returned'],
    ],
    { status: 'inactive', notes: 'Moved abroad; keep records for five years.' },
  ),
  c(
    'Edward Penrose',
    '+44 7700 900122',
    340,
    null,
    [[250, 'paid', '3900.00', 'GBP', '1', 'Cash', 'Advance never settled']],
    { status: 'inactive', notes: 'Chase the cash advance before any new business.' },
  ),
  c('Fatima Al-Sayed', '+971 4 555 0123', 330, 'jpg', [], { status: 'inactive' }),
  c(
    'George Whitaker',
    '+44 7700 900124',
    300,
    null,
    [[200, 'received', '150.00', 'GBP', '1', 'Other', 'Gift voucher credit']],
    { status: 'inactive' },
  ),
  c('Ingrid Solberg', '+47 555 01 25', 270, null, [], { status: 'inactive' }),
  // Issue 25 item 3: two relationships that ended over five years ago (MLR 2017 reg. 40(3)), so the demo's
  // retention review at /compliance/retention has clients to review: one whose last transaction was about six
  // years ago, and one who never bought or sold (dated from the record and the identity paper).
  c(
    'Reginald Hartley',
    '+44 1865 555 026',
    2400,
    'pdf',
    [
      [2300, 'received', '2750.00', 'GBP', '1', 'Bank Transfer', 'Deposit towards a Seamaster'],
      [2290, 'paid', '2750.00', 'GBP', '1', 'Bank Transfer', 'Deposit returned: the sale fell through'],
    ],
    { status: 'inactive', notes: 'Moved abroad.' },
  ),
  c('Margaret Ellison', '+44 1223 555 027', 2150, null, [], { status: 'inactive' }),
];

/**
 * Each demo client's postal address (issue 22, item 4): UK addresses in the towns their phone numbers place
 * them, and the clients abroad in theirs. [line 1, line 2, town, postcode, country]; the country left blank is
 * the United Kingdom. Street names are real, house numbers made up; every UK postcode has the Royal Mail format.
 */
const ADDRESSES: Record<string, [string, string, string, string, string]> = {
  'Eleanor Whitcombe': ['14 Cheyne Walk', '', 'London', 'SW3 5RA', ''],
  'Marcus Adeyemi': ['Flat 6, Albion Court', '27 Fortess Road', 'London', 'NW5 1AD', ''],
  'Sofia Marchetti': ['Via Monte Napoleone 8', '', 'Milano', '20121', 'Italy'],
  'James Holloway': ['3 Rodney Street', '', 'Liverpool', 'L1 9ED', ''],
  'Priya Raman': ['41 Marylebone High Street', '', 'London', 'W1U 5HE', ''],
  'Oliver Bennett': ['The Old Rectory', 'Church Lane', 'Chipping Campden', 'GL55 6JG', ''],
  'Hannah Kowalski': ['22 Deansgate', '', 'Manchester', 'M3 2BW', ''],
  'Daniel Okafor': ['9 St John Street', '', 'Manchester', 'M3 4DN', ''],
  'Charlotte Ng': ['Flat 12B, Tower 2', '1 Austin Road West', 'Kowloon', '', 'Hong Kong'],
  'Thomas Fairbairn': ['17 Heriot Row', '', 'Edinburgh', 'EH3 6HP', ''],
  'Amelia Strauss': ['Kurfürstendamm 52', '', 'Berlin', '10707', 'Germany'],
  'Rafael Domínguez': ['Calle de Serrano 41', '', 'Madrid', '28001', 'Spain'],
  'Grace Liu': ['5 Gloucester Crescent', '', 'London', 'NW1 7DS', ''],
  'Henry Castellan': ['Mill House', 'Mill Lane', 'Henley-on-Thames', 'RG9 4HB', ''],
  'Isabelle Fournier': ['12 Rue du Faubourg Saint-Honoré', '', 'Paris', '75008', 'France'],
  'Kwame Mensah': ['88 Colmore Row', '', 'Birmingham', 'B3 2AB', ''],
  'Lucy Harrington': ['2 Royal Crescent', '', 'Bath', 'BA1 2LR', ''],
  'Nikolai Petrov': ['Flat 31, Kensington Court', '', 'London', 'W8 5DL', ''],
  'Olivia Chen': ['245 East 57th Street, Apt 9C', '', 'New York, NY', '10022', 'United States'],
  'William Ashdown': ['6 Trumpington Street', '', 'Cambridge', 'CB2 1QA', ''],
  'Beatrice Lacroix': ['4 Cours Mirabeau', '', 'Aix-en-Provence', '13100', 'France'],
  'Edward Penrose': ['Tremayne Farm', '', 'Truro', 'TR1 3XQ', ''],
  'Fatima Al-Sayed': ['Villa 14, Street 2', 'Jumeirah 1', 'Dubai', '', 'United Arab Emirates'],
  'George Whitaker': ['19 Park Square East', '', 'Leeds', 'LS1 2NE', ''],
  'Ingrid Solberg': ['Bygdøy allé 23', '', 'Oslo', '0262', 'Norway'],
  'Reginald Hartley': ['11 Norham Gardens', '', 'Oxford', 'OX2 6PS', ''],
  'Margaret Ellison': ['4 Brookside', '', 'Cambridge', 'CB2 1JE', ''],
};

/** A demo client's address as the API would store it (the contracts' rule: a UK postcode in its standard form). */
function addressOf(name: string): PostalAddress {
  const [addressLine1, addressLine2, town, postcode, country] = ADDRESSES[name] ?? ['', '', '', '', ''];
  const checked = checkPostalAddress({ addressLine1, addressLine2, town, postcode, country });
  if (checked.problems !== null)
    throw new Error(`Demo address of ${name}: ${JSON.stringify(checked.problems)}`);
  return checked.address;
}

// Tiny but genuine files, so the demo's KYC downloads open: a 1×1 PNG, a minimal JPEG and a one-page PDF.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const JPEG = Buffer.from(
  'ffd8ffe000104a46494600010100000100010000ffdb004300080606070605080707070909080a0c140d0c0b0b0c1912130f141d1a1f1e1d1a1c1c20242e2720222c231c1c2837292c30313434341f27393d38323c2e333432ffc0000b080001000101011100ffc4001f0000010501010101010100000000000000000102030405060708090a0bffc400b5100002010303020403050504040000017d01020300041105122131410613516107227114328191a1082342b1c11552d1f02433627282090a161718191a25262728292a3435363738393a434445464748494a535455565758595a636465666768696a737475767778797a838485868788898a92939495969798999aa2a3a4a5a6a7a8a9aab2b3b4b5b6b7b8b9bac2c3c4c5c6c7c8c9cad2d3d4d5d6d7d8d9dae1e2e3e4e5e6e7e8e9eaf1f2f3f4f5f6f7f8f9faffda0008010100003f00fbfcffd9',
  'hex',
);
function pdf(title: string): Buffer {
  const text = `BT /F1 18 Tf 72 720 Td (${title.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const KYC_FILES: Record<
  Exclude<Kyc, null>,
  { type: string; name: string; bytes: (who: string) => Buffer }
> = {
  pdf: { type: 'application/pdf', name: 'passport.pdf', bytes: (who) => pdf(`Passport copy - ${who}`) },
  png: { type: 'image/png', name: 'driving-licence.png', bytes: () => PNG },
  jpg: { type: 'image/jpeg', name: 'id-card.jpg', bytes: () => JPEG },
};

/**
 * The demo shop's clients, their payments (posted through the ledger, so every balance is its ledger's sum)
 * and, when the file key is given, their KYC documents; each with the audit entries the API writes, in
 * the order they happened. Written through the clients' and the trail's repositories, dated as they happened.
 */
export async function seedClientsDemo(demo: DemoContext): Promise<void> {
  const { tx, shopId, now, users } = demo;
  const staff = [users.platinum, users.gold, users.silver];
  const at = (daysAgo: number, hour = 10) =>
    new Date(Date.parse(`${isoDay(now, daysAgo)}T00:00:00Z`) + hour * 3_600_000);

  const repos = seedingRepos(tx, now);
  const idOf = new Map<string, number>();
  for (const x of CLIENTS) {
    const { name, email, phone, status, notes } = x;
    idOf.set(
      email,
      await repos.clients.insert(
        shopId,
        { name, email, phone, status, notes, ...addressOf(name) },
        at(x.since, 9),
      ),
    );
  }

  const audits: Array<{
    user: number;
    id: number;
    action: string;
    before: unknown;
    after: unknown;
    at: Date;
  }> = [];
  CLIENTS.forEach((x, i) => {
    const { since: _since, kyc: _kyc, payments: _payments, ...fields } = x;
    audits.push({
      user: staff[i % 3] as number,
      id: idOf.get(x.email) as number,
      action: 'create',
      before: null,
      after: { ...fields, ...addressOf(x.name) },
      at: at(x.since, 9),
    });
  });

  // Payments in date order per client, as staff would have recorded them.
  const { ledger } = repos;
  for (const [i, x] of CLIENTS.entries()) {
    const clientId = idOf.get(x.email) as number;
    let balance = 0;
    for (const [daysAgo, direction, amount, currency, rate, method, note] of [...x.payments].sort(
      (a, b) => b[0] - a[0],
    )) {
      const when = at(daysAgo, 11);
      const posted = await ledger.post({
        shopId,
        clientId,
        amount: direction === 'paid' ? `-${amount}` : amount,
        currency,
        exchangeRate: rate,
        method,
        date: isoDay(now, daysAgo),
        note,
        userId: staff[(i + 1) % 3] as number,
        at: when,
      });
      const after = Number(posted.balance);
      audits.push({
        user: staff[(i + 1) % 3] as number,
        id: clientId,
        action: 'ledger_entry',
        before: { balance },
        after: {
          entry: {
            id: posted.id,
            direction,
            amount: Number(direction === 'paid' ? `-${amount}` : amount),
            currency,
            exchangeRate: Number(rate),
            amountGbp: Number(posted.amountGbp),
            method,
            date: isoDay(now, daysAgo),
            note,
            source: null,
            sourceId: null,
            createdAt: when.toISOString(),
          },
          balance: after,
        },
        at: when,
      });
      balance = after;
    }
  }

  // KYC papers, stored the way an upload stores them (random key, sealed chunks in the database), in the
  // seeding transaction: the documents' insert below attaches them.
  if (demo.fileKey) {
    const docs = CLIENTS.flatMap((x, i) => {
      if (!x.kyc) return [];
      const file = KYC_FILES[x.kyc];
      const bytes = file.bytes(x.name);
      return [
        {
          clientId: idOf.get(x.email) as number,
          key: randomBytes(24).toString('hex'),
          name: file.name,
          type: file.type,
          bytes,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          user: staff[i % 3] as number,
          at: at(Math.max(x.since - 1, 0), 12),
        },
      ];
    });
    for (const d of docs) await storeBytes(tx, demo.fileKey, d.key, d.bytes, d.type);
    const docId = new Map<string, number>();
    for (const d of docs) {
      const stored = await repos.clientDocuments.insert({
        shopId,
        clientId: d.clientId,
        storageKey: d.key,
        name: d.name,
        contentType: d.type,
        size: d.bytes.length,
        sha256: d.sha256,
        userId: d.user,
        at: d.at,
      });
      docId.set(d.key, stored.id);
    }
    for (const d of docs) {
      audits.push({
        user: d.user,
        id: d.clientId,
        action: 'kyc_upload',
        before: null,
        after: {
          id: docId.get(d.key),
          name: d.name,
          contentType: d.type,
          size: d.bytes.length,
          uploadedAt: d.at.toISOString(),
          sha256: d.sha256,
        },
        at: d.at,
      });
    }
  }

  audits.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const a of audits) {
    await repos.audit.record({
      shopId,
      userId: a.user,
      entity: 'client',
      entityId: a.id,
      action: a.action,
      ...(a.before === null ? {} : { before: a.before }),
      after: a.after,
      at: a.at,
    });
  }
}
