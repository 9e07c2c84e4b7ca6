import type { EstimateLineInput, JobInput, Role, StageMoveInput, WorkshopStage } from '@loupe/contracts';
import { WorkshopService, moveJobStage } from '../modules/workshop';
import { isoDay, seedingContext, seedingRepos, type DemoContext } from './demo-context';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** A move of a demo job: `daysAgo` (and hour of that day, UTC), by whom (gold unless told). */
interface DemoMove {
  daysAgo: number;
  hour?: number;
  to: WorkshopStage | StageMoveInput;
  by?: Role;
}

interface DemoJob {
  /** The n-th active client of the shop (by id). */
  client: number;
  daysAgo: number;
  /** The promised date, in days from the seed's day (negative: in the past). */
  promisedIn?: number;
  body: Omit<JobInput, 'clientId' | 'promisedDate'>;
  lines?: EstimateLineInput[];
  moves: DemoMove[];
}

const SERVICE_LINES = (
  labour: string,
  parts: string,
  part = 'Mainspring and gaskets',
): EstimateLineInput[] => [
  { kind: 'labour', description: 'Full service: strip, clean, lubricate, regulate', amount: labour },
  { kind: 'parts', description: part, amount: parts },
];

/** Sent to the brand's service centre (the supplier the seed adds): its id replaces 0. */
const SENT_OUT = (reference: string, expectedIn: number, now: Date): StageMoveInput => ({
  to: 'in_workshop',
  location: 'sent_out',
  supplierId: 0,
  supplierReference: reference,
  expectedReturn: isoDay(now, -expectedIn),
});

const IN_HOUSE: StageMoveInput = { to: 'in_workshop', location: 'in_house' };

/** The demo's jobs: at least one in every stage, one sent out to a brand service centre, one rush job overdue. */
const jobs = (now: Date): DemoJob[] => [
  {
    client: 0,
    daysAgo: 0,
    promisedIn: 21,
    body: {
      brand: 'Omega',
      model: 'Seamaster',
      makerReference: '210.30.42.20.01.001',
      serial: 'WS-OMG-81734',
      conditionGrade: 'very_good',
      conditionNotes: 'Light scratches on the bracelet; bezel clean.',
      declaredValue: '4200',
      reportedFault: 'Stops overnight when not worn.',
      requestedWork: 'Check the automatic winding; service if needed.',
      accessories: 'Box',
    },
    moves: [],
  },
  {
    client: 1,
    daysAgo: 2,
    promisedIn: 12,
    body: {
      brand: 'Cartier',
      model: 'Tank',
      serial: 'WS-CRT-55120',
      conditionGrade: 'good',
      conditionNotes: 'Crystal chipped at 4 o’clock.',
      declaredValue: '2800',
      reportedFault: 'Crystal chipped after a knock.',
      requestedWork: 'Replace the crystal; pressure test.',
      accessories: 'Leather strap (on the watch)',
    },
    moves: [{ daysAgo: 1, to: 'assessing' }],
  },
  {
    client: 2,
    daysAgo: 6,
    promisedIn: 30,
    body: {
      brand: 'Rolex',
      model: 'Datejust',
      makerReference: '126234',
      serial: 'WS-RLX-40917',
      conditionGrade: 'good',
      declaredValue: '7500',
      reportedFault: 'Gains about 30 seconds a day.',
      requestedWork: 'Full service.',
      accessories: 'Box, papers',
      depositRequested: '150',
    },
    lines: SERVICE_LINES('450.00', '85.00'),
    moves: [
      { daysAgo: 5, to: 'assessing' },
      { daysAgo: 3, to: 'estimate_sent' },
    ],
  },
  {
    client: 3,
    daysAgo: 9,
    promisedIn: 20,
    body: {
      brand: 'Tudor',
      model: 'Black Bay',
      serial: 'WS-TDR-22681',
      conditionGrade: 'very_good',
      declaredValue: '2900',
      reportedFault: 'Date does not change at midnight.',
      requestedWork: 'Repair the date change; service.',
      accessories: 'None',
    },
    lines: SERVICE_LINES('380.00', '60.00', 'Date jumper spring'),
    moves: [
      { daysAgo: 8, to: 'assessing' },
      { daysAgo: 6, to: 'estimate_sent' },
      { daysAgo: 1, to: { to: 'approved', note: 'Approved by telephone.' } },
    ],
  },
  {
    client: 4,
    daysAgo: 14,
    body: {
      brand: 'IWC',
      model: 'Portugieser',
      serial: 'WS-IWC-70355',
      conditionGrade: 'fair',
      declaredValue: '5200',
      reportedFault: 'Chronograph does not reset to zero.',
      requestedWork: 'Repair the chronograph.',
      accessories: 'Box',
    },
    lines: SERVICE_LINES('620.00', '240.00', 'Heart piece and reset hammer'),
    moves: [
      { daysAgo: 13, to: 'assessing' },
      { daysAgo: 11, to: 'estimate_sent' },
      { daysAgo: 4, to: { to: 'declined', note: 'Client will think about it.' } },
    ],
  },
  // The rush job past its promise, on the bench.
  {
    client: 5,
    daysAgo: 12,
    promisedIn: -3,
    body: {
      brand: 'Omega',
      model: 'Speedmaster',
      makerReference: '310.30.42.50.01.001',
      serial: 'WS-OMG-13390',
      conditionGrade: 'excellent',
      declaredValue: '6100',
      reportedFault: 'Chronograph pusher stiff.',
      requestedWork: 'Service the pushers before a wedding.',
      accessories: 'Box, papers, spare strap',
      rush: true,
    },
    lines: SERVICE_LINES('280.00', '45.00', 'Pusher gaskets'),
    moves: [
      { daysAgo: 12, hour: 14, to: 'assessing' },
      { daysAgo: 11, to: 'estimate_sent' },
      { daysAgo: 10, to: 'approved' },
      { daysAgo: 9, to: { ...IN_HOUSE, note: 'Waiting for gaskets from Omega.' } },
    ],
  },
  // Sent out to the brand's service centre.
  {
    client: 6,
    daysAgo: 20,
    promisedIn: 25,
    body: {
      brand: 'Rolex',
      model: 'Submariner',
      makerReference: '116610LN',
      serial: 'WS-RLX-66204',
      conditionGrade: 'good',
      declaredValue: '9800',
      reportedFault: 'Water under the crystal after swimming.',
      requestedWork: 'Manufacturer service (case and movement).',
      accessories: 'Box, papers, warranty card',
    },
    lines: SERVICE_LINES('780.00', '150.00', 'Crystal, gaskets, crown tube'),
    moves: [
      { daysAgo: 19, to: 'assessing' },
      { daysAgo: 18, to: 'estimate_sent' },
      { daysAgo: 16, to: 'approved' },
      { daysAgo: 15, to: SENT_OUT('RSC-2026-04417', 20, now) },
    ],
  },
  {
    client: 7,
    daysAgo: 16,
    promisedIn: 2,
    body: {
      brand: 'Breitling',
      model: 'Navitimer',
      serial: 'WS-BRT-30551',
      conditionGrade: 'very_good',
      declaredValue: '4600',
      reportedFault: 'Slide rule bezel loose.',
      requestedWork: 'Refit the bezel; service.',
      accessories: 'None',
    },
    lines: SERVICE_LINES('420.00', '55.00', 'Bezel spring'),
    moves: [
      { daysAgo: 15, to: 'assessing' },
      { daysAgo: 14, to: 'estimate_sent' },
      { daysAgo: 13, to: 'approved' },
      { daysAgo: 12, to: IN_HOUSE },
      { daysAgo: 1, to: 'quality_check', by: 'platinum' },
    ],
  },
  // No estimate: a ring resized.
  {
    client: 8,
    daysAgo: 7,
    promisedIn: 0,
    body: {
      brand: '',
      model: '',
      conditionGrade: 'good',
      conditionNotes: '18ct yellow gold band, size M.',
      declaredValue: '900',
      reportedFault: 'Too small.',
      requestedWork: 'Resize from M to O.',
      accessories: 'Ring box',
      estimateRequired: false,
      depositRequested: '20',
    },
    lines: [{ kind: 'labour', description: 'Resize two sizes up (18ct gold)', amount: '65.00' }],
    moves: [
      { daysAgo: 6, to: IN_HOUSE },
      { daysAgo: 2, to: 'quality_check' },
      { daysAgo: 1, to: 'ready' },
    ],
  },
  {
    client: 9,
    daysAgo: 40,
    promisedIn: -20,
    body: {
      brand: 'Omega',
      model: 'Constellation',
      serial: 'WS-OMG-90113',
      conditionGrade: 'good',
      declaredValue: '1800',
      reportedFault: 'Bracelet link broken.',
      requestedWork: 'Replace the link (sold here last year: under the shop\u2019s warranty, no charge).',
      accessories: 'None',
      estimateRequired: false,
    },
    // No lines: nothing to pay, so the collection needs no payment (the money part's rule).
    moves: [
      { daysAgo: 39, to: IN_HOUSE },
      { daysAgo: 30, to: 'quality_check' },
      { daysAgo: 29, to: 'ready' },
      { daysAgo: 25, to: { to: 'collected', note: 'Collected by the client.' }, by: 'silver' },
    ],
  },
  {
    client: 10,
    daysAgo: 35,
    body: {
      brand: 'Longines',
      model: 'Conquest',
      serial: 'WS-LNG-48820',
      conditionGrade: 'fair',
      declaredValue: '600',
      reportedFault: 'Does not run.',
      requestedWork: 'Repair if economical.',
      accessories: 'None',
    },
    lines: SERVICE_LINES('340.00', '180.00', 'Balance staff'),
    moves: [
      { daysAgo: 34, to: 'assessing' },
      { daysAgo: 32, to: 'estimate_sent' },
      { daysAgo: 28, to: 'declined' },
      { daysAgo: 27, to: { to: 'returned_unrepaired', note: 'Returned: repair not economical.' } },
    ],
  },
];

/** The watch brand's service centre the shop sends pieces to: a client record (the workshop's supplier). */
const SERVICE_CENTRE = {
  name: 'Rolex UK Service Centre',
  email: 'service@example.com',
  phone: '+44 20 7946 0999',
  status: 'active' as const,
  notes: 'Brand service centre: the workshop sends pieces here for manufacturer service.',
  addressLine1: '1 Service Way',
  addressLine2: '',
  town: 'Bexley',
  postcode: 'DA5 1AA',
  country: 'United Kingdom',
};

/**
 * Workshop jobs (issue 23): a job in every stage, taken in and moved through the workshop module's own service
 * and moveJobStage at the moment each happened (numbers, stage events and the audit trail as the API writes
 * them): one rush job past its promised date, one sent out to the brand's service centre (a supplier client the
 * seed adds, with its creation on the trail), one collected, one returned unrepaired.
 */
export async function seedWorkshopDemo(demo: DemoContext): Promise<void> {
  const { tx, shopId, users, now } = demo;
  const clients = await tx.query<{ id: number }>(
    'SELECT id FROM client_directory WHERE shop_id = $1 AND status = $2 ORDER BY id',
    [shopId, 'active'],
  );
  const plan = jobs(now);
  if (clients.length < Math.max(...plan.map((j) => j.client)) + 1) return;
  const centreAt = new Date(now.getTime() - 60 * DAY);
  const centreRepos = seedingRepos(tx, centreAt);
  const centre = await centreRepos.clients.insert(shopId, SERVICE_CENTRE, centreAt);
  await centreRepos.audit.record({
    shopId,
    userId: users.platinum,
    entity: 'client',
    entityId: centre,
    action: 'create',
    after: SERVICE_CENTRE,
    at: centreAt,
  });

  const atOf = (daysAgo: number, hour: number) =>
    new Date(Date.parse(`${isoDay(now, daysAgo)}T00:00:00Z`) + hour * HOUR);
  // Taken in oldest first, so the job numbers follow the days.
  for (const job of [...plan].sort((a, b) => b.daysAgo - a.daysAgo)) {
    const takenAt = new Date(Math.min(atOf(job.daysAgo, 10).getTime(), now.getTime() - HOUR));
    const caller = { userId: users.gold, shopId, role: 'gold' as const };
    const service = new WorkshopService(seedingContext(tx, takenAt));
    const created = await service.create(caller, {
      ...job.body,
      clientId: (clients[job.client] as { id: number }).id,
      promisedDate: job.promisedIn === undefined ? null : isoDay(now, -job.promisedIn),
    });
    // An overdue promise was in the future when it was made: the intake checks it against its own day.
    if (job.lines) await service.setEstimate(caller, created.id, { lines: job.lines });
    for (const m of job.moves) {
      const at = atOf(m.daysAgo, m.hour ?? 11);
      const to =
        typeof m.to === 'object' && m.to.location === 'sent_out' ? { ...m.to, supplierId: centre } : m.to;
      await moveJobStage(
        seedingRepos(tx, at),
        { shopId, userId: users[m.by ?? 'gold'] },
        created.id,
        to,
        '',
        at,
      );
    }
  }
}
