import {
  COSTS_NOT_ALLOWED,
  DEFAULT_VAT_STAGGER,
  EXPORT_FORMATS,
  EXPORT_LABELS,
  STOCK_TYPES,
  previousVatQuarter,
  vatQuarterOf,
  type StockBookQuery,
  type StockBookRow,
  type VatFigureKey,
  type VatSaleRow,
  type VatStagger,
} from '@loupe/contracts';
import {
  Alert,
  Button,
  Card,
  ChoiceField,
  DataTable,
  DownloadLink,
  fieldErrors,
  formatMoney,
  HttpError,
  isDay,
  LoadStateView,
  PAGE_SIZES,
  PageHeader,
  Pagination,
  TextField,
  today,
  useAuth,
  usePageTitle,
  type DataColumn,
  type PageSize,
} from '@loupe/platform';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { invoicePdfUrl } from '../../../api/invoice-files';
import { DayRangeFields } from '../../../components/day-range-fields';
import {
  exportUrl,
  stockBookCsvUrl,
  stockBookPdfUrl,
  useStockBook,
  useVatFigures,
  useVatStagger,
} from '../api/get-stock-book';

const Filters = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
  align-items: end;
  column-gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(3)};
`;
const Intro = styled.p`
  margin-top: 0;
`;
const Small = styled.span`
  display: block;
  font-size: 0.85em;
  color: ${({ theme }) => theme.colors.muted};
`;
const Downloads = styled.ul`
  margin: 0;
  padding-left: 1.2em;
  line-height: 1.9;
`;
/** The book is wide: it scrolls inside its card rather than the page on a laptop. */
const Scroll = styled.div`
  overflow-x: auto;
`;

const PRESETS = ['this', 'last', 'custom'] as const;
type Preset = (typeof PRESETS)[number];
const PRESET_LABELS: Record<Preset, string> = {
  this: 'This VAT quarter',
  last: 'Last VAT quarter',
  custom: 'Custom range',
};
const SOLD = ['', 'sold', 'unsold'] as const;
const SOLD_LABELS: Record<(typeof SOLD)[number], string> = {
  '': 'All items',
  sold: 'Sold',
  unsold: 'Not sold',
};
const TYPES = ['', ...STOCK_TYPES] as const;
const TYPE_LABELS: Partial<Record<(typeof TYPES)[number], string>> = { '': 'All types' };

const money = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : formatMoney(value);
const day = (value: string) => `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)}`;

function notes(row: StockBookRow): string {
  const parts: string[] = [];
  if (row.carriedForward) parts.push('Carried forward');
  if (row.purchaseVoidedOn) parts.push(`Purchase ${row.purchaseReference} voided`);
  for (const v of row.voidedSales) {
    const sale = v.invoiceReference ? `Sale ${v.invoiceReference}` : 'Sale';
    parts.push(`${sale} voided${v.creditNoteReference ? ` by ${v.creditNoteReference}` : ''}`);
  }
  return parts.join('; ');
}

const BOOK_COLUMNS: readonly DataColumn<StockBookRow>[] = [
  {
    key: 'item',
    header: 'Item',
    rowHeader: true,
    cell: (r) => (
      <>
        {r.stockNumber || `#${r.itemId}`} {r.serial}
        <Small>{r.description}</Small>
      </>
    ),
  },
  {
    key: 'bought',
    header: 'Bought',
    cell: (r) => (
      <>
        {day(r.purchasedOn)}
        <Small>{r.purchaseReference || 'No purchase invoice'}</Small>
      </>
    ),
  },
  { key: 'paid', header: 'Price paid', numeric: true, cell: (r) => money(r.purchasePriceGbp) },
  {
    key: 'seller',
    header: 'Seller',
    cell: (r) => (
      <>
        {r.sellerName || '—'}
        {r.sellerAddress ? <Small>{r.sellerAddress}</Small> : null}
      </>
    ),
  },
  {
    key: 'sold',
    header: 'Sold',
    cell: (r) =>
      r.sale ? (
        <>
          {day(r.sale.date)}
          <Small>{r.sale.invoiceReference}</Small>
        </>
      ) : (
        '—'
      ),
  },
  { key: 'price', header: 'Sale price', numeric: true, cell: (r) => money(r.sale?.priceGbp) },
  { key: 'buyer', header: 'Buyer', cell: (r) => r.sale?.buyer || '—' },
  { key: 'margin', header: 'Margin', numeric: true, cell: (r) => money(r.sale?.marginGbp) },
  {
    key: 'vat',
    header: 'VAT',
    numeric: true,
    cell: (r) =>
      r.sale === null
        ? '—'
        : r.sale.vatTreatment === 'standard'
          ? money(r.sale.vatGbp)
          : money(r.sale.marginVatGbp),
  },
  { key: 'notes', header: 'Notes', cell: (r) => notes(r) },
];

const SALE_COLUMNS: readonly DataColumn<VatSaleRow>[] = [
  {
    key: 'invoice',
    header: 'Invoice',
    rowHeader: true,
    cell: (r) =>
      r.invoiceId === null ? (
        r.invoiceReference || '—'
      ) : (
        <a href={invoicePdfUrl(r.invoiceId)} target="_blank" rel="noreferrer">
          {r.invoiceReference}
        </a>
      ),
  },
  { key: 'date', header: 'Date', cell: (r) => day(r.date) },
  { key: 'item', header: 'Item', cell: (r) => [r.stockNumber, r.description].filter(Boolean).join(' ') },
  { key: 'buyer', header: 'Buyer', cell: (r) => r.buyer || '—' },
  { key: 'price', header: 'Price', numeric: true, cell: (r) => money(r.priceGbp) },
  { key: 'cost', header: 'Purchase price', numeric: true, cell: (r) => money(r.costGbp) },
  { key: 'margin', header: 'Margin', numeric: true, cell: (r) => money(r.marginGbp) },
  {
    key: 'vat',
    header: 'VAT',
    numeric: true,
    cell: (r) => (r.vatTreatment === 'standard' ? money(r.vatGbp) : money(r.marginVatGbp)),
  },
];

/**
 * The period the screen shows: a preset quarter on the shop's VAT stagger (HMRC's quarters, Shop Settings), or the
 * From and To of a custom range.
 */
function periodOf(params: URLSearchParams, now: string, stagger: VatStagger) {
  const preset = (PRESETS as readonly string[]).includes(params.get('period') ?? '')
    ? (params.get('period') as Preset)
    : 'this';
  if (preset === 'this') return { preset, ...vatQuarterOf(now, stagger) };
  if (preset === 'last') return { preset, ...previousVatQuarter(now, stagger) };
  const quarter = vatQuarterOf(now, stagger);
  return { preset, from: params.get('from') ?? quarter.from, to: params.get('to') ?? quarter.to };
}

/**
 * /reports/stock-book (issue 22): the HMRC stock book of a VAT quarter or any range (VAT Notice 718), paged and
 * filtered, with its CSV and PDF; the margin-scheme VAT figures, each opening the sales it is summed from; and the
 * accounting exports for Xero and QuickBooks Online. Costs and margins: members who may see costs only.
 */
export function StockBookPage() {
  usePageTitle('Stock Book');
  const { can, loading } = useAuth();
  if (can('viewCosts')) return <StockBook />;
  return (
    <>
      <PageHeader title="Stock Book" />
      {loading ? null : <Alert>{COSTS_NOT_ALLOWED}</Alert>}
    </>
  );
}

function StockBook() {
  const [params, setParams] = useSearchParams();
  // The quarters wait for the shop's stagger, so the book is asked for once, for the right quarter.
  const stagger = useVatStagger();
  const period = periodOf(params, today(), stagger ?? DEFAULT_VAT_STAGGER);
  const typeParam = params.get('stock_type') ?? '';
  const stockType = (TYPES as readonly string[]).includes(typeParam)
    ? (typeParam as (typeof TYPES)[number])
    : '';
  const soldParam = params.get('sold') ?? '';
  const sold = (SOLD as readonly string[]).includes(soldParam) ? (soldParam as (typeof SOLD)[number]) : '';
  const searchText = params.get('search') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const sizeParam = Number(params.get('page_size'));
  const pageSize: PageSize = (PAGE_SIZES as readonly number[]).includes(sizeParam)
    ? (sizeParam as PageSize)
    : 25;
  const [figure, setFigure] = useState<VatFigureKey | null>(null);

  const rangeOk = stagger !== null && isDay(period.from) && isDay(period.to) && period.from <= period.to;
  const base = { date_from: period.from, date_to: period.to };
  const query: StockBookQuery | null = rangeOk
    ? {
        ...base,
        ...(stockType ? { stock_type: stockType } : {}),
        ...(sold ? { sold } : {}),
        ...(searchText.trim() ? { search: searchText.trim() } : {}),
        page,
        page_size: pageSize,
      }
    : null;
  const book = useStockBook(query);
  const vat = useVatFigures(rangeOk ? base : null);
  const badRange = book.error instanceof HttpError && book.error.status === 400;
  const serverErrors: Record<string, string> = badRange ? fieldErrors(book.error) : {};
  const errors: Record<string, string> = {
    from: serverErrors.date_from ?? '',
    to: serverErrors.date_to ?? '',
  };
  if (isDay(period.from) && isDay(period.to) && period.from > period.to)
    errors.to = 'To must be on or after From.';

  const change = (next: Record<string, string>, keepPage = false) => {
    const merged: Record<string, string> = {
      period: period.preset,
      ...(period.preset === 'custom' ? { from: period.from, to: period.to } : {}),
      ...(stockType ? { stock_type: stockType } : {}),
      ...(sold ? { sold } : {}),
      ...(searchText ? { search: searchText } : {}),
      ...(keepPage ? { page: String(page) } : {}),
      page_size: String(pageSize),
      ...next,
    };
    setParams(Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== '')), { replace: true });
  };

  const shown = figure && vat.data ? vat.data.figures.find((f) => f.key === figure) : undefined;

  return (
    <>
      <PageHeader
        title="Stock Book"
        actions={
          query && !badRange ? (
            <>
              <DownloadLink href={stockBookCsvUrl(query)} download="">
                Download CSV
              </DownloadLink>{' '}
              <DownloadLink href={stockBookPdfUrl(query)} download="">
                Download PDF
              </DownloadLink>
            </>
          ) : (
            <Button type="button" disabled>
              Download CSV
            </Button>
          )
        }
      />
      <Card>
        <Intro>
          Each item bought, sold or in stock in the period, with its purchase and its sale, as HMRC asks a
          margin-scheme dealer to keep (VAT Notice 718). Items bought before the period and still in stock are
          carried forward; a voided sale is not a sale. <Link to="/reports">Back to Reports</Link>
        </Intro>
        <Filters aria-label="Choose the stock book" onSubmit={(event) => event.preventDefault()}>
          <ChoiceField
            label="Period"
            name="period"
            value={period.preset}
            options={PRESETS}
            labels={PRESET_LABELS}
            onChange={(preset) =>
              change(
                preset === 'custom'
                  ? { period: preset, from: period.from, to: period.to }
                  : { period: preset, from: '', to: '' },
              )
            }
          />
          {period.preset === 'custom' ? (
            <DayRangeFields
              value={{ from: period.from, to: period.to }}
              errors={errors}
              onChange={(next) => change({ from: next.from ?? period.from, to: next.to ?? period.to })}
            />
          ) : null}
          <ChoiceField
            label="Stock type"
            name="stock_type"
            value={stockType}
            options={TYPES}
            labels={TYPE_LABELS}
            onChange={(value) => change({ stock_type: value })}
          />
          <ChoiceField
            label="Sold in the period"
            name="sold"
            value={sold}
            options={SOLD}
            labels={SOLD_LABELS}
            onChange={(value) => change({ sold: value })}
          />
          <TextField
            label="Stock number or serial"
            name="search"
            type="search"
            value={searchText}
            onChange={(event) => change({ search: event.target.value })}
          />
        </Filters>
        {query && !badRange ? (
          <LoadStateView
            state={book}
            onRetry={() => void book.refetch()}
            loadingLabel="Loading the stock book..."
            errorText="Failed to load the stock book."
          >
            {(data) =>
              data.count === 0 ? (
                <p>No item was bought, sold or in stock in this period.</p>
              ) : (
                <>
                  <p>
                    {day(data.from)} to {day(data.to)}: {data.count} {data.count === 1 ? 'item' : 'items'}
                  </p>
                  <Scroll>
                    <DataTable
                      caption="Stock book"
                      // Ten columns: compact, so the book fits a laptop's 1280 × 800 without scrolling (issue 21).
                      compact
                      columns={BOOK_COLUMNS}
                      rows={data.results}
                      rowKey={(r) => r.itemId}
                    />
                  </Scroll>
                  <Pagination
                    label="Stock book pages"
                    page={page}
                    pageCount={Math.max(1, Math.ceil(data.count / pageSize))}
                    pageSize={pageSize}
                    onPageChange={(next) => change({ page: String(next) })}
                    onPageSizeChange={(size) => change({ page_size: String(size) })}
                  />
                </>
              )
            }
          </LoadStateView>
        ) : null}
      </Card>

      <Card aria-labelledby="vat-figures-heading">
        <h2 id="vat-figures-heading">VAT figures</h2>
        <Intro>
          Margin-scheme VAT for the period: each sale&apos;s margin on its own, a loss counted as nothing (it
          is not set against a gain). Open a figure to see the sales it adds up.
        </Intro>
        {rangeOk && !badRange ? (
          <LoadStateView
            state={vat}
            onRetry={() => void vat.refetch()}
            loadingLabel="Loading the VAT figures..."
            errorText="Failed to load the VAT figures."
          >
            {(data) => (
              <>
                <DataTable
                  caption="VAT figures"
                  columns={[
                    { key: 'label', header: 'Figure', rowHeader: true, cell: (f) => f.label },
                    { key: 'amount', header: 'Amount', numeric: true, cell: (f) => formatMoney(f.amountGbp) },
                    {
                      key: 'open',
                      header: 'Sales',
                      cell: (f) =>
                        f.saleIds.length === 0 ? (
                          'None'
                        ) : (
                          <Button
                            variant="secondary"
                            aria-pressed={figure === f.key}
                            aria-label={`Show the ${f.saleIds.length} ${f.saleIds.length === 1 ? 'sale' : 'sales'} of ${f.label}`}
                            onClick={() => setFigure(figure === f.key ? null : f.key)}
                          >
                            {f.saleIds.length} {f.saleIds.length === 1 ? 'sale' : 'sales'}
                          </Button>
                        ),
                    },
                  ]}
                  rows={data.figures}
                  rowKey={(f) => f.key}
                />
                {shown ? (
                  <Scroll>
                    <DataTable
                      caption={`Sales in ${shown.label}`}
                      columns={SALE_COLUMNS}
                      rows={data.rows.filter((r) => shown.saleIds.includes(r.saleId))}
                      rowKey={(r) => r.saleId}
                    />
                  </Scroll>
                ) : null}
              </>
            )}
          </LoadStateView>
        ) : null}
      </Card>

      <Card aria-labelledby="exports-heading">
        <h2 id="exports-heading">Accounting exports</h2>
        <Intro>
          The period as CSV files for your bookkeeper to import into Xero or QuickBooks Online (amounts in
          pounds, VAT included). Margin-scheme sales carry no VAT line: post the output VAT on margins above
          as one journal.
        </Intro>
        {rangeOk ? (
          <Downloads>
            {EXPORT_FORMATS.map((format) => (
              <li key={format}>
                <DownloadLink href={exportUrl(format, base)} download="">
                  {EXPORT_LABELS[format]}
                </DownloadLink>
              </li>
            ))}
          </Downloads>
        ) : null}
      </Card>
    </>
  );
}
