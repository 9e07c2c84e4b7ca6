import {
  ERASED_CLIENT,
  RETENTION_MESSAGES,
  mayDeleteRetention,
  mayReviewRetention,
  retentionConfirmationPhrase,
  type RetentionClient,
  type RetentionList,
} from '@loupe/contracts';
import { conflict, fieldErrors, notFound, permissionDenied } from '../../kernel/http-errors';
import type { ShopCaller } from '../../kernel/shop-scope';
import { isNominatedOfficer } from './nominated-officer';
import type { RetentionContext, RetentionRepos } from './retention-deps';

// The retention review (issue 25 item 3): the clients whose five years are over (MLR 2017 reg. 40(3)), legal
// holds, and the deletion of a batch the nominated officer confirms by typing the phrase. What "deleted" means
// is written in migrations/029_retention_erasure.sql: the personal data is erased and the row stays for the books.

/** The shop's day (YYYY-MM-DD) now. */
export async function shopDay(
  repos: Pick<RetentionRepos, 'clients'>,
  shopId: number,
  at: Date,
): Promise<string> {
  return (await repos.clients.shopToday(shopId, at)).slice(0, 10);
}

/** A 403 unless the caller is the shop's owner or its nominated officer; whether they are the officer. */
export async function requireReviewer(ctx: RetentionContext, caller: ShopCaller): Promise<boolean> {
  const officer = await isNominatedOfficer(ctx.db, caller.shopId, caller.userId);
  if (!mayReviewRetention(caller.role, officer)) throw permissionDenied(RETENTION_MESSAGES.notAllowed);
  return officer;
}

export class RetentionService {
  constructor(private readonly ctx: RetentionContext) {}

  async list(caller: ShopCaller): Promise<RetentionList> {
    await requireReviewer(this.ctx, caller);
    const today = await shopDay(this.ctx.repos, caller.shopId, this.ctx.now());
    return { today, results: await this.ctx.repos.retention.due(caller.shopId, today) };
  }

  async status(caller: ShopCaller, clientId: number): Promise<RetentionClient> {
    await requireReviewer(this.ctx, caller);
    const today = await shopDay(this.ctx.repos, caller.shopId, this.ctx.now());
    const clock = await this.ctx.repos.retention.clock(caller.shopId, clientId, today);
    if (!clock) throw notFound();
    return clock;
  }

  /** A legal hold: a reason and who set it; audited on the client. */
  async hold(caller: ShopCaller, clientId: number, reason: string): Promise<RetentionClient> {
    await requireReviewer(this.ctx, caller);
    const trimmed = reason.trim();
    if (!trimmed) throw fieldErrors({ reason: ['This field may not be blank.'] });
    const at = this.ctx.now();
    return this.ctx.transaction(async (repos) => {
      await repos.retention.lock(clientId);
      const today = await shopDay(repos, caller.shopId, at);
      const clock = await repos.retention.clock(caller.shopId, clientId, today);
      if (!clock) throw notFound();
      if (clock.erasedAt) throw conflict(RETENTION_MESSAGES.alreadyErased);
      if (
        !(await repos.retention.hold({
          shopId: caller.shopId,
          clientId,
          reason: trimmed,
          userId: caller.userId,
          at,
        }))
      )
        throw conflict(RETENTION_MESSAGES.holdExists);
      await repos.audit.record({
        shopId: caller.shopId,
        userId: caller.userId,
        entity: 'client',
        entityId: clientId,
        action: 'legal_hold',
        after: { reason: trimmed },
        at,
      });
      return (await repos.retention.clock(caller.shopId, clientId, today)) as RetentionClient;
    });
  }

  async release(caller: ShopCaller, clientId: number): Promise<RetentionClient> {
    await requireReviewer(this.ctx, caller);
    const at = this.ctx.now();
    return this.ctx.transaction(async (repos) => {
      await repos.retention.lock(clientId);
      const today = await shopDay(repos, caller.shopId, at);
      if (!(await repos.retention.clock(caller.shopId, clientId, today))) throw notFound();
      const reason = await repos.retention.release(caller.shopId, clientId);
      if (reason === null) throw conflict(RETENTION_MESSAGES.noHold);
      await repos.audit.record({
        shopId: caller.shopId,
        userId: caller.userId,
        entity: 'client',
        entityId: clientId,
        action: 'legal_hold_release',
        before: { reason },
        at,
      });
      return (await repos.retention.clock(caller.shopId, clientId, today)) as RetentionClient;
    });
  }

  /**
   * Deletes a confirmed batch, all or nothing: every client must be due, on file, not under legal hold and not
   * held by an open or confirmed sanctions match. Each is erased (clients-repository.ts, erase 'all'), its KYC
   * papers, risk rating and EDD papers deleted, its wanted list and website enquiries deleted, the names its cleared screenings recorded erased, its audit key
   * destroyed (crypto-shredding: its past entries still verify and read "erased client"), and the deletion
   * recorded.
   */
  async deleteBatch(caller: ShopCaller, clientIds: number[], confirmation: string): Promise<number[]> {
    const officer = await requireReviewer(this.ctx, caller);
    if (!mayDeleteRetention(officer)) throw permissionDenied(RETENTION_MESSAGES.deleteNotAllowed);
    const ids = [...new Set(clientIds)].sort((a, b) => a - b);
    const phrase = retentionConfirmationPhrase(ids.length);
    if (confirmation.trim() !== phrase)
      throw fieldErrors({ confirmation: [RETENTION_MESSAGES.wrongConfirmation(phrase)] });
    const at = this.ctx.now();
    return this.ctx.transaction(async (repos) => {
      for (const id of ids) await repos.retention.lock(id);
      const today = await shopDay(repos, caller.shopId, at);
      const clocks = await repos.retention.clocks(caller.shopId, ids, today);
      if (clocks.length !== ids.length) throw notFound();
      const names = (list: RetentionClient[]) => list.map((c) => `${c.name} (#${c.clientId})`).join(', ');
      const erased = clocks.filter((c) => c.erasedAt !== null);
      if (erased.length) throw conflict(`${RETENTION_MESSAGES.alreadyErased} ${names(erased)}`);
      const held = clocks.filter((c) => c.hold !== null);
      if (held.length) throw conflict(RETENTION_MESSAGES.held(names(held)));
      const early = clocks.filter((c) => !c.due);
      if (early.length) throw conflict(RETENTION_MESSAGES.notDue(names(early)));
      const sanctioned: RetentionClient[] = [];
      for (const clock of clocks) {
        if ((await repos.sanctions.heldName(caller.shopId, clock.clientId)) !== null) sanctioned.push(clock);
      }
      if (sanctioned.length) throw conflict(RETENTION_MESSAGES.sanctionsHold(names(sanctioned)));
      for (const clock of clocks) {
        // Recorded while the key exists: the entry's name is sealed with it, and reads "erased client" after.
        await repos.audit.record({
          shopId: caller.shopId,
          userId: caller.userId,
          entity: 'client',
          entityId: clock.clientId,
          action: 'retention_delete',
          after: { lastTransactionOn: clock.lastTransactionOn, retainUntil: clock.retainUntil },
          at,
        });
        // The wanted list and the website enquiries go too, by their modules (issue 24; erasure-service.ts says
        // why no law keeps them); the enquiries sent from the client's e-mail address, read before it is erased.
        const email = (await repos.clients.find(caller.shopId, clock.clientId))?.email ?? '';
        await repos.wants.eraseClient(caller.shopId, clock.clientId);
        await repos.enquiries.eraseClient(caller.shopId, clock.clientId, email);
        await repos.clients.erase(caller.shopId, clock.clientId, 'all', ERASED_CLIENT, at);
        await repos.risk.eraseClient(caller.shopId, clock.clientId);
        await repos.sanctions.eraseClientName(caller.shopId, clock.clientId, ERASED_CLIENT);
        await repos.audit.clientKeys.destroy(caller.shopId, clock.clientId, at);
        await repos.retention.recordErasure(
          caller.shopId,
          clock.clientId,
          clock.lastTransactionOn,
          caller.userId,
          at,
        );
      }
      return ids;
    });
  }
}
