import { eddRefusalDetail, type ClientGuardKind, type EddMissing, type EddRefusal } from '@loupe/contracts';
import { ConflictWithFields } from '../../kernel/http-errors';
import type { RiskRepository } from './risk-repository';
import { requireNoSanctionsHold } from './sanctions-guard';
import type { SanctionsRepository } from './sanctions-repository';

/**
 * What the client guard works with, inside the writer's transaction: every writer of a client's sale, purchase
 * or payment has these (createRepositories). Other checks of the client add their repository here.
 */
export interface ClientGuardRepos {
  risk: RiskRepository;
  sanctions: SanctionsRepository;
}

/** A client's sale, purchase or payment one of the writers is about to save. */
export interface ClientTransaction {
  shopId: number;
  /** The client; null (a walk-in) is nothing to check here. */
  clientId: number | null;
  kind: ClientGuardKind;
  /** The transaction's value in pounds (a decimal string; the writer's amount × its exchange rate). */
  amountGbp: string;
}

/** The 409 of a refused transaction: the same shape as the AML guard's (detail, rule, missing). */
export class EddRefused extends ConflictWithFields {
  constructor(readonly refusal: EddRefusal) {
    super(refusal);
    this.name = 'EddRefused';
  }
}

/**
 * Enhanced due diligence (MLR 2017 reg. 33; reg. 35(5) for a politically exposed person): a HIGH-risk client's
 * sale, purchase or payment at or above the shop's "Enhanced due diligence from" amount needs source of funds
 * evidence, source of wealth evidence and a senior approval (platinum or gold) of the relationship.
 */
async function enhancedDueDiligence(repos: ClientGuardRepos, t: ClientTransaction & { clientId: number }) {
  const state = await repos.risk.eddState(t.shopId, t.clientId, t.amountGbp);
  if (state.rating !== 'high' || !state.atOrOver) return;
  const missing: EddMissing[] = [];
  if (!state.sourceOfFunds) missing.push('source_of_funds');
  if (!state.sourceOfWealth) missing.push('source_of_wealth');
  if (!state.approved) missing.push('senior_approval');
  if (missing.length === 0) return;
  throw new EddRefused({
    detail: eddRefusalDetail(t.kind, state.thresholdGbp, missing),
    rule: 'enhanced_due_diligence',
    missing,
    thresholdGbp: state.thresholdGbp,
  });
}

/**
 * THE CLIENT GUARD: run by every writer of a client's sale, purchase or payment, inside its transaction and
 * before it saves, whatever the payment method (the AML cash guard is separate and only for cash). Throws a 409
 * naming what is missing; the writer's transaction rolls back. One function, called from each writer: the
 * rule has one owner (single-sales-service, deals-service, purchases-service, clients-service, items-service).
 */
export async function guardClient(repos: ClientGuardRepos, t: ClientTransaction): Promise<void> {
  if (t.clientId === null) return;
  const client = { ...t, clientId: t.clientId };
  // Sanctions screening (issue 25 item 2): a possible match not yet decided, or a confirmed one, holds every
  // sale, purchase and payment of the client (409 'compliance_hold', worded without "sanctions").
  await requireNoSanctionsHold(repos, t.shopId, t.clientId);
  await enhancedDueDiligence(repos, client);
}
