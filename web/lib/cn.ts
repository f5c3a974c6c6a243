import { type ClassValue, clsx } from 'clsx';

/**
 * Joins class names and lets later Tailwind classes override earlier ones (shadcn's `cn`), for
 * the utilities this app uses: a small stand-in for tailwind-merge, which weighed 8.5 KB (gzip)
 * on every page. A class this file does not know only gives way to
 * itself. cn.test.ts checks it against
 * tailwind-merge on every class the web app's source names.
 */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}

/** Groups a later class of the group (or of a group listed here) removes from before it. */
const CONFLICTS: Record<string, string[]> = {
  'font-size': ['leading'],
  p: ['px', 'py', 'pt', 'pr', 'pb', 'pl', 'ps', 'pe'],
  px: ['pr', 'pl', 'ps', 'pe'],
  py: ['pt', 'pb'],
  m: ['mx', 'my', 'mt', 'mr', 'mb', 'ml', 'ms', 'me'],
  mx: ['mr', 'ml', 'ms', 'me'],
  my: ['mt', 'mb'],
  gap: ['gap-x', 'gap-y'],
  size: ['w', 'h'],
  inset: ['inset-x', 'inset-y', 'top', 'right', 'bottom', 'left', 'start', 'end'],
  'inset-x': ['right', 'left'],
  'inset-y': ['top', 'bottom'],
  overflow: ['overflow-x', 'overflow-y'],
  rounded: ['rounded-side'],
  'border-w': ['border-w-x', 'border-w-y', 'border-w-t', 'border-w-r', 'border-w-b', 'border-w-l'],
  'border-w-x': ['border-w-r', 'border-w-l'],
  'border-w-y': ['border-w-t', 'border-w-b'],
  translate: ['translate-x', 'translate-y'],
  flex: ['basis', 'grow', 'shrink'],
  'line-clamp': ['display', 'overflow'],
};

const SIZE = /^(xs|sm|base|md|lg|xl|\dxl)$/;
/** An arbitrary value tailwind-merge reads as a length (`[1.75rem]`, `[min(4vh,6vw)]`). */
const ARBITRARY_LENGTH =
  /^\[(\d+(\.\d+)?(px|rem|em|%|vh|vw|dvh|svh|lvh|ch|ex|pt)|(calc|min|max|clamp)\(.*\))\]$/;
const LENGTH = /^(\d+(\.\d+)?|px|\[[\d.]+(px|rem|em|%)\])$/;
const DISPLAY = new Set([
  'block',
  'inline-block',
  'inline',
  'flex',
  'inline-flex',
  'table',
  'inline-table',
  'grid',
  'inline-grid',
  'contents',
  'flow-root',
  'list-item',
  'hidden',
  'table-caption',
  'table-cell',
  'table-column',
  'table-column-group',
  'table-footer-group',
  'table-header-group',
  'table-row-group',
  'table-row',
]);
const KEYWORD_GROUPS: Record<string, string> = {
  'sr-only': 'sr',
  'not-sr-only': 'sr',
  visible: 'visibility',
  invisible: 'visibility',
  collapse: 'visibility',
  static: 'position',
  fixed: 'position',
  absolute: 'position',
  relative: 'position',
  sticky: 'position',
  'flex-row': 'flex-direction',
  'flex-row-reverse': 'flex-direction',
  'flex-col': 'flex-direction',
  'flex-col-reverse': 'flex-direction',
  'flex-wrap': 'flex-wrap',
  'flex-wrap-reverse': 'flex-wrap',
  'flex-nowrap': 'flex-wrap',
  shrink: 'shrink',
  grow: 'grow',
  shadow: 'shadow',
  border: 'border-w',
  rounded: 'rounded',
  transition: 'transition',
  ring: 'ring-w',
  truncate: 'text-overflow',
  'text-ellipsis': 'text-overflow',
  'text-clip': 'text-overflow',
  underline: 'text-decoration',
  'no-underline': 'text-decoration',
  'line-through': 'text-decoration',
  outline: 'outline-w',
  italic: 'font-style',
  'not-italic': 'font-style',
  uppercase: 'text-transform',
  lowercase: 'text-transform',
  capitalize: 'text-transform',
  'normal-case': 'text-transform',
  'break-normal': 'break',
  'break-words': 'break',
  'break-all': 'break',
  'break-keep': 'break',
  'list-disc': 'list-type',
  'list-decimal': 'list-type',
  'list-none': 'list-type',
  'list-inside': 'list-position',
  'list-outside': 'list-position',
  'object-contain': 'object-fit',
  'object-cover': 'object-fit',
  'object-fill': 'object-fit',
  'object-none': 'object-fit',
  'object-scale-down': 'object-fit',
};
const TEXT_ALIGN = /^text-(left|center|right|justify|start|end)$/;
const FONT_WEIGHT =
  /^font-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black|\d+)$/;
const BORDER_STYLE = /^border-(solid|dashed|dotted|double|hidden|none)$/;
/** Prefixes whose every value is one group (`h-8`, `max-w-lg`, `z-50`, …), longest first. */
const PREFIX_GROUPS = [
  'min-h',
  'min-w',
  'max-h',
  'max-w',
  'inset-x',
  'inset-y',
  'gap-x',
  'gap-y',
  'translate-x',
  'translate-y',
  'overflow-x',
  'overflow-y',
  'grid-cols',
  'grid-rows',
  'underline-offset',
  'line-clamp',
  'accent',
  'space-x',
  'space-y',
  'col-span',
  'row-span',
  'justify-items',
  'justify-self',
  'pointer-events',
  'whitespace',
  'duration',
  'animate',
  'opacity',
  'cursor',
  'overflow',
  'items',
  'self',
  'content',
  'align',
  'select',
  'caption',
  'leading',
  'tracking',
  'shadow',
  'inset',
  'top',
  'right',
  'bottom',
  'left',
  'start',
  'end',
  'size',
  'gap',
  'flex',
  'shrink',
  'grow',
  'basis',
  'order',
  'row',
  'z',
  'h',
  'w',
  'px',
  'py',
  'pt',
  'pr',
  'pb',
  'pl',
  'ps',
  'pe',
  'p',
  'mx',
  'my',
  'mt',
  'mr',
  'mb',
  'ml',
  'ms',
  'me',
  'm',
];

/** The group of a class without its variants; a class this file does not know is its own group. */
function groupOf(base: string): string {
  return knownGroup(base) ?? `=${base}`;
}

function knownGroup(base: string): string | null {
  const c = base.startsWith('-') ? base.slice(1) : base;
  if (DISPLAY.has(c)) return 'display';
  const keyword = KEYWORD_GROUPS[c];
  if (keyword) return keyword;
  if (c.startsWith('text-')) {
    if (TEXT_ALIGN.test(c)) return 'text-align';
    const rest = c.slice(5);
    return SIZE.test(rest) || ARBITRARY_LENGTH.test(rest) ? 'font-size' : 'text-color';
  }
  if (c.startsWith('font-')) return FONT_WEIGHT.test(c) ? 'font-weight' : 'font-family';
  if (c.startsWith('justify-')) {
    return c.startsWith('justify-items-') || c.startsWith('justify-self-') ? null : 'justify';
  }
  if (c.startsWith('transition-')) return 'transition';
  if (c.startsWith('rounded-')) {
    const rest = c.slice(8);
    return /^(none|full|\[.*\])$/.test(rest) || SIZE.test(rest) ? 'rounded' : 'rounded-side';
  }
  if (c.startsWith('border-')) {
    const rest = c.slice(7);
    if (LENGTH.test(rest)) return 'border-w';
    const side = /^([xytrbl])(-(.+))?$/.exec(rest);
    if (side && (side[3] === undefined || LENGTH.test(side[3]))) return `border-w-${side[1]}`;
    if (BORDER_STYLE.test(c)) return 'border-style';
    return /^[xytrbl]-/.test(rest) ? null : 'border-color';
  }
  if (c.startsWith('bg-')) {
    const rest = c.slice(3);
    return /^(fixed|local|scroll|clip|origin|repeat|no-repeat|auto|cover|contain|center|top|bottom|left|right|none|linear|radial|conic|blend|gradient)/.test(
      rest,
    )
      ? null
      : 'bg-color';
  }
  if (c.startsWith('ring-')) {
    const rest = c.slice(5);
    if (rest.startsWith('offset') || rest === 'inset') return null;
    return LENGTH.test(rest) ? 'ring-w' : 'ring-color';
  }
  if (c.startsWith('outline-') && LENGTH.test(c.slice(8))) return 'outline-w';
  for (const prefix of PREFIX_GROUPS) {
    if (c.startsWith(`${prefix}-`)) return prefix;
  }
  return null;
}

/** Splits `hover:[&_svg]:size-5` into its variants and the class, outside brackets. */
function splitVariants(cls: string): [string, string] {
  let depth = 0;
  let last = -1;
  for (let i = 0; i < cls.length; i++) {
    const ch = cls[i];
    if (ch === '[' || ch === '(') depth++;
    else if (ch === ']' || ch === ')') depth--;
    else if (ch === ':' && depth === 0) last = i;
  }
  return last < 0 ? ['', cls] : [cls.slice(0, last + 1), cls.slice(last + 1)];
}

/** Merged class strings by their input, as tailwind-merge keeps them: the same few dozen recur at every render. */
const merged = new Map<string, string>();
const MERGED_MAX = 1000;

/** Keeps, of classes that set the same thing with the same variants, the last one. */
export function mergeClasses(classes: string): string {
  const known = merged.get(classes);
  if (known !== undefined) return known;
  const result = mergeUncached(classes);
  if (merged.size >= MERGED_MAX) merged.clear();
  merged.set(classes, result);
  return result;
}

function mergeUncached(classes: string): string {
  const list = classes.split(/\s+/).filter(Boolean);
  const taken = new Set<string>();
  const kept: string[] = [];
  for (let i = list.length - 1; i >= 0; i--) {
    const cls = list[i] as string;
    const [variants, base] = splitVariants(cls);
    const important = base.startsWith('!') || base.endsWith('!') ? '!' : '';
    const group = groupOf(base.replace(/^!|!$/g, ''));
    const key = `${variants}${important}${group}`;
    if (taken.has(key)) continue;
    taken.add(key);
    for (const other of CONFLICTS[group] ?? []) taken.add(`${variants}${important}${other}`);
    kept.push(cls);
  }
  return kept.reverse().join(' ');
}
