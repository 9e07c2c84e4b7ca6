import type { FastifyRequest } from 'fastify';
import {
  EDD_NOT_ALLOWED,
  RISK_ASSESSMENT_NOT_ALLOWED,
  RISK_NOTES_REQUIRED,
  RISK_NOT_ALLOWED,
  RISK_NOT_HIGH,
  RISK_RATINGS,
  RISK_REASONS,
  RISK_REASON_REQUIRED,
  RISK_REVIEW_BEFORE_DATE,
  SETTINGS_NOT_ALLOWED,
  riskReviewState,
  type ClientRisk,
  type ClientRiskUpdate,
  type EddApprovalCreate,
  type EddEvidenceKind,
  type EddMissing,
  type RiskAssessment,
  type RiskAssessmentList,
  type RiskAssessmentQuery,
  type RiskRating,
  type RiskReason,
  type RiskSettings,
  type RiskSettingsUpdate,
} from '@loupe/contracts';
import { fileKeyFor } from '../../config';
import type { ModuleContext } from '../../kernel/context';
import { FileStore, ONE_FILE, type UploadRules } from '../../kernel/file-storage';
import { sniffKyc } from '../../kernel/file-types';
import { conflict, fieldErrors, notFound } from '../../kernel/http-errors';
import { AMOUNT_RULE, parseDecimal } from '../../kernel/money';
import { requireAction, type ShopCaller } from '../../kernel/shop-scope';
import { ErrorBag, dateField, textError } from '../../kernel/validation';
import type { AuditRepository } from '../audit';
import type { RiskRepository, StoredRiskAssessment } from './risk-repository';

export interface RiskRepos {
  risk: RiskRepository;
  audit: AuditRepository;
  /** The shop's day, for the review reminder (the clients module's shop clock, as the AML CSV uses it). */
  clients: { shopToday(shopId: number, at: Date): Promise<string> };
}
export type RiskContext = ModuleContext<RiskRepos>;

const EVIDENCE_MAX_BYTES = 10 * 1024 * 1024;
export const NOT_A_DOCUMENT = 'Upload a PDF, JPEG or PNG file. The file you uploaded is none of these.';

/** EDD evidence and the risk assessment are papers like KYC ones: PDF, JPEG or PNG, recognised by content. */
const PAPERS: UploadRules = {
  maxBytes: EVIDENCE_MAX_BYTES,
  tooLarge: `The file is too large (the limit is ${EVIDENCE_MAX_BYTES / (1024 * 1024)} MB).`,
  sniff: sniffKyc,
  notAccepted: NOT_A_DOCUMENT,
  defaultName: 'document',
  misnamedPart: ONE_FILE,
};

const strip = <T extends { storageKey: string }>({ storageKey: _key, ...shown }: T) => shown;

/**
 * Client risk ratings and enhanced due diligence (MLR 2017 reg. 28(12)-(13), 33, 35), the shop's EDD threshold
 * and the firm-wide risk assessment (reg. 18, 18A). The rule that uses them is client-guard.ts.
 */
export class RiskService {
  readonly files: FileStore;

  constructor(private readonly ctx: RiskContext) {
    this.files = new FileStore(ctx.db, fileKeyFor(ctx.config.fileKey), PAPERS);
  }

  private async clientName(shopId: number, clientId: number): Promise<string> {
    const name = await this.ctx.repos.risk.clientName(shopId, clientId);
    if (name === null) throw notFound();
    return name;
  }

  /** Any member reads it: the rating changes what silver may sell, so they see why a sale is refused. */
  async client({ shopId }: ShopCaller, clientId: number): Promise<ClientRisk> {
    await this.clientName(shopId, clientId);
    return this.read(this.ctx.repos.risk, shopId, clientId);
  }

  private async read(risk: RiskRepository, shopId: number, clientId: number): Promise<ClientRisk> {
    const stored = await risk.find(shopId, clientId);
    const thresholdGbp = await risk.thresholdGbp(shopId);
    const documents = (await risk.eddDocuments(shopId, clientId)).map(strip);
    const eddRequired = stored.rating === 'high';
    const eddMissing: EddMissing[] = [];
    if (eddRequired) {
      if (!documents.some((d) => d.kind === 'source_of_funds')) eddMissing.push('source_of_funds');
      if (!documents.some((d) => d.kind === 'source_of_wealth')) eddMissing.push('source_of_wealth');
      if (stored.approvedAt === null) eddMissing.push('senior_approval');
    }
    return { clientId, ...stored, eddRequired, eddThresholdGbp: thresholdGbp, eddMissing, documents };
  }

  /** Platinum and gold rate a client; a high rating names its reasons, 'other' explains itself in the notes. */
  async rate(caller: ShopCaller, clientId: number, body: ClientRiskUpdate): Promise<ClientRisk> {
    requireAction(caller, 'verifyClients', RISK_NOT_ALLOWED);
    const { shopId, userId } = caller;
    const name = await this.clientName(shopId, clientId);
    const bag = new ErrorBag();
    const rating = body.rating.trim();
    if (!(RISK_RATINGS as readonly string[]).includes(rating))
      bag.add('rating', `"${rating}" is not a valid choice.`);
    const reasons: RiskReason[] = [];
    for (const r of body.reasons) {
      const reason = r.trim();
      if (!(RISK_REASONS as readonly string[]).includes(reason))
        bag.add('reasons', `"${reason}" is not a valid choice.`);
      else if (!reasons.includes(reason as RiskReason)) reasons.push(reason as RiskReason);
    }
    const notes = (body.notes ?? '').trim();
    if (rating === 'high' && reasons.length === 0 && !bag.has('reasons'))
      bag.add('reasons', RISK_REASON_REQUIRED);
    if (reasons.includes('other') && notes === '') bag.add('notes', RISK_NOTES_REQUIRED);
    bag.throwIfAny();
    const now = this.ctx.now();
    return this.ctx.transaction(async ({ risk, audit }) => {
      const before = await risk.find(shopId, clientId);
      await risk.rate(shopId, clientId, { rating: rating as RiskRating, reasons, notes }, userId, now);
      await audit.record({
        shopId,
        userId,
        entity: 'client',
        entityId: clientId,
        action: 'risk_rating',
        before: { rating: before.rating, reasons: before.reasons, notes: before.notes },
        after: {
          rating,
          reasons,
          notes,
          approvalCleared: before.approvedAt !== null && before.rating !== rating,
        },
        at: now,
        clientId,
        recordName: name,
      });
      return this.read(risk, shopId, clientId);
    });
  }

  /** Source of funds / wealth evidence (reg. 35(5)(b)) for a client rated high. */
  async addEvidence(
    caller: ShopCaller,
    clientId: number,
    kind: EddEvidenceKind,
    request: FastifyRequest,
  ): Promise<ClientRisk> {
    requireAction(caller, 'verifyClients', EDD_NOT_ALLOWED);
    const { shopId, userId } = caller;
    const name = await this.clientName(shopId, clientId);
    if ((await this.ctx.repos.risk.find(shopId, clientId)).rating !== 'high') throw conflict(RISK_NOT_HIGH);
    return this.files.receive(request, async (upload) => {
      const now = this.ctx.now();
      return this.ctx.transaction(async ({ risk, audit }) => {
        const id = await risk.insertEddDocument(clientId, kind, {
          ...upload,
          shopId,
          userId,
          at: now,
        });
        await audit.record({
          shopId,
          userId,
          entity: 'client',
          entityId: clientId,
          action: 'edd_document',
          after: { documentId: id, kind, name: upload.name },
          at: now,
          clientId,
          recordName: name,
        });
        return this.read(risk, shopId, clientId);
      });
    });
  }

  async evidence({ shopId }: ShopCaller, clientId: number, docId: number) {
    const doc = await this.ctx.repos.risk.findEddDocument(shopId, clientId, docId);
    if (!doc) throw notFound();
    return doc;
  }

  /** The senior approval of the relationship (reg. 35(5)(a)): recorded by platinum or gold, audited. */
  async approve(caller: ShopCaller, clientId: number, body: EddApprovalCreate): Promise<ClientRisk> {
    requireAction(caller, 'verifyClients', EDD_NOT_ALLOWED);
    const { shopId, userId } = caller;
    const name = await this.clientName(shopId, clientId);
    const notes = (body.notes ?? '').trim();
    const now = this.ctx.now();
    return this.ctx.transaction(async ({ risk, audit }) => {
      if ((await risk.find(shopId, clientId)).rating !== 'high') throw conflict(RISK_NOT_HIGH);
      await risk.approve(shopId, clientId, notes, userId, now);
      await audit.record({
        shopId,
        userId,
        entity: 'client',
        entityId: clientId,
        action: 'edd_approval',
        after: { notes },
        at: now,
        clientId,
        recordName: name,
      });
      return this.read(risk, shopId, clientId);
    });
  }

  async settings({ shopId }: ShopCaller): Promise<RiskSettings> {
    return { eddThresholdGbp: await this.ctx.repos.risk.thresholdGbp(shopId) };
  }

  /** "Enhanced due diligence from £…": the owner's choice (platinum), pounds ≥ 0 with at most 2 decimals. */
  async updateSettings(caller: ShopCaller, body: RiskSettingsUpdate): Promise<RiskSettings> {
    requireAction(caller, 'editSettings', SETTINGS_NOT_ALLOWED);
    const { shopId, userId } = caller;
    const parsed = parseDecimal(body.eddThresholdGbp, AMOUNT_RULE);
    if ('error' in parsed) throw fieldErrors({ eddThresholdGbp: [parsed.error] });
    if (parsed.value.startsWith('-'))
      throw fieldErrors({ eddThresholdGbp: ['Ensure this value is greater than or equal to 0.'] });
    const now = this.ctx.now();
    return this.ctx.transaction(async ({ risk, audit }) => {
      const before = await risk.thresholdGbp(shopId);
      await risk.setThreshold(shopId, parsed.value, userId, now);
      const after = await risk.thresholdGbp(shopId);
      await audit.record({
        shopId,
        userId,
        entity: 'shop_settings',
        entityId: shopId,
        action: 'update',
        before: { eddThresholdGbp: before },
        after: { eddThresholdGbp: after },
        at: now,
      });
      return { eddThresholdGbp: after };
    });
  }

  // ---------------------------------------------------------------- firm-wide risk assessment

  private requireOwner(caller: ShopCaller) {
    requireAction(caller, 'editSettings', RISK_ASSESSMENT_NOT_ALLOWED);
  }

  async assessments(caller: ShopCaller): Promise<RiskAssessmentList> {
    this.requireOwner(caller);
    const { risk, clients } = this.ctx.repos;
    const history = (await risk.assessments(caller.shopId)).map(strip);
    const current = history[0] ?? null;
    const today = await clients.shopToday(caller.shopId, this.ctx.now());
    const members = await risk.members(caller.shopId);
    return { current, history, review: riskReviewState(current?.reviewOn ?? null, today), today, members };
  }

  /** The fields of a new version, before its file is read: 400s name the field. */
  private async parseAssessment(shopId: number, raw: unknown) {
    const bag = new ErrorBag();
    // The query string, checked here by the contracts' Text rule (the endpoint declares no query schema).
    const given = (raw ?? {}) as Record<string, unknown>;
    const query: RiskAssessmentQuery = {};
    for (const field of ['ownerUserId', 'assessedOn', 'reviewOn', 'notes'] as const) {
      const value = given[field];
      if (value === undefined) continue;
      if (typeof value !== 'string') {
        bag.add(field, 'Not a valid string.');
        continue;
      }
      const problem = textError(value, field === 'notes' ? 'multiline' : 'line');
      if (problem !== null) bag.add(field, problem);
      else if (value.length > (field === 'notes' ? 2000 : 12))
        bag.add(field, `Ensure this field has no more than ${field === 'notes' ? 2000 : 12} characters.`);
      else query[field] = value;
    }
    if (bag.has('ownerUserId') || bag.has('assessedOn') || bag.has('reviewOn') || bag.has('notes'))
      bag.throwIfAny();
    const day = (field: 'assessedOn' | 'reviewOn') => {
      if ((query[field] ?? '').trim() === '') {
        bag.add(field, 'This field is required.');
        return null;
      }
      return dateField(bag, field, query[field], null);
    };
    const assessedOn = day('assessedOn');
    const reviewOn = day('reviewOn');
    if (assessedOn !== null && reviewOn !== null && reviewOn <= assessedOn)
      bag.add('reviewOn', RISK_REVIEW_BEFORE_DATE);
    let ownerUserId: number | null = null;
    const owner = (query.ownerUserId ?? '').trim();
    if (owner === '') bag.add('ownerUserId', 'This field is required.');
    else if (!/^\d{1,9}$/.test(owner) || !(await this.ctx.repos.risk.isMember(shopId, Number(owner))))
      bag.add('ownerUserId', `Invalid pk "${owner}" - object does not exist.`);
    else ownerUserId = Number(owner);
    bag.throwIfAny();
    return {
      ownerUserId,
      assessedOn: assessedOn as string,
      reviewOn: reviewOn as string,
      notes: (query.notes ?? '').trim(),
    };
  }

  async addAssessment(caller: ShopCaller, query: unknown, request: FastifyRequest): Promise<RiskAssessment> {
    this.requireOwner(caller);
    const { shopId, userId } = caller;
    const fields = await this.parseAssessment(shopId, query);
    return this.files.receive(request, async (upload) => {
      const now = this.ctx.now();
      return this.ctx.transaction(async ({ risk, audit }) => {
        const id = await risk.insertAssessment({ ...upload, shopId, userId, at: now }, fields);
        const saved = (await risk.findAssessment(shopId, id)) as StoredRiskAssessment;
        await audit.record({
          shopId,
          userId,
          entity: 'risk_assessment',
          entityId: id,
          action: 'create',
          after: {
            version: saved.version,
            fileName: saved.fileName,
            owner: saved.owner,
            assessedOn: saved.assessedOn,
            reviewOn: saved.reviewOn,
            notes: saved.notes,
          },
          at: now,
          recordName: `Risk assessment v${saved.version}`,
        });
        return strip(saved);
      });
    });
  }

  async assessmentFile(caller: ShopCaller, id: number): Promise<StoredRiskAssessment> {
    this.requireOwner(caller);
    const found = await this.ctx.repos.risk.findAssessment(caller.shopId, id);
    if (!found) throw notFound();
    return found;
  }
}
