import { WORKSHOP_STAGES, type JobDetail, type JobList } from '@loupe/contracts';
import { apiTestbed } from '../../helper';

// The demo's workshop (issue 23), as a fresh start seeds it on 1 March 2026: jobs taken in and moved through the
// workshop module, so every job is numbered and every move recorded.
const { as } = apiTestbed({ demo: new Date('2026-03-01T09:00:00Z'), per: 'file', clock: true });

describe('the demo workshop', () => {
  it('has jobs in every stage, one sent out to the brand service centre and one rush job overdue', async () => {
    const gold = await as('gold');
    const list = (await gold.get('/api/workshop/jobs/?page_size=100')).json() as JobList;
    expect(new Set(list.results.map((j) => j.stage))).toEqual(new Set(WORKSHOP_STAGES));
    expect(list.results.map((j) => j.number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: list.count }, (_, i) => i + 1),
    );
    const sentOut = list.results.filter((j) => j.location === 'sent_out');
    expect(sentOut).toEqual([
      expect.objectContaining({
        supplierName: 'Rolex UK Service Centre',
        supplierReference: 'RSC-2026-04417',
      }),
    ]);
    const overdue = (await gold.get('/api/workshop/jobs/?overdue=true&rush=true')).json() as JobList;
    expect(overdue.results).toEqual([
      expect.objectContaining({ stage: 'in_workshop', location: 'in_house', rush: true, overdue: true }),
    ]);
    expect(overdue.results[0]?.daysInStage).toBe(9);
    // Each job's history runs from its intake to its stage, a move at a time.
    for (const row of list.results) {
      const job = (await gold.get(`/api/workshop/jobs/${row.id}/`)).json() as JobDetail;
      expect(job.events[0]).toMatchObject({ from: null, to: 'received' });
      expect(job.events.at(-1)?.to).toBe(job.stage);
    }
  });
});
