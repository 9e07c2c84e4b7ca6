import type { JobDetail, JobMoney, WorkshopStage } from '@loupe/contracts';
import type { Browser } from '../../helper';

// What the workshop's money tests share: taking a piece in, pricing it and moving it to ready, through the API
// as the staff do.
export const JOBS = '/api/workshop/jobs/';
export const jobUrl = (id: number) => `${JOBS}${id}/`;

/** The service of the tests: labour £250.00 + parts £100.00 = £350.00, VAT included. */
export const SERVICE_350 = [
  { kind: 'labour', description: 'Full service', amount: '250' },
  { kind: 'parts', description: 'Crown and gaskets', amount: '100.00' },
];

export async function takeIn(browser: Browser, body: Record<string, unknown>): Promise<JobDetail> {
  const response = await browser.post(JOBS, {
    brand: 'Rolex',
    model: 'Submariner',
    makerReference: '126610LN',
    serial: 'SUB-123',
    reportedFault: 'Loses two minutes a day',
    requestedWork: 'Full service',
    ...body,
  });
  if (response.statusCode !== 201) throw new Error(`intake failed: ${response.body}`);
  return response.json() as JobDetail;
}

export async function moveTo(browser: Browser, id: number, to: WorkshopStage): Promise<void> {
  const body = to === 'in_workshop' ? { to, location: 'in_house' } : { to };
  const response = await browser.post(`${jobUrl(id)}stage/`, body);
  if (response.statusCode !== 200) throw new Error(`move to ${to} failed: ${response.body}`);
}

export async function priced(browser: Browser, id: number, lines: unknown[] = SERVICE_350): Promise<void> {
  const response = await browser.put(`${jobUrl(id)}estimate/`, { lines });
  if (response.statusCode !== 200) throw new Error(`estimate failed: ${response.body}`);
}

/** A client's job with `lines`, its estimate sent and approved (the stage a deposit is taken in). */
export async function approvedJob(browser: Browser, clientId: number, lines: unknown[] = SERVICE_350) {
  const job = await takeIn(browser, { clientId });
  await priced(browser, job.id, lines);
  for (const stage of ['assessing', 'estimate_sent', 'approved'] as const)
    await moveTo(browser, job.id, stage);
  return job.id;
}

/** From approved (or a job that needs no estimate, from received) on to ready for collection. */
export async function toReady(browser: Browser, id: number): Promise<void> {
  for (const stage of ['in_workshop', 'quality_check', 'ready'] as const) await moveTo(browser, id, stage);
}

export const money = async (browser: Browser, id: number) =>
  (await browser.get(`${jobUrl(id)}money/`)).json() as JobMoney;

export const stageOf = async (browser: Browser, id: number) =>
  ((await browser.get(jobUrl(id))).json() as JobDetail).stage;
