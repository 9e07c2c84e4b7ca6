import type { LoupeTheme, ThemeColors } from './tokens';

/** WCAG 2 relative luminance of a `#rrggbb` colour. */
export function relativeLuminance(hex: string): number {
  const match = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!match?.[1]) throw new Error(`not a #rrggbb colour: ${hex}`);
  const n = parseInt(match[1], 16);
  const [r, g, b] = [n >> 16, (n >> 8) & 0xff, n & 0xff].map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours, 1 … 21, whichever is lighter. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

type Color = keyof ThemeColors;

export interface ContrastPair {
  foreground: Color;
  background: Color;
  /** 4.5 for text (WCAG 1.4.3), 3 for the edges and fills that make a control visible (WCAG 1.4.11). */
  minimum: 3 | 4.5;
}

const SURFACES: readonly Color[] = ['bg', 'surface', 'surfaceAlt'];
const on = (foreground: Color, minimum: 3 | 4.5): ContrastPair[] =>
  SURFACES.map((background) => ({ foreground, background, minimum }));

/**
 * Every pairing of tokens the UI draws, with the contrast it must reach in each theme: text and coloured text
 * (links, alerts, balances) on any surface, control edges, the primary button's fill and the focus ring.
 */
export const CONTRAST_PAIRS: readonly ContrastPair[] = [
  ...on('text', 4.5),
  ...on('muted', 4.5),
  ...on('primary', 4.5),
  ...on('danger', 4.5),
  ...on('success', 4.5),
  ...on('warning', 4.5),
  { foreground: 'primaryText', background: 'primary', minimum: 4.5 },
  ...on('border', 3),
  ...on('focus', 3),
];

export interface ContrastShortfall extends ContrastPair {
  ratio: number;
}

/** The pairs of `theme` below their minimum (none for a theme the UI may ship). */
export function contrastShortfalls(theme: LoupeTheme): ContrastShortfall[] {
  return CONTRAST_PAIRS.map((pair) => ({
    ...pair,
    ratio: contrastRatio(theme.colors[pair.foreground], theme.colors[pair.background]),
  })).filter((pair) => pair.ratio < pair.minimum);
}
