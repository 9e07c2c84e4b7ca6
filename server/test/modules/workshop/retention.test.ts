import type { RetentionList } from '@loupe/contracts';
import { RETENTION, retentionTestbed } from '../compliance/retention-setup';

// A workshop job keeps its client's relationship alive: the retention clock (MLR 2017 reg. 40(3), UK GDPR
// art. 5(1)(e)) runs from the client's last transaction, and a job's last move is one.
const { as, create, officer, paidOn } = retentionTestbed();

describe('a workshop job and the retention clock', () => {
  it('keeps a client with a recent job off the review, where their old payments alone would put them', async () => {
    const gold = await as('gold');
    const withJob = await create({ name: 'Walter Repair' });
    const without = await create({ name: 'Olive Oldpay' });
    await paidOn(withJob, '2019-04-02');
    await paidOn(without, '2019-04-02');
    const intake = await gold.post('/api/workshop/jobs/', {
      clientId: withJob,
      reportedFault: 'Needs a service',
    });
    expect(intake.statusCode).toBe(201);
    const list = (await (await officer()).get(RETENTION)).json() as RetentionList;
    expect(list.results.map((r) => r.clientId)).toEqual([without]);
  });
});
