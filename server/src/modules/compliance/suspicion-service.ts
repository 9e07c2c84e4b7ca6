import {
  DISCLOSED_ON_REQUIRED,
  NCA_REFERENCE_REQUIRED,
  NO_DISCLOSURE_NOTES_REQUIRED,
  SUSPICION_AUDIT_ENTITY,
  SUSPICION_GROUNDS_REQUIRED,
  SUSPICION_SUBJECT_NOT_FOUND,
  suspicionReference,
  type SuspicionCreate,
  type SuspicionDecision,
  type SuspicionReceipt,
  type SuspicionReport,
} from '@loupe/contracts';
import type { SuspicionContext } from './suspicion-deps';
import type { SuspicionRow } from './suspicion-repository';
import { requireNominatedOfficer } from './nominated-officer';
import { notFound } from '../../kernel/http-errors';
import type { ShopCaller } from '../../kernel/shop-scope';
import { ErrorBag, dateField } from '../../kernel/validation';

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/** A register row as the API answers it. */
export function toReport(row: SuspicionRow): SuspicionReport {
  return {
    id: Number(row.id),
    reference: suspicionReference(Number(row.number)),
    subject: row.subject,
    subject_id: Number(row.subject_id),
    subject_name: row.subject_name,
    client_id: row.client_id === null ? null : Number(row.client_id),
    client_name: row.client_name,
    grounds: row.grounds,
    reported_by: row.reported_by,
    reported_at: iso(row.reported_at) as string,
    decision: row.decision,
    nca_reference: row.nca_reference,
    disclosed_on: row.disclosed_on,
    notes: row.notes,
    decided_by: row.decided_by,
    decided_at: iso(row.decided_at),
  };
}

/** What the trail keeps of a decision (the grounds stay in the register, never in the trail). */
const decisionOf = (row: Pick<SuspicionRow, 'decision' | 'nca_reference' | 'disclosed_on' | 'notes'>) => ({
  decision: row.decision,
  ncaReference: row.nca_reference,
  disclosedOn: row.disclosed_on,
  notes: row.notes,
});

/**
 * Internal suspicious activity reports. Any member reports a suspicion to the nominated officer (POCA 2002
 * s.330: a person in the regulated sector who knows or suspects money laundering must report it; MLR 2017
 * reg. 21(5): to the nominated officer). The reporter is told only that it was received; the officer alone
 * reads the register and records whether it was disclosed to the NCA (POCA s.331) and why not when it was not.
 * Nothing of a report reaches the client's screens or the trail others read (POCA s.333A, tipping off): its
 * audit entries name no client (so no client's History lists them) and Activity leaves them out for anyone
 * but the officer (audit/index.ts).
 */
export class SuspicionService {
  constructor(private readonly ctx: SuspicionContext) {}

  async report(caller: ShopCaller, body: SuspicionCreate): Promise<SuspicionReceipt> {
    const bag = new ErrorBag();
    const grounds = body.grounds.trim();
    if (grounds === '') bag.add('grounds', SUSPICION_GROUNDS_REQUIRED);
    const subject = await this.ctx.repos.suspicions.subjectOf(caller.shopId, body.subject, body.subject_id);
    if (!subject) bag.add('subject_id', SUSPICION_SUBJECT_NOT_FOUND);
    bag.throwIfAny();
    const at = this.ctx.now();
    const { number } = await this.ctx.transaction(async ({ suspicions, audit }) => {
      const created = await suspicions.create({
        shopId: caller.shopId,
        subject: body.subject,
        subjectId: body.subject_id,
        subjectName: subject?.name ?? '',
        clientId: subject?.clientId ?? null,
        grounds,
        reportedBy: caller.userId,
        at,
      });
      const reference = suspicionReference(created.number);
      // `client`, not `clientId`: the trail's linkage (migration 009) must not file this under the client.
      await audit.record({
        shopId: caller.shopId,
        userId: caller.userId,
        entity: SUSPICION_AUDIT_ENTITY,
        entityId: created.id,
        action: 'report_suspicion',
        recordName: reference,
        clientId: null,
        itemId: null,
        after: {
          reference,
          subject: body.subject,
          subjectId: body.subject_id,
          client: subject?.clientId ?? null,
        },
        at,
      });
      return created;
    });
    return { reference: suspicionReference(number), received_at: at.toISOString() };
  }

  async list(caller: ShopCaller): Promise<SuspicionReport[]> {
    await requireNominatedOfficer(this.ctx.db, caller);
    return (await this.ctx.repos.suspicions.list(caller.shopId)).map(toReport);
  }

  async decide(caller: ShopCaller, id: number, body: SuspicionDecision): Promise<SuspicionReport> {
    await requireNominatedOfficer(this.ctx.db, caller);
    if (!(await this.ctx.repos.suspicions.find(caller.shopId, id))) throw notFound();
    const at = this.ctx.now();
    const today = await this.ctx.repos.clients.shopToday(caller.shopId, at);
    const bag = new ErrorBag();
    const notes = (body.notes ?? '').trim();
    let ncaReference: string | null = null;
    let disclosedOn: string | null = null;
    if (body.decision === 'disclosed') {
      ncaReference = (body.nca_reference ?? '').trim() || null;
      if (ncaReference === null) bag.add('nca_reference', NCA_REFERENCE_REQUIRED);
      disclosedOn = dateField(bag, 'disclosed_on', body.disclosed_on, null, { notAfter: today.slice(0, 10) });
      if (disclosedOn === null && !bag.has('disclosed_on')) bag.add('disclosed_on', DISCLOSED_ON_REQUIRED);
    } else if (notes === '') {
      bag.add('notes', NO_DISCLOSURE_NOTES_REQUIRED);
    }
    bag.throwIfAny();
    return this.ctx.transaction(async ({ suspicions, audit }) => {
      const before = await suspicions.find(caller.shopId, id, true);
      if (!before) throw notFound();
      await suspicions.decide(caller.shopId, id, {
        decision: body.decision,
        ncaReference,
        disclosedOn,
        notes,
        decidedBy: caller.userId,
        at,
      });
      const after = (await suspicions.find(caller.shopId, id)) as SuspicionRow;
      await audit.record({
        shopId: caller.shopId,
        userId: caller.userId,
        entity: SUSPICION_AUDIT_ENTITY,
        entityId: id,
        action: 'decide_suspicion',
        recordName: suspicionReference(Number(after.number)),
        clientId: null,
        itemId: null,
        before: decisionOf(before),
        after: decisionOf(after),
        at,
      });
      return toReport(after);
    });
  }
}
