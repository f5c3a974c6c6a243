import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { SeoSnippetFields } from './seo-snippet-fields.tsx';

function Form() {
  const [v, setV] = useState({ seoTitle: 'Hats', seoDescription: 'All the hats.' });
  return (
    <SeoSnippetFields
      field={(key) => ({
        id: `seo-${key}`,
        value: v[key],
        onChange: (value) => setV((old) => ({ ...old, [key]: value })),
      })}
    />
  );
}

describe('SEO snippet fields', () => {
  afterEach(cleanup);

  it('says by the field when the SEO title is over 60 characters, and clears it when fixed', () => {
    render(<Form />);
    const title = screen.getByLabelText('SEO Title');
    expect(screen.queryByText(/SEO title must be at most/)).toBeNull();
    fireEvent.input(title, { target: { value: 'x'.repeat(61) } });
    const message = screen.getByText('SEO title must be at most 60 characters (now 61)');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(title.getAttribute('aria-describedby')).toContain(message.id);
    fireEvent.input(title, { target: { value: 'x'.repeat(60) } });
    expect(screen.queryByText(/SEO title must be at most/)).toBeNull();
  });

  it('says so for an SEO description over 160 characters', () => {
    render(<Form />);
    fireEvent.input(screen.getByLabelText('SEO Description'), {
      target: { value: 'y'.repeat(170) },
    });
    screen.getByText('SEO description must be at most 160 characters (now 170)');
  });
});
