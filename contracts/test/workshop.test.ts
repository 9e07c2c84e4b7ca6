import {
  WORKSHOP_AFTER_QUALITY_CHECK,
  WORKSHOP_CLOSED,
  WORKSHOP_DECLINED_ONLY_RETURN,
  WORKSHOP_ESTIMATE_LOCKED,
  WORKSHOP_LINES_LOCKED,
  WORKSHOP_LOCATION_NEEDED,
  WORKSHOP_NOT_APPROVED,
  WORKSHOP_NOT_READY,
  WORKSHOP_NO_ESTIMATE,
  WORKSHOP_RETURN_WHEN,
  WORKSHOP_SAME_LOCATION,
  WORKSHOP_STAGES,
  WORKSHOP_SUPPLIER_NEEDED,
  daysInStage,
  estimateEditProblem,
  isJobOverdue,
  jobReference,
  workshopMoveProblem,
  workshopNextStages,
  type WorkshopStage,
} from '../src/workshop-messages';

const job = (stage: WorkshopStage, estimateRequired = true) => ({ stage, estimateRequired });

describe('workshopMoveProblem (one rule: the server and the board)', () => {
  it('refuses a collection before the piece is ready, from every other stage', () => {
    for (const stage of WORKSHOP_STAGES.filter(
      (s) => !['ready', 'collected', 'returned_unrepaired'].includes(s),
    ))
      expect(workshopMoveProblem(job(stage), 'collected')).toBe(WORKSHOP_NOT_READY);
    expect(workshopMoveProblem(job('ready'), 'collected')).toBeNull();
  });

  it('refuses work before approval when an estimate is required, allows it when none is', () => {
    for (const stage of ['received', 'assessing', 'estimate_sent'] as const)
      expect(workshopMoveProblem(job(stage), { stage: 'in_workshop', location: 'in_house' })).toBe(
        WORKSHOP_NOT_APPROVED,
      );
    expect(workshopMoveProblem(job('approved'), { stage: 'in_workshop', location: 'in_house' })).toBeNull();
    expect(
      workshopMoveProblem(job('assessing', false), { stage: 'in_workshop', location: 'in_house' }),
    ).toBeNull();
    expect(workshopMoveProblem(job('estimate_sent', false), 'in_workshop')).toBe(WORKSHOP_NOT_APPROVED);
  });

  it('ends a declined job only returned unrepaired', () => {
    for (const stage of WORKSHOP_STAGES.filter((s) => s !== 'returned_unrepaired' && s !== 'collected'))
      expect(workshopMoveProblem(job('declined'), stage)).toBe(WORKSHOP_DECLINED_ONLY_RETURN);
    expect(workshopMoveProblem(job('declined'), 'returned_unrepaired')).toBeNull();
  });

  it('lets only received, assessing and declined jobs be returned unrepaired', () => {
    expect(workshopNextStages(job('received')).includes('returned_unrepaired')).toBe(true);
    expect(workshopNextStages(job('assessing')).includes('returned_unrepaired')).toBe(true);
    for (const stage of ['estimate_sent', 'approved', 'in_workshop'] as const)
      expect(workshopMoveProblem(job(stage), 'returned_unrepaired')).toBe(WORKSHOP_RETURN_WHEN);
    expect(workshopMoveProblem(job('quality_check'), 'returned_unrepaired')).toBe(
      WORKSHOP_AFTER_QUALITY_CHECK,
    );
  });

  it('sends a quality check to ready or back to the workshop only', () => {
    expect(workshopNextStages(job('quality_check'))).toEqual(['in_workshop', 'ready']);
    expect(workshopMoveProblem(job('quality_check'), 'assessing')).toBe(WORKSHOP_AFTER_QUALITY_CHECK);
  });

  it('needs a location for the workshop, and a supplier for a piece sent out', () => {
    expect(workshopMoveProblem(job('approved'), { stage: 'in_workshop' })).toBe(WORKSHOP_LOCATION_NEEDED);
    expect(workshopMoveProblem(job('approved'), { stage: 'in_workshop', location: 'sent_out' })).toBe(
      WORKSHOP_SUPPLIER_NEEDED,
    );
    expect(
      workshopMoveProblem(job('approved'), { stage: 'in_workshop', location: 'sent_out', supplierId: 4 }),
    ).toBeNull();
    const inHouse = { stage: 'in_workshop' as const, estimateRequired: true, location: 'in_house' as const };
    expect(workshopMoveProblem(inHouse, { stage: 'in_workshop', location: 'in_house' })).toBe(
      WORKSHOP_SAME_LOCATION,
    );
    expect(
      workshopMoveProblem(inHouse, { stage: 'in_workshop', location: 'sent_out', supplierId: 4 }),
    ).toBeNull();
  });

  it('closes collected and returned jobs, and needs estimate lines to send one', () => {
    expect(workshopMoveProblem(job('collected'), 'ready')).toBe(WORKSHOP_CLOSED('collected'));
    expect(workshopNextStages(job('returned_unrepaired'))).toEqual([]);
    expect(workshopMoveProblem({ ...job('assessing'), estimateLines: 0 }, 'estimate_sent')).toBe(
      WORKSHOP_NO_ESTIMATE,
    );
    expect(workshopMoveProblem({ ...job('assessing'), estimateLines: 2 }, 'estimate_sent')).toBeNull();
  });
});

describe('days in stage, overdue, numbers', () => {
  it('counts calendar days in the stage', () => {
    expect(daysInStage({ stageSinceDay: '2026-11-20' }, '2026-11-27')).toBe(7);
    expect(daysInStage({ stageSinceDay: '2026-11-27' }, '2026-11-27')).toBe(0);
    expect(daysInStage({ stageSinceDay: '2026-03-28' }, '2026-03-30')).toBe(2);
  });

  it('is overdue past the promised date until the piece is ready', () => {
    expect(isJobOverdue({ stage: 'in_workshop', promisedDate: '2026-11-26' }, '2026-11-27')).toBe(true);
    expect(isJobOverdue({ stage: 'in_workshop', promisedDate: '2026-11-27' }, '2026-11-27')).toBe(false);
    expect(isJobOverdue({ stage: 'ready', promisedDate: '2026-11-01' }, '2026-11-27')).toBe(false);
    expect(isJobOverdue({ stage: 'collected', promisedDate: '2026-11-01' }, '2026-11-27')).toBe(false);
    expect(isJobOverdue({ stage: 'received', promisedDate: null }, '2026-11-27')).toBe(false);
  });

  it('numbers jobs JOB-000001', () => {
    expect(jobReference(1)).toBe('JOB-000001');
    expect(jobReference(1234567)).toBe('JOB-1234567');
  });
});

describe('estimateEditProblem', () => {
  it('fixes a sent estimate, keeps a no-estimate job open until closed', () => {
    expect(estimateEditProblem(job('assessing'))).toBeNull();
    expect(estimateEditProblem(job('estimate_sent'))).toBe(WORKSHOP_ESTIMATE_LOCKED);
    expect(estimateEditProblem(job('in_workshop', false))).toBeNull();
    expect(estimateEditProblem(job('collected', false))).toBe(WORKSHOP_LINES_LOCKED);
  });
});
