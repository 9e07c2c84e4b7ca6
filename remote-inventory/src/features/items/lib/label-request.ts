import { API_BASE, endpoints, LABEL_SIZES, LABELS_MAX_ITEMS, pathOf, type LabelSize } from '@loupe/contracts';

/*
 * Which labels a print view shows, as its URL says: either `ids` (a selection, printed in that order) or the
 * stock list's filters (the whole filtered list, up to LABELS_MAX_ITEMS), and the label size. The same
 * parameters make the PDF's link, so the PDF prints what the screen shows.
 */

/** The list filters the label PDF takes too (contracts/src/labels.ts). */
export const LABEL_FILTERS = [
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
export type LabelFilter = (typeof LABEL_FILTERS)[number];

export interface LabelRequest {
  /** The selection, or null for the filtered list. */
  ids: number[] | null;
  filters: Partial<Record<LabelFilter, string>>;
  size: LabelSize;
}

/** The print view's URL parameters, read leniently: an id that is no number is dropped. */
export function readLabelRequest(params: URLSearchParams): LabelRequest {
  const idsText = params.get('ids');
  const ids =
    idsText === null
      ? null
      : idsText
          .split(',')
          .map((part) => Number(part.trim()))
          .filter((id) => Number.isInteger(id) && id > 0)
          .slice(0, LABELS_MAX_ITEMS);
  const filters: LabelRequest['filters'] = {};
  for (const name of LABEL_FILTERS) {
    const value = params.get(name);
    if (value) filters[name] = value;
  }
  const size = params.get('size');
  return {
    ids,
    filters,
    size: (LABEL_SIZES as readonly string[]).includes(size ?? '') ? (size as LabelSize) : 'a4',
  };
}

/** The request as URL parameters (ids or filters, then size). */
export function labelParams(request: LabelRequest): URLSearchParams {
  const params = new URLSearchParams();
  if (request.ids) params.set('ids', request.ids.join(','));
  else for (const [name, value] of Object.entries(request.filters)) if (value) params.set(name, value);
  params.set('size', request.size);
  return params;
}

/** The print view of these labels. */
export const labelsPageUrl = (request: LabelRequest): string =>
  `/inventory/labels?${labelParams(request).toString()}`;

/** The same labels as the service's PDF (a plain link: the session cookie goes along). */
export const labelsPdfUrl = (request: LabelRequest): string =>
  `${API_BASE}${pathOf(endpoints.labels.pdf)}?${labelParams(request).toString()}`;
