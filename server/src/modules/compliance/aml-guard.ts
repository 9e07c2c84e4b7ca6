import {
  AML_LINK_DAYS,
  AML_THRESHOLD_EUR,
  amlRefusalDetail,
  type AmlPaymentKind,
  type AmlRefusal,
  type CddMissing,
  type Currency,
} from '@loupe/contracts';
import type { ModuleContext } from '../../kernel/context';
import { ConflictWithFields } from '../../kernel/http-errors';
import type { NewAmlEvent } from './aml-repository';
import type { AmlRepos } from './deps';

/** A payment one of the three writers is about to save: an item's Sell, a quick sale, a payment received. */
export interface CashPayment {
  kind: AmlPaymentKind;
  shopId: number;
  userId: number;
  /** The buyer or payer; null for a walk-in. */
  clientId: number | null;
  /** A walk-in's name, for the report. */
  buyerName?: string;
  itemId?: number | null;
  /** What was sold or paid, for the report ("Rolex Submariner 126610LN", "Payment received"). */
  description: string;
  amount: string;
  currency: Currency;
  exchangeRate: string;
  paymentMethod: string;
  date: string;
  at: Date;
  /**
   * in (default): cash the shop accepts; out: cash it pays (a part-exchange paid out, a refund). A high value
   * dealer is one that accepts OR makes cash payments of €10,000 or more (MLR 2017 reg. 14(1)(a)), so both are
   * guarded; each direction is linked with the client's cash of the same direction (issue 20).
   */
  direction?: 'in' | 'out';
  /** A deal's payments already written in this transaction: the amount above, not linked payments. */
  excludePaymentIds?: readonly number[];
  dealId?: number | null;
}

/** The 409 of a refused cash payment, carrying what the report records once the writer's work rolled back. */
export class AmlRefused extends ConflictWithFields {
  constructor(
    readonly refusal: AmlRefusal,
    readonly event: NewAmlEvent,
  ) {
    super(refusal);
    this.name = 'AmlRefused';
  }
}

/**
 * The guard's refusal as an answer, for a check that asks what a write would meet without writing (a deal's or
 * a purchase's dry run): what `work` threw as AmlRefused, or null when it let the cash through.
 */
export async function amlRefusalOf(work: () => Promise<unknown>): Promise<AmlRefusal | null> {
  try {
    await work();
    return null;
  } catch (error) {
    if (error instanceof AmlRefused) return error.refusal;
    throw error;
  }
}

/** What the writer calls once the accepted payment is saved: the 'flagged' event and its audit entry. */
export interface AmlAccepted {
  flag(repos: AmlRepos, saved: { saleId?: number; ledgerEntryId?: number; dealId?: number }): Promise<void>;
}

const NOTHING: AmlAccepted = { flag: async () => undefined };

function auditOf(event: NewAmlEvent, action: 'aml_refused' | 'aml_flagged', id: number) {
  const client = event.clientId !== null;
  return {
    shopId: event.shopId,
    userId: event.userId,
    entity: client ? 'client' : 'aml',
    entityId: client ? event.clientId : id,
    action,
    after: {
      amlEventId: id,
      kind: event.kind,
      description: event.description,
      amount: event.amount,
      currency: event.currency,
      amountEur: event.amountEur,
      linkedTotalEur: event.linkedTotalEur,
      missing: event.missing,
      date: event.date,
      ...(event.saleId !== null ? { saleId: event.saleId } : {}),
      ...(event.ledgerEntryId !== null ? { ledgerEntryId: event.ledgerEntryId } : {}),
      ...(event.dealId !== null ? { dealId: event.dealId } : {}),
    },
    at: event.at,
    clientId: event.clientId,
    itemId: event.itemId,
    ...(client ? {} : { recordName: event.clientName || 'Walk-in buyer' }),
  };
}

/**
 * THE GUARD (contracts/documents.ts), run by a writer inside its transaction BEFORE it saves the payment.
 * Only Cash counts. The client's row is locked first, so linked payments of one client are checked one at a
 * time. Under the threshold: nothing to do. At or over it without complete due diligence: throws AmlRefused (the
 * writer's transaction rolls back; `withAmlRefusals` then records the refusal). With it: returns the flag to
 * write once the payment is saved, in the same transaction.
 */
export async function guardCash(repos: AmlRepos, p: CashPayment): Promise<AmlAccepted> {
  if (p.paymentMethod !== 'Cash') return NOTHING;
  const { aml } = repos;
  const cdd = p.clientId === null ? null : await aml.lockCdd(p.shopId, p.clientId);
  const linkedGbp =
    cdd === null
      ? '0'
      : await aml.linkedCashGbp(p.shopId, p.clientId as number, p.date, AML_LINK_DAYS, {
          direction: p.direction ?? 'in',
          excludePaymentIds: p.excludePaymentIds ?? [],
        });
  const eurGbpRate = await aml.eurGbpRate(p.shopId);
  // The rounding rule: EUR = GBP / the shop's EUR/GBP rate, compared with the threshold unrounded, and the
  // figures kept and answered (amountEur, linkedTotalEur) rounded half-up to the cent, as every money figure is
  // to its penny or cent: £9,000 at 0.85 is €10,588.24 (10,588.2352…), never cut to €10,588.23.
  const eur = await aml.inEur(p.amount, p.exchangeRate, linkedGbp, eurGbpRate, AML_THRESHOLD_EUR);
  if (!eur.over) return NOTHING;

  const missing: CddMissing[] = [];
  if (cdd === null) missing.push('client');
  else {
    if (!cdd.kyc) missing.push('identity_document');
    if (!cdd.verified) missing.push('verification');
  }
  const event: NewAmlEvent = {
    shopId: p.shopId,
    outcome: missing.length > 0 ? 'refused' : 'flagged',
    kind: p.kind,
    clientId: cdd === null ? null : p.clientId,
    clientName: cdd?.name ?? (p.buyerName ?? '').trim(),
    itemId: p.itemId ?? null,
    saleId: null,
    ledgerEntryId: null,
    dealId: p.dealId ?? null,
    description: p.description,
    amount: p.amount,
    currency: p.currency,
    exchangeRate: p.exchangeRate,
    amountEur: eur.amountEur,
    linkedTotalEur: eur.linkedTotalEur,
    eurGbpRate,
    missing,
    date: p.date,
    userId: p.userId,
    at: p.at,
  };
  if (missing.length > 0) {
    throw new AmlRefused(
      {
        detail: amlRefusalDetail(missing),
        rule: 'aml_cash_threshold',
        missing,
        amountEur: Number(eur.amountEur),
        linkedTotalEur: Number(eur.linkedTotalEur),
      },
      event,
    );
  }
  return {
    async flag(tx, saved) {
      const flagged = {
        ...event,
        saleId: saved.saleId ?? null,
        ledgerEntryId: saved.ledgerEntryId ?? null,
        dealId: saved.dealId ?? event.dealId,
      };
      const id = await tx.aml.insert(flagged);
      await tx.audit.record(auditOf(flagged, 'aml_flagged', id));
    },
  };
}

/**
 * For a writer's catch: when the guard refused its payment (everything the writer did rolled back), records
 * the 'refused' event and its audit entry in a transaction of their own. Any other error is left alone.
 */
export async function recordAmlRefusal(ctx: ModuleContext<AmlRepos>, error: unknown): Promise<void> {
  if (!(error instanceof AmlRefused)) return;
  await ctx.transaction(async ({ aml, audit }) => {
    const id = await aml.insert(error.event);
    await audit.record(auditOf(error.event, 'aml_refused', id));
  });
}

/** The same for a promise's `.catch`: records a refusal, then rethrows. */
export function amlRefusals(ctx: ModuleContext<AmlRepos>) {
  return async (error: unknown): Promise<never> => {
    await recordAmlRefusal(ctx, error);
    throw error;
  };
}
