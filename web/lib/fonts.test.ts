import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FONT_SETTINGS,
  FONT_FAMILIES,
  fontSettingsToCssVars,
  fontSizeValue,
  fontStack,
} from './fonts.ts';

describe('fonts', () => {
  it('offers the seven families of the spec, each with a generic fallback', () => {
    expect(Object.values(FONT_FAMILIES).map((f) => f.label)).toEqual([
      'Verdana',
      'Arial',
      'Times New Roman',
      'Georgia',
      'Courier New',
      'VT323 (Matrix)',
      'System Default (sans-serif)',
    ]);
    for (const f of Object.values(FONT_FAMILIES)) {
      expect(f.stack).toMatch(/(sans-serif|serif|monospace)$/);
      expect(f.stack).not.toMatch(/https?:/);
    }
  });

  it('maps stored values to stacks and unknown families to the system default', () => {
    expect(fontStack('Georgia')).toContain('Georgia');
    expect(fontStack('Comic Sans')).toBe(FONT_FAMILIES['sans-serif'].stack);
  });

  it('maps size names to variables, keeps CSS lengths and falls back for junk', () => {
    expect(fontSizeValue('5xl', 'title')).toBe('var(--font-size-5xl, 2.5rem)');
    expect(fontSizeValue(' 24px ', 'content')).toBe('24px');
    expect(fontSizeValue('huge;}', 'choices')).toBe('1.2rem');
  });

  it('turns the default settings into the CSS variables of product rules "Limits"', () => {
    const vars = fontSettingsToCssVars(DEFAULT_FONT_SETTINGS);
    expect(vars['--font-title-size']).toBe('var(--font-size-5xl, 2.5rem)');
    expect(vars['--font-subtitle-size']).toBe('var(--font-size-xl, 1.75rem)');
    expect(vars['--font-content-size']).toBe('var(--font-size-base, 1.4rem)');
    expect(vars['--font-choices-size']).toBe('var(--font-size-lg, 1.2rem)');
    expect(vars['--font-content-family']).toContain('Verdana');
    expect(vars['--font-title-family']).toBe(FONT_FAMILIES['sans-serif'].stack);
  });
});
