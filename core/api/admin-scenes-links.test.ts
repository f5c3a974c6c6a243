import { describe, expect, it } from 'vitest';
import { extractDescriptionLinks } from './admin-scenes-links.ts';

describe('extractDescriptionLinks', () => {
  it('takes the three Twine link forms out of the text, in order', () => {
    const r = extractDescriptionLinks(
      'The shop is quiet.\n\n[[Call the supplier->supplier]]\n[[shop-floor<-Walk the floor]]\n[[Go home]]',
    );
    expect(r.links).toEqual([
      { label: 'Call the supplier', target: 'supplier' },
      { label: 'Walk the floor', target: 'shop-floor' },
      { label: 'Go home', target: 'Go home' },
    ]);
    expect(r.description).toBe('The shop is quiet.');
  });

  it('keeps a paragraph break and inline text around a link', () => {
    const r = extractDescriptionLinks('One.\n\nYou can [[leave->exit]] now.\n\nTwo.');
    expect(r.description).toBe('One.\n\nYou can now.\n\nTwo.');
    expect(r.links).toEqual([{ label: 'leave', target: 'exit' }]);
  });

  it('leaves a description without links, and empty links, untouched', () => {
    expect(extractDescriptionLinks('Plain [text] here')).toEqual({
      description: 'Plain [text] here',
      links: [],
    });
    expect(extractDescriptionLinks('Odd [[->x]] link').links).toEqual([]);
  });
});
