import type { Job, JobRow } from '../../src/features/jobs/api/jobs';

/** A job as the list answers it: a client's Rolex just received, estimate required, nothing late. */
export function makeJob(overrides: Partial<JobRow> = {}): JobRow {
  const id = overrides.id ?? 1;
  return {
    id,
    number: id,
    reference: `JOB-${String(id).padStart(6, '0')}`,
    clientId: 7,
    clientName: 'Ada Lovelace',
    itemId: null,
    stockNumber: null,
    brand: 'Rolex',
    model: 'Submariner',
    makerReference: '126610LN',
    serial: 'X123456',
    reportedFault: 'Loses five minutes a day',
    stage: 'received',
    stageSince: '2026-11-20T10:00:00.000Z',
    daysInStage: 3,
    receivedOn: '2026-11-20',
    promisedDate: '2026-12-18',
    overdue: false,
    rush: false,
    estimateRequired: true,
    location: null,
    supplierId: null,
    supplierName: null,
    supplierReference: '',
    expectedReturn: null,
    estimateTotalGbp: 0,
    estimateLines: 0,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** The job whole, as its page loads it. */
export function makeJobDetail(overrides: Partial<Job> = {}): Job {
  return {
    ...makeJob(overrides),
    conditionGrade: null,
    conditionNotes: 'Scratch on the clasp',
    declaredValueGbp: 9500,
    requestedWork: 'Full service',
    accessories: 'Box and papers',
    depositRequestedGbp: null,
    notes: '',
    createdBy: 'Sil Ver',
    estimate: { lines: [], labourGbp: 0, partsGbp: 0, netGbp: 0, vatGbp: 0, totalGbp: 0 },
    photos: [],
    events: [
      {
        id: 1,
        from: null,
        to: 'received',
        location: null,
        supplierName: null,
        note: '',
        by: 'Sil Ver',
        at: '2026-11-20T10:00:00.000Z',
      },
    ],
    nextStages: ['assessing', 'returned_unrepaired'],
    ...overrides,
  };
}

/** A page of jobs as `GET /api/workshop/jobs/` answers it. */
export const jobPage = (results: JobRow[]) => ({ count: results.length, results });
