import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  SANCTIONS_AUDIT_ACTIONS,
  SANCTIONS_AUDIT_ENTITY,
  SUSPICION_AUDIT_ACTIONS,
  SUSPICION_AUDIT_ENTITY,
  endpoints,
  type ActivityFilters,
  type ActivityQuery,
  type AuditEvent,
} from '@loupe/contracts';
import type { AuditContext } from './deps';
import type { AuditFilter } from './audit-repository';
import { notFound } from '../../kernel/http-errors';
import { staffRoute } from '../../kernel/schemas';
import { requireAction, shopCaller, type ShopCaller } from '../../kernel/shop-scope';
import {
  ErrorBag,
  dayRangeField,
  invalidFilterChoice,
  pageOf,
  pagingOf,
  pathId,
} from '../../kernel/validation';
import { csvLine, textCell, valueCell } from '../../kernel/csv';
import { describe } from './describe';
import { seesCosts } from '../../kernel/costs';

const TAGS = ['audit'];

/** The shop-wide trail is the owner's: gold and silver see History on records only. */
function owner(request: Parameters<typeof shopCaller>[0]): ShopCaller {
  const caller = shopCaller(request);
  requireAction(caller, 'viewActivity');
  return caller;
}

/**
 * The trail's kinds of record the caller may not see: a suspicious activity report's entries are for the
 * nominated officer alone (POCA 2002 s.333A, tipping off; MLR 2017 reg. 21(3)). The flag is the session's
 * (auth-check's nominated_officer), which a change of officer refreshes at once.
 */
const hiddenFrom = (request: Parameters<typeof shopCaller>[0]): string[] =>
  request.caller?.nominatedOfficer ? [] : [SUSPICION_AUDIT_ENTITY, SANCTIONS_AUDIT_ENTITY];
const HIDDEN_ACTIONS: readonly string[] = [...SUSPICION_AUDIT_ACTIONS, ...SANCTIONS_AUDIT_ACTIONS];

/** The Activity filters of a query, or DRF-shaped 400s. */
export function parseActivityFilter(query: ActivityQuery): AuditFilter {
  const bag = new ErrorBag();
  const filter: AuditFilter = {};
  if (query.user !== undefined) filter.userId = query.user;
  const entity = query.entity?.trim();
  if (entity) {
    if (Object.hasOwn(AUDIT_ENTITY_LABELS, entity)) filter.entity = entity;
    else bag.add('entity', invalidFilterChoice(entity));
  }
  const action = query.action?.trim();
  if (action) {
    if (Object.hasOwn(AUDIT_ACTION_LABELS, action)) filter.action = action;
    else bag.add('action', invalidFilterChoice(action));
  }
  const { from, to } = dayRangeField(bag, query);
  bag.throwIfAny();
  if (from !== null) filter.fromDay = from;
  if (to !== null) filter.toDay = to;
  return filter;
}

const CSV_HEADER = ['When (UTC)', 'Who', 'Record', 'Name', 'Action', 'What happened', 'Changes'];

/** One line of the CSV: the event as the screen words it; every typed value defused against formulas. */
function csvRow(event: AuditEvent): string {
  const changes = event.changes
    .map((c) => `${c.field}: ${c.before ?? '\u2014'} \u2192 ${c.after ?? '\u2014'}`)
    .join('; ');
  return csvLine([
    valueCell(event.at),
    textCell(event.actor ?? ''),
    valueCell(AUDIT_ENTITY_LABELS[event.entity] ?? event.entity),
    textCell(event.recordName ?? ''),
    valueCell(AUDIT_ACTION_LABELS[event.action] ?? event.action),
    textCell(event.summary),
    textCell(changes),
  ]);
}

/** History of records, and the shop-wide Activity (issue 12): the trail in words. */
const auditRoutes: FastifyPluginAsyncTypebox<{ ctx: AuditContext }> = async (fastify, { ctx }) => {
  const { audit, clients, items } = ctx.repos;

  fastify.route({
    ...staffRoute(endpoints.clients.history, ['clients', ...TAGS], {
      summary:
        'Everything recorded about the client, in words: edits, payments, KYC papers, sales, voids (newest first)',
    }),
    handler: async (request) => {
      const caller = shopCaller(request);
      const { shopId } = caller;
      const id = pathId(request.params.id);
      if (!(await clients.find(shopId, id))) throw notFound();
      // A report of a suspicion never shows on the client's own screens, even to the officer (no tipping off).
      const filter = { clientId: id, hiddenEntities: [SUSPICION_AUDIT_ENTITY] };
      return pageOf(pagingOf(request.query), await audit.count(shopId, filter), async (limit, offset) =>
        // Without 'viewCosts' the trail reads without what the item cost (issue 21, kernel/costs.ts).
        (await audit.page(shopId, filter, limit, offset)).map((e) =>
          describe(e, { costs: seesCosts(caller) }),
        ),
      );
    },
  });

  fastify.route({
    ...staffRoute(endpoints.items.history, ['items', ...TAGS], {
      summary:
        'Everything recorded about the item, in words: edits, check-outs, sales, voids, images (newest first)',
    }),
    handler: async (request) => {
      const caller = shopCaller(request);
      const { shopId } = caller;
      const id = pathId(request.params.id);
      if (!(await items.findRow(shopId, id))) throw notFound();
      const filter = { itemId: id, hiddenEntities: [SUSPICION_AUDIT_ENTITY] };
      return pageOf(pagingOf(request.query), await audit.count(shopId, filter), async (limit, offset) =>
        (await audit.page(shopId, filter, limit, offset)).map((e) =>
          describe(e, { costs: seesCosts(caller) }),
        ),
      );
    },
  });

  fastify.route({
    ...staffRoute(endpoints.activity.list, TAGS, {
      summary:
        'The shop\u2019s whole trail (platinum only), filtered by person, kind of record, action and days',
    }),
    handler: async (request) => {
      const { shopId } = owner(request);
      const filter = { ...parseActivityFilter(request.query), hiddenEntities: hiddenFrom(request) };
      return pageOf(pagingOf(request.query), await audit.count(shopId, filter), async (limit, offset) =>
        (await audit.page(shopId, filter, limit, offset)).map((entry) => describe(entry)),
      );
    },
  });

  fastify.route({
    ...staffRoute(endpoints.activity.csv, TAGS, {
      summary: 'The filtered trail as a CSV download, streamed (platinum only)',
    }),
    handler: async (request, reply) => {
      const { shopId } = owner(request);
      const filter = { ...parseActivityFilter(request.query), hiddenEntities: hiddenFrom(request) };
      async function* lines(): AsyncGenerator<string> {
        yield csvLine(CSV_HEADER);
        let chunk = '';
        let n = 0;
        for await (const entry of audit.each(shopId, filter)) {
          chunk += csvRow(describe(entry));
          n += 1;
          if (n % 200 === 0) {
            yield chunk;
            chunk = '';
          }
        }
        if (chunk) yield chunk;
      }
      const day = (await ctx.repos.reports.shopToday(shopId, ctx.now())).slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="loupe-activity-${day}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(Readable.from(lines(), { objectMode: false }));
    },
  });

  fastify.route({
    ...staffRoute(endpoints.activity.filters, TAGS, {
      summary:
        'The choices of the Activity filters: the people in the trail, the kinds of record, the actions',
    }),
    handler: async (request): Promise<ActivityFilters> => {
      const { shopId } = owner(request);
      const hidden = hiddenFrom(request);
      const options = (labels: Readonly<Record<string, string>>) =>
        Object.entries(labels)
          .filter(
            ([value]) => hidden.length === 0 || !(hidden.includes(value) || HIDDEN_ACTIONS.includes(value)),
          )
          .map(([value, label]) => ({ value, label }))
          .sort((a, b) => a.label.localeCompare(b.label));
      return {
        people: await audit.people(shopId),
        entities: options(AUDIT_ENTITY_LABELS),
        actions: options(AUDIT_ACTION_LABELS),
      };
    },
  });
};

export default auditRoutes;

export { AuditRepository, type AuditFilter, type AuditRecord, type AuditEntry } from './audit-repository';
export type { AuditContext, AuditRepos } from './deps';
export { describe } from './describe';
