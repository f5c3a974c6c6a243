/**
 * The font families a game admin can pick (product rules "Content" 'Font families'). Keys are the values stored
 * in the font_settings; every stack ends in a generic family. VT323 is bundled from
 * @fontsource/vt323, the others are system fonts: nothing is fetched from a CDN.
 */
export const FONT_FAMILIES = {
  Verdana: { label: 'Verdana', stack: 'Verdana, Geneva, Tahoma, sans-serif' },
  Arial: { label: 'Arial', stack: 'Arial, Helvetica, sans-serif' },
  'Times New Roman': { label: 'Times New Roman', stack: "'Times New Roman', Times, serif" },
  Georgia: { label: 'Georgia', stack: "Georgia, 'Times New Roman', serif" },
  'Courier New': { label: 'Courier New', stack: "'Courier New', Courier, monospace" },
  VT323: {
    label: 'VT323 (Matrix)',
    stack: "'VT323', 'VT323 Fallback', 'Courier New', Courier, monospace",
  },
  'sans-serif': {
    label: 'System Default (sans-serif)',
    stack: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
} as const;

/** The parts of a game screen whose font an admin sets (product rules "Content" key font_settings). */
const FONT_TARGETS = ['title', 'subtitle', 'content', 'choices'] as const;
export type FontTarget = (typeof FONT_TARGETS)[number];

interface FontSetting {
  fontSize: string;
  fontFamily: string;
}
export type FontSettings = Record<FontTarget, FontSetting>;

/** Product rules "Limits" defaults: title 5xl, subtitle xl, content base, choices lg. */
export const DEFAULT_FONT_SETTINGS: FontSettings = {
  title: { fontSize: '5xl', fontFamily: 'sans-serif' },
  subtitle: { fontSize: 'xl', fontFamily: 'sans-serif' },
  content: { fontSize: 'base', fontFamily: 'Verdana' },
  choices: { fontSize: 'lg', fontFamily: 'Verdana' },
};

/** Used when a stored size is neither a known name nor a CSS length (product rules "Limits" fallbacks). */
const FALLBACK_SIZES: Record<FontTarget, string> = {
  title: '2.5rem',
  subtitle: '1.75rem',
  content: '1.4rem',
  choices: '1.2rem',
};

const SIZE_NAME = /^(xs|sm|base|lg|[2-7]?xl)$/;
const CSS_LENGTH = /^\d+(\.\d+)?(px|rem|em|%|pt|vw|vh)$/;

/** The CSS font stack for a stored family; an unknown family falls back to the system default. */
export function fontStack(family: string): string {
  const known = (FONT_FAMILIES as Record<string, { stack: string }>)[family];
  return (known ?? FONT_FAMILIES['sans-serif']).stack;
}

/** The CSS value for a stored size: a size name becomes var(--font-size-{name}), a length stays. */
export function fontSizeValue(size: string, target: FontTarget): string {
  const s = size.trim();
  if (SIZE_NAME.test(s)) return `var(--font-size-${s}, ${FALLBACK_SIZES[target]})`;
  if (CSS_LENGTH.test(s)) return s;
  return FALLBACK_SIZES[target];
}

/**
 * The CSS variables (--font-{target}-size / -family) for a set of font settings, ready to be
 * set on document.documentElement; the game screens read them (see web/styles/globals.css).
 */
export function fontSettingsToCssVars(settings: FontSettings): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const target of FONT_TARGETS) {
    const s = settings[target];
    vars[`--font-${target}-size`] = fontSizeValue(s.fontSize, target);
    vars[`--font-${target}-family`] = fontStack(s.fontFamily);
  }
  return vars;
}
