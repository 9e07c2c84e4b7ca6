import { contrastRatio, contrastShortfalls, CONTRAST_PAIRS } from '../src/theme/contrast';
import { darkTheme, lightTheme } from '../src/theme';

describe('WCAG contrast of the theme tokens', () => {
  it('computes the WCAG 2 ratio', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#d4af37', '#d4af37')).toBe(1);
    expect(() => contrastRatio('red', '#ffffff')).toThrow('not a #rrggbb colour');
  });

  it('checks text at 4.5:1 and control edges and focus rings at 3:1 on every surface', () => {
    const key = (p: (typeof CONTRAST_PAIRS)[number]) => `${p.foreground}/${p.background}≥${p.minimum}`;
    const keys = CONTRAST_PAIRS.map(key);
    for (const background of ['bg', 'surface', 'surfaceAlt']) {
      for (const text of ['text', 'muted', 'primary', 'danger', 'success']) {
        expect(keys).toContain(`${text}/${background}≥4.5`);
      }
      expect(keys).toContain(`border/${background}≥3`);
      expect(keys).toContain(`focus/${background}≥3`);
    }
  });

  it.each([
    ['light', lightTheme],
    ['dark', darkTheme],
  ])('every pair reaches its minimum in the %s theme', (_name, theme) => {
    const below = contrastShortfalls(theme).map(
      (p) => `${p.foreground} on ${p.background}: ${p.ratio.toFixed(2)}:1 < ${p.minimum}:1`,
    );
    expect(below).toEqual([]);
  });

  it('would catch the borders the inputs had before (1.3–1.5:1)', () => {
    const before = { ...lightTheme, colors: { ...lightTheme.colors, border: '#d6d3d1' } };
    expect(contrastShortfalls(before).map((p) => p.foreground)).toContain('border');
  });
});
