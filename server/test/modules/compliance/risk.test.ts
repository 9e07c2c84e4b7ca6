import {
  EDD_NOT_ALLOWED,
  RISK_ASSESSMENT_NOT_ALLOWED,
  RISK_NOTES_REQUIRED,
  RISK_NOT_ALLOWED,
  RISK_NOT_HIGH,
  RISK_REASON_REQUIRED,
  RISK_REVIEW_BEFORE_DATE,
  SETTINGS_NOT_ALLOWED,
  riskReviewState,
  type ClientRisk,
  type RiskAssessment,
  type RiskAssessmentList,
} from '@loupe/contracts';
import type { Browser } from '../../helper';
import { PDF, complianceTestbed, uploadPdf } from './setup';

// Issue 25 item 1: client risk ratings (MLR 2017 reg. 28(12)-(13)), enhanced due diligence records (reg. 33,
// 35(5)), the shop's EDD threshold and the firm-wide risk assessment (reg. 18, 18A) with its review reminder.
// Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL. The clock is 2026-03-01 09:00 UTC.
const { state, as, create } = complianceTestbed();

const risk = (id: number) => `/api/clients/${id}/risk/`;
const ASSESSMENTS = '/api/compliance/risk-assessments/';
const upload = (browser: Browser, url: string, name = 'risk-assessment.pdf', bytes?: Buffer) =>
  uploadPdf(browser, url, name, bytes);

const audits = (action: string) =>
  state.db.query<{ entity: string; entity_id: number; user_id: number; before: unknown; after: unknown }>(
    `SELECT entity, entity_id::int AS entity_id, user_id, before, after FROM audit_log WHERE action = $1 ORDER BY id`,
    [action],
  );

describe('a client’s risk rating', () => {
  it('is standard until rated; gold rates it high with reasons, audited; silver reads it', async () => {
    const gold = await as('gold');
    const id = await create({ name: 'Minister Abroad' });
    const first = await gold.get(risk(id));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      clientId: id,
      rating: 'standard',
      reasons: [],
      eddRequired: false,
      eddMissing: [],
      eddThresholdGbp: '0.00',
      ratedBy: null,
    });

    const rated = await gold.put(risk(id), {
      rating: 'high',
      reasons: ['pep', 'high_risk_country', 'pep'],
      notes: 'Deputy minister',
    });
    expect(rated.statusCode).toBe(200);
    expect(rated.json()).toMatchObject({
      rating: 'high',
      reasons: ['pep', 'high_risk_country'],
      notes: 'Deputy minister',
      ratedBy: 'gold',
      ratedAt: '2026-03-01T09:00:00.000Z',
      eddRequired: true,
      eddMissing: ['source_of_funds', 'source_of_wealth', 'senior_approval'],
    });
    expect(await audits('risk_rating')).toEqual([
      expect.objectContaining({
        entity: 'client',
        entity_id: id,
        before: { rating: 'standard', reasons: [], notes: '' },
        after: expect.objectContaining({ rating: 'high', reasons: ['pep', 'high_risk_country'] }),
      }),
    ]);

    const silver = await as('silver');
    const read = await silver.get(risk(id));
    expect(read.statusCode).toBe(200);
    expect((read.json() as ClientRisk).rating).toBe('high');
  });

  it('refuses silver’s changes with the reason, and another shop’s client as not found', async () => {
    const id = await create({ name: 'Silver Cannot' });
    const silver = await as('silver');
    const refused = await silver.put(risk(id), { rating: 'low', reasons: [] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: RISK_NOT_ALLOWED });
    const approve = await silver.post(`${risk(id)}approval/`, {});
    expect(approve.statusCode).toBe(403);
    expect(approve.json()).toEqual({ detail: EDD_NOT_ALLOWED });
    const evidence = await upload(silver, `${risk(id)}source-of-funds/`);
    expect(evidence.statusCode).toBe(403);
    const rival = await as('rival');
    expect((await rival.get(risk(id))).statusCode).toBe(404);
    expect((await rival.put(risk(id), { rating: 'low', reasons: [] })).statusCode).toBe(404);
  });

  it('answers 400s at the field: an unknown rating or reason, a high rating without reasons, other without notes', async () => {
    const gold = await as('gold');
    const id = await create({ name: 'Bad Input' });
    const unknown = await gold.put(risk(id), { rating: 'extreme', reasons: ['gambling'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      rating: ['"extreme" is not a valid choice.'],
      reasons: ['"gambling" is not a valid choice.'],
    });
    const bare = await gold.put(risk(id), { rating: 'high', reasons: [] });
    expect(bare.json()).toEqual({ reasons: [RISK_REASON_REQUIRED] });
    const other = await gold.put(risk(id), { rating: 'high', reasons: ['other'], notes: '  ' });
    expect(other.json()).toEqual({ notes: [RISK_NOTES_REQUIRED] });
  });

  it('takes evidence and approval only for a high rating; a new rating clears the approval', async () => {
    const gold = await as('gold');
    const platinum = await as('platinum');
    const id = await create({ name: 'Approval Cleared' });
    expect((await gold.post(`${risk(id)}approval/`, {})).json()).toEqual({ detail: RISK_NOT_HIGH });
    expect((await upload(gold, `${risk(id)}source-of-wealth/`)).json()).toEqual({
      detail: RISK_NOT_HIGH,
    });
    await gold.put(risk(id), { rating: 'high', reasons: ['third_party_payment'] });
    const notPaper = await upload(
      gold,
      `${risk(id)}source-of-funds/`,
      'notes.pdf',
      Buffer.from('plain text'),
    );
    expect(notPaper.statusCode).toBe(400);
    expect(Object.keys(notPaper.json() as object)).toEqual(['file']);
    const funds = await upload(gold, `${risk(id)}source-of-funds/`, 'bank statement.pdf');
    expect(funds.statusCode).toBe(201);
    const afterFunds = funds.json() as ClientRisk;
    expect(afterFunds.documents).toEqual([
      expect.objectContaining({ kind: 'source_of_funds', name: 'bank statement.pdf', uploadedBy: 'gold' }),
    ]);
    expect(afterFunds.eddMissing).toEqual(['source_of_wealth', 'senior_approval']);
    // The paper downloads as it went in, audited.
    const doc = afterFunds.documents[0] as { id: number };
    const download = await gold.get(`${risk(id)}evidence/${doc.id}/`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(await audits('edd_download')).toHaveLength(1);

    const approved = await platinum.post(`${risk(id)}approval/`, { notes: 'Seen the trust deed' });
    expect(approved.json()).toMatchObject({
      approvedBy: 'platinum',
      approvedAt: '2026-03-01T09:00:00.000Z',
      approvalNotes: 'Seen the trust deed',
      eddMissing: ['source_of_wealth'],
    });
    expect(await audits('edd_approval')).toHaveLength(1);
    // Notes edited at the same rating keep the approval; another rating clears it.
    const same = await gold.put(risk(id), { rating: 'high', reasons: ['third_party_payment', 'pep'] });
    expect((same.json() as ClientRisk).approvedBy).toBe('platinum');
    const lowered = await gold.put(risk(id), { rating: 'standard', reasons: [] });
    expect(lowered.json()).toMatchObject({
      approvedBy: null,
      approvedAt: null,
      eddRequired: false,
      eddMissing: [],
    });
    const raised = await gold.put(risk(id), { rating: 'high', reasons: ['pep'] });
    expect((raised.json() as ClientRisk).eddMissing).toEqual(['source_of_wealth', 'senior_approval']);
  });
});

describe('the shop’s enhanced due diligence threshold', () => {
  it('is £0 by default, changed by platinum only (audited), refused for gold, validated', async () => {
    const gold = await as('gold');
    expect((await gold.get('/api/compliance/risk-settings/')).json()).toEqual({ eddThresholdGbp: '0.00' });
    const refused = await gold.put('/api/compliance/risk-settings/', { eddThresholdGbp: '500' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: SETTINGS_NOT_ALLOWED });
    const platinum = await as('platinum');
    const bad = await platinum.put('/api/compliance/risk-settings/', { eddThresholdGbp: '-1' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json() as object)).toEqual(['eddThresholdGbp']);
    const ok = await platinum.put('/api/compliance/risk-settings/', { eddThresholdGbp: '8500.5' });
    expect(ok.json()).toEqual({ eddThresholdGbp: '8500.50' });
    expect((await gold.get('/api/compliance/risk-settings/')).json()).toEqual({ eddThresholdGbp: '8500.50' });
    expect(await audits('update')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          entity: 'shop_settings',
          before: { eddThresholdGbp: '0.00' },
          after: { eddThresholdGbp: '8500.50' },
        }),
      ]),
    );
  });
});

describe('the firm-wide risk assessment', () => {
  const query = (over: Record<string, string> = {}) =>
    new URLSearchParams({
      ownerUserId: String(state.fx.ids.gold),
      assessedOn: '2026-01-10',
      reviewOn: '2027-01-10',
      notes: 'Annual review',
      ...over,
    }).toString();

  it('is none until recorded; each upload is a new version with its owner, dates and document, audited', async () => {
    const platinum = await as('platinum');
    const empty = (await platinum.get(ASSESSMENTS)).json() as RiskAssessmentList;
    expect(empty).toMatchObject({ current: null, history: [], review: 'none', today: '2026-03-01' });
    expect(empty.members.map((m) => [m.username, m.role])).toEqual([
      ['platinum', 'platinum'],
      ['gold', 'gold'],
      ['silver', 'silver'],
    ]);

    const first = await upload(platinum, `${ASSESSMENTS}?${query()}`, 'FWRA 2026.pdf');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      version: 1,
      fileName: 'FWRA 2026.pdf',
      owner: 'gold',
      assessedOn: '2026-01-10',
      reviewOn: '2027-01-10',
      notes: 'Annual review',
      createdBy: 'platinum',
    });
    const second = await upload(
      platinum,
      `${ASSESSMENTS}?${query({ reviewOn: '2026-03-20', notes: 'New lines' })}`,
    );
    expect((second.json() as RiskAssessment).version).toBe(2);

    const list = (await platinum.get(ASSESSMENTS)).json() as RiskAssessmentList;
    expect(list.history.map((a) => a.version)).toEqual([2, 1]);
    expect(list.current?.version).toBe(2);
    // The review date is 19 days away: within the 30 days of the reminder.
    expect(list.review).toBe('due');
    const file = await platinum.get(`${ASSESSMENTS}${(first.json() as RiskAssessment).id}/file/`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(await audits('create')).toEqual(
      expect.arrayContaining([expect.objectContaining({ entity: 'risk_assessment' })]),
    );
  });

  it('answers 400s at the field before reading the file: owner, dates, review after the assessment', async () => {
    const platinum = await as('platinum');
    const missing = await upload(platinum, ASSESSMENTS);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      assessedOn: ['This field is required.'],
      reviewOn: ['This field is required.'],
      ownerUserId: ['This field is required.'],
    });
    const backwards = await upload(platinum, `${ASSESSMENTS}?${query({ reviewOn: '2026-01-10' })}`);
    expect(backwards.json()).toEqual({ reviewOn: [RISK_REVIEW_BEFORE_DATE] });
    const outsider = await upload(
      platinum,
      `${ASSESSMENTS}?${query({ ownerUserId: String(state.fx.ids.rival) })}`,
    );
    expect(Object.keys(outsider.json() as object)).toEqual(['ownerUserId']);
    // The fields ride in the query string and are held to the Text rule like any other text.
    const nul = await upload(
      platinum,
      `${ASSESSMENTS}?${query({ notes: 'a\u0000b', reviewOn: 'a\u202eb' })}`,
    );
    expect(nul.statusCode).toBe(400);
    expect(Object.keys(nul.json() as object).sort()).toEqual(['notes', 'reviewOn']);
    const notPaper = await upload(platinum, `${ASSESSMENTS}?${query()}`, 'x.pdf', Buffer.from('hello'));
    expect(notPaper.statusCode).toBe(400);
    expect((await platinum.get(ASSESSMENTS)).json()).toMatchObject({ history: [] });
  });

  it('is the owner’s: gold and silver are refused with the reason', async () => {
    for (const role of ['gold', 'silver'] as const) {
      const browser = await as(role);
      const list = await browser.get(ASSESSMENTS);
      expect(list.statusCode).toBe(403);
      expect(list.json()).toEqual({ detail: RISK_ASSESSMENT_NOT_ALLOWED });
      expect((await upload(browser, `${ASSESSMENTS}?${query()}`)).statusCode).toBe(403);
    }
  });
});

describe('riskReviewState', () => {
  it('is ok until 30 days before the review date, due from then, overdue after it', () => {
    expect(riskReviewState(null, '2026-03-01')).toBe('none');
    expect(riskReviewState('2026-04-01', '2026-03-01')).toBe('ok');
    expect(riskReviewState('2026-04-01', '2026-03-02')).toBe('due');
    expect(riskReviewState('2026-04-01', '2026-04-01')).toBe('due');
    expect(riskReviewState('2026-04-01', '2026-04-02')).toBe('overdue');
  });
});
