export type ThemeMode = 'light' | 'dark';

export interface ThemeColors {
  bg: string;
  surface: string;
  surfaceAlt: string;
  text: string;
  muted: string;
  /** Edges of controls (inputs, secondary buttons, the menu button): at least 3:1 against every surface. */
  border: string;
  /** Decorative lines (card edges, table rows, separators), which carry no meaning and need no contrast. */
  divider: string;
  primary: string;
  primaryText: string;
  danger: string;
  success: string;
  warning: string;
  focus: string;
}

export interface LoupeTheme {
  mode: ThemeMode;
  colors: ThemeColors;
  radius: string;
  font: string;
  space: (n: number) => string;
  breakpoints: { sm: string; md: string; lg: string };
  shadow: string;
}

const base = {
  radius: '8px',
  font: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  space: (n: number) => `${n * 4}px`,
  breakpoints: { sm: '480px', md: '900px', lg: '1200px' },
};

export const lightTheme: LoupeTheme = {
  ...base,
  mode: 'light',
  shadow: '0 1px 3px rgba(15, 23, 42, 0.12)',
  colors: {
    bg: '#f5f5f4',
    surface: '#ffffff',
    surfaceAlt: '#f0efeb',
    text: '#1c1917',
    muted: '#57534e',
    border: '#86807a',
    divider: '#d6d3d1',
    primary: '#7c621b',
    primaryText: '#ffffff',
    danger: '#b91c1c',
    success: '#166534',
    warning: '#8a5a0a',
    focus: '#2563eb',
  },
};

export const darkTheme: LoupeTheme = {
  ...base,
  mode: 'dark',
  shadow: '0 1px 3px rgba(0, 0, 0, 0.5)',
  colors: {
    bg: '#0f1115',
    surface: '#181b21',
    surfaceAlt: '#20242c',
    text: '#f1f0ec',
    muted: '#a8a29e',
    border: '#6b7280',
    divider: '#2f343d',
    primary: '#d4af37',
    primaryText: '#111111',
    danger: '#f87171',
    success: '#4ade80',
    warning: '#facc15',
    focus: '#60a5fa',
  },
};
