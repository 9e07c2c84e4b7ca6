import {
  LABELS_MAX_ITEMS,
  labelPriceText,
  stockNumberText,
  type LabelPriceSettings,
  type LabelSize,
} from '@loupe/contracts';
import {
  Alert,
  Button,
  Card,
  errorMessage,
  formatCount,
  PageHeader,
  plural,
  Spinner,
  Stack,
  usePageTitle,
} from '@loupe/platform';
import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useLabelItems, useLabelSettings, type LabelItem } from '../api/label-items';
import { labelsPdfUrl, readLabelRequest } from '../lib/label-request';
import { QrCode } from './qr-code';

/*
 * The print view of stock labels (issue 14): the same stocks as the service's PDF (server labels-pdf.ts), in
 * millimetres, so the browser's print dialog and the PDF put each label in the same place. 'tag': one
 * 60 × 30 mm jeweller's tag per page; 'a4': Avery L7159-style sheets of 3 × 8 labels of 63.5 × 33.9 mm.
 */
const STOCKS = {
  tag: { page: '60mm 30mm', perPage: 1, columns: 1, top: 0, left: 0, gapX: 0, w: 60, h: 30 },
  a4: { page: 'A4', perPage: 24, columns: 3, top: 12.9, left: 6.5, gapX: 2.5, w: 63.5, h: 33.9 },
} as const;

const NO_PRICE: LabelPriceSettings = { labelPrice: 'none', priceCodeKey: '' };

const SIZE_NAMES: Record<LabelSize, string> = {
  tag: 'Jeweller’s tag (60 × 30 mm)',
  a4: 'A4 sheet (3 × 8 labels)',
};

/** Only the labels print: the app around them is hidden, and the page is the label stock's. */
const printCss = (size: LabelSize) => `
@page { size: ${STOCKS[size].page}; margin: 0; }
@media print {
  body * { visibility: hidden; }
  [data-label-sheet], [data-label-sheet] * { visibility: visible; }
  [data-label-sheet] { position: absolute; left: 0; top: 0; }
}`;

const Sheet = styled.div<{ $size: LabelSize }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  overflow-x: auto;
  @media print {
    display: block;
    gap: 0;
  }
`;

const Page = styled.div<{ $size: LabelSize }>`
  box-sizing: border-box;
  display: grid;
  grid-template-columns: repeat(${({ $size }) => STOCKS[$size].columns}, ${({ $size }) => STOCKS[$size].w}mm);
  grid-auto-rows: ${({ $size }) => STOCKS[$size].h}mm;
  column-gap: ${({ $size }) => STOCKS[$size].gapX}mm;
  padding: ${({ $size }) => `${STOCKS[$size].top}mm ${STOCKS[$size].left}mm`};
  width: ${({ $size }) => ($size === 'a4' ? '210mm' : '60mm')};
  min-height: ${({ $size }) => ($size === 'a4' ? '297mm' : '30mm')};
  background: #fff;
  color: #000;
  box-shadow: 0 0 0 1px ${({ theme }) => theme.colors.border};
  /* Issue 21: on a phone the A4 preview (210 mm, ~794 px) is drawn smaller to fit the screen; it prints full size. */
  @media screen and (max-width: 640px) {
    zoom: ${({ $size }) => ($size === 'a4' ? 0.42 : 1)};
  }
  @media print {
    box-shadow: none;
    break-after: page;
    zoom: 1;
  }
`;

const Label = styled.figure<{ $size: LabelSize }>`
  box-sizing: border-box;
  display: flex;
  gap: 3mm;
  margin: 0;
  padding: 2.5mm;
  width: ${({ $size }) => STOCKS[$size].w}mm;
  height: ${({ $size }) => STOCKS[$size].h}mm;
  overflow: hidden;
  font-family: 'DejaVu Sans', Arial, sans-serif;
  svg {
    flex: none;
    height: 100%;
    aspect-ratio: 1;
  }
  figcaption {
    display: flex;
    flex-direction: column;
    gap: 1mm;
    min-width: 0;
    font-size: 7pt;
    line-height: 1.2;
  }
  strong {
    font-size: 7.5pt;
    overflow-wrap: anywhere;
  }
  .price {
    margin-top: auto;
    font-size: 9pt;
    font-weight: 700;
  }
`;

const Controls = styled(Stack).attrs({ $row: true })`
  flex-wrap: wrap;
  align-items: flex-end;
  label {
    display: block;
    margin-bottom: ${({ theme }) => theme.space(1)};
  }
  select {
    padding: ${({ theme }) => `${theme.space(1)} ${theme.space(2)}`};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius};
    background: ${({ theme }) => theme.colors.surface};
    color: inherit;
  }
`;

/** One label: the QR code of the serial, the serial, brand and model, and the price text of the shop's setting. */
export function StockLabel({ item, price, size }: { item: LabelItem; price: string; size: LabelSize }) {
  const what = [item.brand, item.model].filter(Boolean).join(' ');
  return (
    <Label $size={size} aria-label={`Label ${item.serial}`}>
      <QrCode text={item.serial} label={`QR code of ${item.serial}`} />
      <figcaption>
        <strong>{item.serial}</strong>
        <span>{stockNumberText(item.stockNumber)}</span>
        {what ? <span>{what}</span> : null}
        {price ? <span className="price">{price}</span> : null}
      </figcaption>
    </Label>
  );
}

function pagesOf<T>(items: T[], perPage: number): T[][] {
  const pages: T[][] = [];
  for (let at = 0; at < items.length; at += perPage) pages.push(items.slice(at, at + perPage));
  return pages;
}

/** /inventory/labels?ids=1,2,3&size=tag, or with the stock list's filters instead of ids. */
export function LabelsPage() {
  usePageTitle('Print Labels');
  const [params, setParams] = useSearchParams();
  const request = readLabelRequest(params);
  const labels = useLabelItems(request);
  const settings = useLabelSettings();
  const sizeId = useId();
  const { size } = request;

  const setSize = (next: LabelSize) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('size', next);
        return updated;
      },
      { replace: true },
    );

  // Without the shop's setting the labels print no price: never a price the shop chose to hide behind a code.
  const priceSettings: LabelPriceSettings | undefined =
    settings.data ?? (settings.isError ? NO_PRICE : undefined);
  const failed = labels.error;
  const ready = labels.data && priceSettings;
  const items = labels.data?.items ?? [];

  return (
    <>
      <style>{printCss(size)}</style>
      <PageHeader title="Print Labels" />
      <Card>
        <Controls>
          <div>
            <label htmlFor={sizeId}>Label size</label>
            <select id={sizeId} value={size} onChange={(event) => setSize(event.target.value as LabelSize)}>
              {(Object.keys(SIZE_NAMES) as LabelSize[]).map((value) => (
                <option key={value} value={value}>
                  {SIZE_NAMES[value]}
                </option>
              ))}
            </select>
          </div>
          <Button onClick={() => window.print()} disabled={!ready || items.length === 0}>
            Print
          </Button>
          <a href={labelsPdfUrl(request)} target="_blank" rel="noreferrer">
            Download PDF
          </a>
        </Controls>
        {ready ? (
          <p aria-live="polite">
            {items.length === 0 ? 'No items to label.' : `${plural(items.length, 'label', 'labels')}.`}
            {labels.data && labels.data.total > items.length
              ? ` The list has ${formatCount(labels.data.total)} items: only the first ${formatCount(
                  LABELS_MAX_ITEMS,
                )} are labelled here and in the PDF. Narrow the filters to print the rest.`
              : ''}
          </p>
        ) : null}
      </Card>

      {settings.isError ? (
        <Alert tone="info">
          The shop’s label price setting could not be loaded, so these labels show no price.
        </Alert>
      ) : null}
      {failed ? <Alert>{errorMessage(failed, 'The labels could not be loaded.')}</Alert> : null}
      {!ready && !failed ? <Spinner label="Loading labels..." /> : null}

      {ready && items.length > 0 ? (
        <Sheet $size={size} data-label-sheet>
          {pagesOf(items, STOCKS[size].perPage).map((page, index) => (
            <Page key={index} $size={size}>
              {page.map((item) => (
                <StockLabel
                  key={item.id}
                  item={item}
                  size={size}
                  price={labelPriceText(item, priceSettings)}
                />
              ))}
            </Page>
          ))}
        </Sheet>
      ) : null}
    </>
  );
}
