import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LABELS_MAX_ITEMS, endpoints, type ItemQuery, type LabelQuery } from '@loupe/contracts';
import { ApiError, fieldErrors } from '../../../kernel/http-errors';
import { pdfHeaders } from '../../../kernel/pdf';
import { shopCaller } from '../../../kernel/shop-scope';
import { staffRoute } from '../../../kernel/schemas';
import type { InventoryRouteOptions } from '../route-options';
import { parseListQuery } from '../item-input';
import { renderLabelsPdf, type LabelItem } from '../labels-pdf';
import { LabelsRepository } from '../labels-repository';

const TAGS = ['inventory'];
const IDS_FORMAT = 'Enter item ids separated by commas, e.g. 1,2,3.';
const TOO_MANY = `At most ${LABELS_MAX_ITEMS} labels can be printed at a time.`;
const FILTERS = [
  'stock_type',
  'status',
  'brand',
  'model',
  'search',
  'reference',
  'condition_grade',
  'box',
  'papers',
  'metal',
] as const;

/** "4,2,,9" → [4, 2, 9], in the order given, each once; null when an entry is not an id. */
function parseIds(text: string): number[] | null {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return null;
  const ids: number[] = [];
  for (const entry of entries) {
    if (!/^\d{1,10}$/.test(entry)) return null;
    const id = Number(entry);
    if (id < 1 || id > 2_147_483_647) return null;
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

const labelRoutes: FastifyPluginAsyncTypebox<InventoryRouteOptions> = async (fastify, { ctx }) => {
  const labels = new LabelsRepository(ctx.db);

  /** The items the query names: by id (404 naming the ones the shop does not have) or by the list's filters. */
  async function itemsOf(shopId: number, query: LabelQuery): Promise<LabelItem[]> {
    if (query.ids !== undefined) {
      const given = FILTERS.filter((name) => query[name] !== undefined);
      if (given.length > 0) {
        throw new ApiError(400, {
          detail: 'Print either the items given by ids or a filtered list, not both.',
        });
      }
      const ids = parseIds(query.ids);
      if (!ids) throw fieldErrors({ ids: [IDS_FORMAT] });
      if (ids.length > LABELS_MAX_ITEMS) throw fieldErrors({ ids: [TOO_MANY] });
      const rows = await labels.itemsByIds(shopId, ids);
      const byId = new Map(rows.map((row) => [row.id, row]));
      const missing = ids.filter((id) => !byId.has(id));
      if (missing.length > 0) {
        throw new ApiError(404, {
          detail: `No item with ${missing.length === 1 ? 'id' : 'ids'} ${missing.join(', ')} in this shop.`,
        });
      }
      return ids.map((id) => byId.get(id) as LabelItem);
    }
    // The items list's own parsing and query, so a label sheet prints exactly the list staff filtered.
    const { filter } = parseListQuery(
      Object.fromEntries(FILTERS.map((name) => [name, query[name]])) as ItemQuery,
    );
    const count = await ctx.repos.items.count(shopId, filter);
    if (count === 0)
      throw new ApiError(400, { detail: 'No items match these filters: there is nothing to print.' });
    if (count > LABELS_MAX_ITEMS) {
      throw new ApiError(400, {
        detail: `${count} items match these filters. ${TOO_MANY} Narrow the filters or choose the items.`,
      });
    }
    return ctx.repos.items.list(shopId, filter, '-created_at', LABELS_MAX_ITEMS, 0);
  }

  fastify.route({
    ...staffRoute(endpoints.labels.pdf, TAGS, {
      summary: 'Stock labels as a PDF: QR code of the serial, serial, brand/model and price text',
      description:
        "size 'tag' prints one 60 × 30 mm tag per page; 'a4' (default) sheets of 3 × 8 labels of 63.5 × 33.9 mm.",
    }),
    handler: async (request, reply) => {
      const { shopId } = shopCaller(request);
      const items = await itemsOf(shopId, request.query);
      const size = request.query.size ?? 'a4';
      const now = ctx.now();
      const bytes = await renderLabelsPdf(items, size, await labels.settings(shopId), now);
      return reply.headers(pdfHeaders(`labels-${size}.pdf`, bytes.length)).send(bytes);
    },
  });
};

export default labelRoutes;
