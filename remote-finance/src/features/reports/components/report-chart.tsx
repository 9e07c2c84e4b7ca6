import { formatMoney, plural } from '@loupe/platform';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import styled, { useTheme } from 'styled-components';

export interface ChartRow {
  /** The period, as the table's Date column shows it. */
  label: string;
  sales: number;
  expenses: number;
  /** Left out for a member who may not see costs (issue 21): the chart then draws sales and expenses only. */
  profit?: number;
}

const Wrapper = styled.figure`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  overflow-x: auto;
  svg {
    display: block;
    max-width: none;
  }
`;

const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(4)};
  list-style: none;
  margin: ${({ theme }) => theme.space(2)} 0 0;
  padding: 0;
  font-size: 0.85rem;
  li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(1)};
  }
`;

const HEIGHT = 240;
const TOP = 12;
const BOTTOM = 36;
const LEFT = 64;
const RIGHT = 12;
/**
 * The narrowest a period's group of three bars may get before the chart scrolls sideways instead: a year of
 * months (the report's default) fits a phone's 390 px window (issue 21).
 */
const MIN_GROUP = 18;
const FALLBACK_WIDTH = 640;

/** The width the chart has to fill, followed as the layout changes (jsdom has no ResizeObserver). */
function useWidth<E extends HTMLElement>(): [RefObject<E | null>, number] {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  useEffect(() => {
    const node = ref.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const next = Math.floor(entry?.contentRect.width ?? 0);
      if (next > 0) setWidth(next);
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

const compact = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** Round numbers for the axis: 1, 2 or 5 times a power of ten, about four steps over the span. */
function ticks(min: number, max: number): number[] {
  const span = max - min || 1;
  const raw = span / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
  const out: number[] = [];
  for (let v = Math.floor(min / step) * step; v <= max + step / 2; v += step) out.push(Number(v.toFixed(8)));
  return out;
}

/** The words a screen reader hears instead of the picture: the same totals the table ends with. */
export function describeChart(rows: readonly ChartRow[], title: string): string {
  if (rows.length === 0) return `${title}: no figures for this period.`;
  const sum = (key: 'sales' | 'expenses' | 'profit') =>
    rows.reduce((total, row) => total + Math.round((row[key] ?? 0) * 100), 0) / 100;
  const profits = rows.every((row) => row.profit !== undefined);
  const span = rows.length === 1 ? rows[0]?.label : `${rows[0]?.label} to ${rows[rows.length - 1]?.label}`;
  const losses = rows.filter((row) => (row.profit ?? 0) < 0).length;
  return (
    `${title}, ${plural(rows.length, 'period', 'periods')} (${span}): ` +
    `sales ${formatMoney(sum('sales'))}, expenses ${formatMoney(sum('expenses'))}` +
    (profits ? `, profit ${formatMoney(sum('profit'))}` : '') +
    (losses > 0 ? `; a loss in ${plural(losses, 'period', 'periods')}.` : '.')
  );
}

/**
 * Sales, expenses and profit per period as grouped bars, hand-drawn in SVG (no chart library for one
 * picture). It is one image to assistive technology, named by a summary; the table beside it has the
 * figures. A loss is drawn below the zero line and hatched, so it does not rely on colour alone.
 */
export function ReportChart({ rows, title }: { rows: readonly ChartRow[]; title: string }) {
  const theme = useTheme();
  const [wrapperRef, available] = useWidth<HTMLElement>();
  const hatchId = `hatch-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  // Profit only when the answer has it (issue 21: left out for a member who may not see costs).
  const profits = rows.every((row) => row.profit !== undefined);
  const series = (
    [
      { key: 'sales', label: 'Sales', color: theme.colors.primary },
      { key: 'expenses', label: 'Expenses', color: theme.colors.muted },
      { key: 'profit', label: 'Profit', color: theme.colors.success },
    ] as const
  ).filter((s) => profits || s.key !== 'profit');
  const values = rows.flatMap((row) => series.map((s) => row[s.key] ?? 0));
  const scale = ticks(Math.min(0, ...values), Math.max(0, ...values));
  const low = scale[0] ?? 0;
  const high = scale[scale.length - 1] ?? 1;
  const width = Math.max(available, LEFT + RIGHT + rows.length * MIN_GROUP);
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const y = (v: number) => TOP + ((high - v) / (high - low || 1)) * plotHeight;
  const groupWidth = (width - LEFT - RIGHT) / Math.max(rows.length, 1);
  const bar = Math.max(2, Math.min(20, (groupWidth - 6) / series.length));
  const labelEvery = Math.max(1, Math.ceil((rows.length * 64) / (width - LEFT - RIGHT)));
  return (
    <Wrapper ref={wrapperRef}>
      <svg
        role="img"
        aria-label={describeChart(rows, title)}
        width={width}
        height={HEIGHT}
        viewBox={`0 0 ${width} ${HEIGHT}`}
      >
        <defs>
          <pattern
            id={hatchId}
            width="6"
            height="6"
            patternUnits="userSpaceOnUse"
            patternTransform="rotate(45)"
          >
            <rect width="6" height="6" fill={theme.colors.danger} opacity="0.35" />
            <line x1="0" y1="0" x2="0" y2="6" stroke={theme.colors.danger} strokeWidth="3" />
          </pattern>
        </defs>
        <g aria-hidden="true" fontSize="11" fill={theme.colors.muted}>
          {scale.map((v) => (
            <g key={v}>
              <line
                x1={LEFT}
                x2={width - RIGHT}
                y1={y(v)}
                y2={y(v)}
                stroke={theme.colors.border}
                strokeWidth={v === 0 ? 1.5 : 1}
                strokeDasharray={v === 0 ? undefined : '3 3'}
              />
              <text x={LEFT - 6} y={y(v) + 4} textAnchor="end">
                {compact.format(v)}
              </text>
            </g>
          ))}
          {rows.map((row, i) => {
            const x0 = LEFT + i * groupWidth + (groupWidth - bar * series.length) / 2;
            return (
              <g key={`${row.label}-${i}`}>
                {series.map((s, j) => {
                  const v = row[s.key] ?? 0;
                  const top = y(Math.max(v, 0));
                  const loss = s.key === 'profit' && v < 0;
                  return (
                    <rect
                      key={s.key}
                      data-series={s.key}
                      x={x0 + j * bar}
                      y={top}
                      width={bar - 1}
                      height={Math.max(Math.abs(y(v) - y(0)), v === 0 ? 0 : 1)}
                      fill={loss ? `url(#${hatchId})` : s.color}
                      stroke={loss ? theme.colors.danger : undefined}
                    >
                      <title>{`${row.label} ${s.label}: ${formatMoney(v)}`}</title>
                    </rect>
                  );
                })}
                {i % labelEvery === 0 ? (
                  <text x={LEFT + (i + 0.5) * groupWidth} y={HEIGHT - BOTTOM + 16} textAnchor="middle">
                    {row.label}
                  </text>
                ) : null}
              </g>
            );
          })}
        </g>
      </svg>
      <Legend aria-hidden="true">
        {series.map((s) => (
          <li key={s.key}>
            <svg width="12" height="12">
              <rect width="12" height="12" fill={s.color} />
            </svg>
            {s.label}
          </li>
        ))}
        <li>
          <svg width="12" height="12">
            <rect width="12" height="12" fill={`url(#${hatchId})`} stroke={theme.colors.danger} />
          </svg>
          Loss (below zero)
        </li>
      </Legend>
    </Wrapper>
  );
}
