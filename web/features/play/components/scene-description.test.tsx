import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { looksLikeHtml, toDescriptionContent } from '../lib/description.ts';
import { sanitizeDescription } from '../lib/sanitize-description.ts';
import { SceneDescription } from './scene-description.tsx';

describe('scene descriptions (product rules "Validation")', () => {
  it('splits plain text on blank lines and keeps single line breaks in their paragraph', () => {
    expect(toDescriptionContent('One\nstill one\n\n  Two  \n\n\n')).toEqual({
      kind: 'paragraphs',
      paragraphs: ['One\nstill one', 'Two'],
    });
    expect(toDescriptionContent(null)).toEqual({ kind: 'paragraphs', paragraphs: [] });
    expect(looksLikeHtml('a < b and c > d')).toBe(false);
    expect(looksLikeHtml('a <br/> b')).toBe(true);
  });

  it('sanitises HTML: no scripts, handlers, javascript: links, iframes or styles; links open apart', () => {
    const out = sanitizeDescription(
      '<p style="color:red" onclick="x()">Hi <a href="https://example.com">shop</a></p>' +
        '<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">j</a>' +
        '<iframe src="https://example.com"></iframe><form><input></form>',
    );
    expect(out).not.toMatch(/script|onerror|onclick|javascript:|iframe|<form|<input|style=/i);
    expect(out).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">shop</a>',
    );
  });

  it('renders paragraphs at once and HTML once its sanitiser has loaded', async () => {
    const { unmount } = render(<SceneDescription text={'First\n\nSecond'} />);
    expect(screen.getAllByRole('paragraph').map((p) => p.textContent)).toEqual(['First', 'Second']);
    unmount();
    render(<SceneDescription text={'<p>Bold <b>hats</b></p><img src=x onerror="alert(1)">'} />);
    const html = await screen.findByTestId('scene-description');
    expect(html.querySelector('b')?.textContent).toBe('hats');
    expect(html.innerHTML).not.toContain('onerror');
  });
});
