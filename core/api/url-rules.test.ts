import { describe, expect, it } from 'vitest';
import { newsInputSchema } from '../content/news.ts';
import { validateBundle } from '../transfer/format.ts';
import { isImageRef, isSitePath } from './admin-world.ts';

const upload = `/uploads/${'a'.repeat(64)}.png`;

describe('image references and site paths', () => {
  it('take only http(s) URLs and our own uploads as images', () => {
    expect(isImageRef('https://cdn.example/hat.png')).toBe(true);
    expect(isImageRef(upload)).toBe(true);
    for (const bad of [
      '/\\evil.example/x.png',
      '//evil.example/x.png',
      '/uploads/../x.png',
      '/images/hat.png',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
    ]) {
      expect(isImageRef(bad), bad).toBe(false);
    }
  });

  it('take a path on this site as a link, never one a browser reads as another host', () => {
    expect(isSitePath('/consultant-submission')).toBe(true);
    for (const bad of ['/\\evil.example', '//evil.example', '/a b', 'about']) {
      expect(isSitePath(bad), bad).toBe(false);
    }
    expect(newsInputSchema.safeParse({ content: 'x', link: '/\\evil.example' }).success).toBe(
      false,
    );
  });
});

describe('an imported adventure', () => {
  const base = { format: 'seo-adventure', version: 1 };
  const message = (input: unknown) => {
    try {
      validateBundle({ ...base, ...(input as object) });
      return 'accepted';
    } catch (err) {
      return (err as Error).message;
    }
  };

  it('refuses the javascript: URLs the admin API refuses, naming the field', () => {
    const js = 'javascript:alert(document.cookie)';
    expect(message({ options: [{ id: 'o', scenario_id: 's', text: 'Go', next_url: js }] })).toMatch(
      /^options\[0\]\.next_url: Option URL must start with http:\/\/ or https:\/\//,
    );
    expect(message({ news: [{ id: 'n', content: 'x', link: js }] })).toMatch(/^news\[0\]\.link: /);
    expect(message({ sponsors: [{ id: 's', name: 'S', url: js }] })).toMatch(
      /^sponsors\[0\]\.url: /,
    );
    expect(message({ advertisements: [{ id: 'a', title: 'A', cta_link: js }] })).toMatch(
      /^advertisements\[0\]\.cta_link: /,
    );
    expect(
      message({ scenes: [{ id: 's', title: 'S', image_url: '/\\evil.example/x.png' }] }),
    ).toMatch(/^scenes\[0\]\.image_url: /);
  });

  it('keeps good URLs and uploaded images as they are', () => {
    const bundle = validateBundle({
      ...base,
      news: [{ id: 'n', content: 'x', link: '/consultant-submission' }],
      sponsors: [{ id: 's', name: 'S', url: 'https://hats.example/', image_url: upload }],
    });
    expect(bundle.news?.[0]?.link).toBe('/consultant-submission');
    expect(bundle.sponsors?.[0]?.image_url).toBe(upload);
  });
});
