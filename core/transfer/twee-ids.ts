import { slugify } from '../game/links.ts';

/** Latin letters that do not split into a letter and an accent. */
const LATIN: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
};

/**
 * The id a passage name gives, readable in any script: Latin letters lose their accents
 * ('Café Größe' → 'cafe-grosse'), letters of other scripts stay
 * ('東京の夜' → '東京の夜'), anything else between words becomes one hyphen.
 */
export function sceneIdOf(name: string): string {
  const latin = name
    .toLowerCase()
    .replace(/[ßæœøđðłþı]/g, (c) => LATIN[c] ?? c)
    .normalize('NFKD')
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .normalize('NFC');
  const id = latin
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .replace(/^\p{M}+/u, '');
  return id.slice(0, 80).replace(/-+$/, '') || slugify(name) || 'passage';
}
