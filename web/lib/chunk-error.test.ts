import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from './chunk-error.ts';

describe('isChunkLoadError', () => {
  it("knows each browser's words for a code file that could not be loaded", () => {
    for (const message of [
      'Failed to fetch dynamically imported module: http://x/assets/a-1.js',
      'error loading dynamically imported module: http://x/assets/a-1.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/a-1.css',
    ]) {
      expect(isChunkLoadError(new TypeError(message)), message).toBe(true);
    }
  });

  it('is not any other error', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});
