import {
  API_BASE,
  DEFAULT_VAT_STAGGER,
  endpoints,
  isVatStagger,
  pathOf,
  type BooksPeriodQuery,
  type ExportFormat,
  type StockBookPage,
  type StockBookQuery,
  type VatFigures,
  type VatStagger,
} from '@loupe/contracts';
import { api, queryKeys, queryOptions, useQuery } from '@loupe/platform';

/** Under the finance reports' root, so a sale or a void that refreshes the reports refreshes the books too. */
const booksKey = (...rest: unknown[]) => [...queryKeys.reports.all, 'books', ...rest] as const;

/** `GET /api/books/stock-book/`: one page of the period's stock book (issue 22). */
export function useStockBook(query: StockBookQuery | null) {
  return useQuery(
    queryOptions({
      queryKey: booksKey('stock-book', query),
      queryFn: ({ signal }): Promise<StockBookPage> =>
        api(endpoints.books.stockBook, { query: query as StockBookQuery, signal }),
      enabled: query !== null,
    }),
  );
}

/** `GET /api/books/vat/`: the period's margin-scheme VAT figures and the sales each is summed from. */
export function useVatFigures(query: BooksPeriodQuery | null) {
  return useQuery(
    queryOptions({
      queryKey: booksKey('vat', query),
      queryFn: ({ signal }): Promise<VatFigures> =>
        api(endpoints.books.vat, { query: query as BooksPeriodQuery, signal }),
      enabled: query !== null,
    }),
  );
}

/**
 * The shop's VAT stagger (Shop Settings' "VAT quarters end in", `GET /api/shop/settings/`), under the key the
 * Shop Settings screen writes, so a change there moves the quarters here without a reload. null while unknown;
 * calendar quarters (stagger 1) when the settings cannot be read.
 */
export function useVatStagger(): VatStagger | null {
  const settings = useQuery({
    queryKey: queryKeys['shop-settings'].details(),
    queryFn: ({ signal }) => api(endpoints.settings.get, { signal }),
  });
  if (settings.isError) return DEFAULT_VAT_STAGGER;
  if (!settings.data) return null;
  const stagger = (settings.data as { vatStagger?: unknown }).vatStagger;
  return isVatStagger(stagger) ? stagger : DEFAULT_VAT_STAGGER;
}

const search = (query: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(query).flatMap(([k, v]) => (v === undefined || v === '' ? [] : [[k, String(v)]])),
  ).toString();

/** Plain links: the browser streams the file to disk under the server's name, with the session cookie. */
export const stockBookCsvUrl = (query: StockBookQuery) =>
  `${API_BASE}${pathOf(endpoints.books.stockBookCsv)}?${search({ ...query, page: undefined, page_size: undefined })}`;
export const stockBookPdfUrl = (query: StockBookQuery) =>
  `${API_BASE}${pathOf(endpoints.books.stockBookPdf)}?${search({ ...query, page: undefined, page_size: undefined })}`;
export const exportUrl = (format: ExportFormat, period: BooksPeriodQuery) =>
  `${API_BASE}${pathOf(endpoints.books.exports)}?${search({ format, ...period })}`;
