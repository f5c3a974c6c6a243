import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Scanner } from '@tailwindcss/oxide';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn, mergeClasses } from './cn.ts';

const webRoot = path.resolve(import.meta.dirname, '..');

/** Every Tailwind class the web app's source uses: Tailwind's own scan, kept if it makes CSS. */
async function usedClasses(): Promise<string[]> {
  const { __unstable__loadDesignSystem: load } = await import('@tailwindcss/node');
  const candidates = new Scanner({
    sources: [{ base: webRoot, pattern: '**/*', negated: false }],
  }).scan();
  const css = readFileSync(path.join(webRoot, 'styles/globals.css'), 'utf8');
  const design = await load(css, { base: path.join(webRoot, 'styles') });
  const made = design.candidatesToCss(candidates);
  return candidates.filter((_, i) => made[i]);
}

/** The variants of a class (`hover:` of `hover:bg-card`). */
const variantsOf = (cls: string) => cls.slice(0, cls.lastIndexOf(':') + 1);

describe('cn', () => {
  it('joins conditional classes and lets a later class of the same kind win', () => {
    expect(cn('px-2 py-1', false && 'hidden', { 'text-lg': true }, 'px-4')).toBe(
      'py-1 text-lg px-4',
    );
    expect(cn('text-xl leading-none', 'text-lg')).toBe('text-lg');
    expect(cn('hover:bg-accent bg-card', 'hover:bg-primary')).toBe('bg-card hover:bg-primary');
    expect(cn('border-2 border-primary', 'border-4')).toBe('border-primary border-4');
    expect(cn('size-10', 'w-11')).toBe('size-10 w-11');
    expect(cn('w-11', 'size-10')).toBe('size-10');
  });

  it('merges every pair of classes the web app uses as tailwind-merge does', async () => {
    const classes = await usedClasses();
    expect(classes.length).toBeGreaterThan(300);
    const differ: string[] = [];
    for (const a of classes) {
      for (const b of classes) {
        if (variantsOf(a) !== variantsOf(b)) continue;
        const both = `${a} ${b}`;
        const mine = mergeClasses(both);
        const theirs = twMerge(both);
        if (mine !== theirs) differ.push(`${both} → ${mine} (tailwind-merge: ${theirs})`);
      }
    }
    expect(differ.slice(0, 40)).toEqual([]);
  }, 60_000);
});
