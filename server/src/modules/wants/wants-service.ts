import {
  WANT_PROBLEMS,
  type Want,
  type WantInput,
  type WantList,
  type WantMatch,
  type WantMatchEmail,
  type WantMatchList,
  type WantMatchQuery,
  type WantMatchSend,
  type WantMatchSent,
  type WantQuery,
  type WantSaved,
} from '@loupe/contracts';
import { conflict, notFound } from '../../kernel/http-errors';
import { AMOUNT_RULE } from '../../kernel/money';
import type { ShopCaller } from '../../kernel/shop-scope';
import { ErrorBag, decimalField, pageOf, pagingOf } from '../../kernel/validation';
import { checkItemCatalogue } from '../inventory';
import { sendMail } from '../mail';
import type { WantsContext, WantsRepos } from './deps';
import { draftOf, pieceTitle, sendProblem } from './match-email';
import { matchWant } from './matching';
import type { MatchFilter, StoredMatch, WantFields, WantsRepository } from './wants-repository';

/** What the trail keeps of a want: its criteria (its notes stay out: they may say why the client wants it). */
const auditView = (want: Want) => ({
  brand: want.brand,
  model: want.model,
  reference: want.reference,
  yearFrom: want.yearFrom,
  yearTo: want.yearTo,
  conditionGrade: want.conditionGrade,
  maxPrice: want.maxPrice,
  active: want.active,
});

/** A match as the API shows it (without the service's own fields). */
const shown = ({ shopId: _s, storedStatus: _t, want: _w, ...match }: StoredMatch): WantMatch => match;

/**
 * Wanted lists (issue 24 item 5): a client's wants, their matches with stock, the prepared e-mail. Every member
 * of the shop may use them, as the clients they belong to; every change is on the audit trail.
 */
export class WantsService {
  constructor(private readonly ctx: WantsContext) {}

  private get repo(): WantsRepository {
    return this.ctx.repos.wants;
  }

  /** The client, or 404 when the shop has none of that id. */
  private async client(shopId: number, clientId: number) {
    const client = await this.repo.client(shopId, clientId);
    if (!client) throw notFound();
    return client;
  }

  /** A want's fields checked: 400 field errors keyed as WantInput. */
  private async fieldsOf(shopId: number, body: WantInput, current?: Want): Promise<WantFields> {
    const bag = new ErrorBag();
    const brand = body.brand.trim();
    if (brand === '') bag.add('brand', WANT_PROBLEMS.brandRequired);
    // The catalogue's names (issue 22), as items hold them: a want keeps a retired brand it already names.
    const named = await checkItemCatalogue(
      this.ctx.db,
      shopId,
      bag,
      { brand, model: (body.model ?? '').trim() },
      current,
    );
    const yearFrom = body.yearFrom ?? null;
    const yearTo = body.yearTo ?? null;
    if (yearFrom !== null && yearTo !== null && yearFrom > yearTo)
      bag.add('yearTo', WANT_PROBLEMS.yearsReversed);
    const maxPrice = decimalField(bag, 'maxPrice', body.maxPrice, AMOUNT_RULE);
    bag.throwIfAny();
    return {
      brand: named.brand,
      model: named.model,
      reference: (body.reference ?? '').trim(),
      yearFrom,
      yearTo,
      conditionGrade: body.conditionGrade ?? null,
      maxPrice,
      notes: (body.notes ?? '').trim(),
      active: body.active ?? true,
    };
  }

  async listForClient({ shopId }: ShopCaller, clientId: number, query: WantQuery): Promise<WantList> {
    await this.client(shopId, clientId);
    const active = query.active ?? null;
    return pageOf(pagingOf(query), await this.repo.countWants(shopId, clientId, active), (limit, offset) =>
      this.repo.listWants(shopId, clientId, active, limit, offset),
    );
  }

  /** Saves a new want and searches the available stock for it at once. */
  async create({ shopId, userId }: ShopCaller, clientId: number, body: WantInput): Promise<WantSaved> {
    const client = await this.client(shopId, clientId);
    const fields = await this.fieldsOf(shopId, body);
    const now = this.ctx.now();
    return this.ctx.transaction(async ({ wants, audit }) => {
      const id = await wants.insertWant(shopId, client.id, fields, userId, now);
      const newMatches = await matchWant(wants, { id, shopId, clientId, ...fields }, now);
      const want = (await wants.want(shopId, id)) as Want;
      await audit.record({
        shopId,
        userId,
        entity: 'want',
        entityId: id,
        action: 'create',
        after: auditView(want),
        at: now,
        clientId,
      });
      return { ...want, newMatches };
    });
  }

  /** Changes a want (every field as sent) and searches the available stock for it again. */
  async update({ shopId, userId }: ShopCaller, id: number, body: WantInput): Promise<WantSaved> {
    const current = await this.repo.want(shopId, id);
    if (!current) throw notFound();
    const fields = await this.fieldsOf(shopId, body, current);
    const now = this.ctx.now();
    return this.ctx.transaction(async ({ wants, audit }) => {
      const before = await wants.want(shopId, id, true);
      if (!before) throw notFound();
      await wants.updateWant(shopId, id, fields, now);
      const newMatches = await matchWant(wants, { id, shopId, clientId: before.clientId, ...fields }, now);
      const after = (await wants.want(shopId, id)) as Want;
      await audit.record({
        shopId,
        userId,
        entity: 'want',
        entityId: id,
        action: 'update',
        before: auditView(before),
        after: auditView(after),
        at: now,
        clientId: before.clientId,
      });
      return { ...after, newMatches };
    });
  }

  /** Deletes a want and its matches (an e-mail sent stays in the outbox and on the client's history). */
  async remove({ shopId, userId }: ShopCaller, id: number): Promise<void> {
    const now = this.ctx.now();
    await this.ctx.transaction(async ({ wants, audit }) => {
      const before = await wants.want(shopId, id, true);
      if (!before) throw notFound();
      await wants.deleteWant(shopId, id);
      await audit.record({
        shopId,
        userId,
        entity: 'want',
        entityId: id,
        action: 'delete',
        before: auditView(before),
        at: now,
        clientId: before.clientId,
      });
    });
  }

  /** The shop's matches, one item's or one client's (404 when the shop has no such item or client). */
  async matches(
    { shopId }: ShopCaller,
    query: WantMatchQuery,
    scope: { itemId?: number; clientId?: number } = {},
    defaultStatus: MatchFilter['status'] = 'open',
  ): Promise<WantMatchList> {
    if (scope.itemId !== undefined && !(await this.repo.candidate(shopId, scope.itemId))) throw notFound();
    if (scope.clientId !== undefined) await this.client(shopId, scope.clientId);
    const filter: MatchFilter = { status: query.status ?? defaultStatus, ...scope };
    return pageOf(pagingOf(query), await this.repo.countMatches(shopId, filter), async (limit, offset) =>
      (await this.repo.listMatches(shopId, filter, limit, offset)).map(shown),
    );
  }

  private async match(shopId: number, id: number): Promise<StoredMatch> {
    const match = await this.repo.match(shopId, id);
    if (!match) throw notFound();
    return match;
  }

  async draft({ shopId }: ShopCaller, id: number): Promise<WantMatchEmail> {
    return draftOf(this.repo, this.ctx.config, await this.match(shopId, id));
  }

  /**
   * Sends the match's e-mail through the mail module (recorded in the outbox first; delivered through SMTP when
   * configured), marks the match e-mailed and records it on the client's history (the audit trail of the
   * client, GET /api/clients/{id}/history/). The match is claimed first, in a transaction of its own, so two
   * members pressing Send at once send one e-mail; the SMTP round trip holds no transaction open.
   */
  async send({ shopId, userId }: ShopCaller, id: number, body: WantMatchSend): Promise<WantMatchSent> {
    const match = await this.match(shopId, id);
    const draft = await draftOf(this.repo, this.ctx.config, match);
    if (draft.problem) throw conflict(draft.problem);
    const now = this.ctx.now();
    await this.ctx.transaction(async ({ wants }) => {
      const locked = await wants.match(shopId, id, true);
      const problem = locked ? sendProblem(locked) : null;
      if (problem) throw conflict(problem);
      await wants.markEmailed(shopId, id, null, userId, now);
    });
    let message;
    try {
      message = await sendMail(this.ctx, shopId, {
        to: { name: match.clientName, address: match.clientEmail, clientId: match.clientId },
        subject: body.subject?.trim() || draft.subject,
        text: body.text?.trim() || draft.text,
        related: { kind: 'want_match', id },
        createdBy: userId,
      });
    } catch (error) {
      // Nothing was recorded: the match is open again for another try.
      await this.repo.reopen(shopId, id);
      throw error;
    }
    await this.ctx.transaction(async ({ wants, audit }) => {
      await wants.setMail(shopId, id, message.id);
      await audit.record({
        shopId,
        userId,
        entity: 'want_match',
        entityId: id,
        action: 'email_match',
        after: {
          item: pieceTitle(match),
          stockNumber: match.stockNumber,
          subject: message.subject,
          mailId: message.id,
          mailStatus: message.status,
        },
        at: now,
        clientId: match.clientId,
        itemId: match.itemId,
      });
    });
    const after = await this.match(shopId, id);
    return {
      match: shown(after),
      mail: { id: message.id, status: message.status, lastError: message.lastError },
    };
  }

  /** Dismisses an open match (the client is not told). 409 when it is not open. */
  async dismiss({ shopId, userId }: ShopCaller, id: number): Promise<WantMatch> {
    const now = this.ctx.now();
    return this.ctx.transaction(async ({ wants, audit }: WantsRepos) => {
      const match = await wants.match(shopId, id, true);
      if (!match) throw notFound();
      if (match.storedStatus !== 'open') throw conflict(WANT_PROBLEMS.notOpen);
      await wants.markDismissed(shopId, id, userId, now);
      await audit.record({
        shopId,
        userId,
        entity: 'want_match',
        entityId: id,
        action: 'dismiss_match',
        after: { item: pieceTitle(match), stockNumber: match.stockNumber },
        at: now,
        clientId: match.clientId,
        itemId: match.itemId,
      });
      return shown((await wants.match(shopId, id)) as StoredMatch);
    });
  }
}
