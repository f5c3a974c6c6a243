import { describe, expect, it } from 'vitest';
import { HOME_DEFAULTS, parseHomeContent } from './get-home-page.ts';

describe('parseHomeContent', () => {
  it('reads content stored as a JSON string or as an object', () => {
    const fields = { title: 'T', subtitle: 'S', description: 'D', buttonText: 'B' };
    expect(parseHomeContent({ content: JSON.stringify(fields) })).toEqual(fields);
    expect(parseHomeContent({ content: fields })).toEqual(fields);
  });

  it('fills missing, blank or malformed fields with the defaults', () => {
    expect(
      parseHomeContent({ content: '{"title":"  ","subtitle":42,"buttonText":"Play"}' }),
    ).toEqual({ ...HOME_DEFAULTS, buttonText: 'Play' });
    expect(parseHomeContent({ content: 'not json' })).toEqual(HOME_DEFAULTS);
    expect(parseHomeContent(null)).toEqual(HOME_DEFAULTS);
  });
});
