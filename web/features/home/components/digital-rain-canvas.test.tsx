import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DigitalRainCanvas } from './digital-rain-canvas.tsx';

/** A 2D context that only counts the glyphs drawn. */
function fakeContext() {
  const ctx = {
    glyphs: 0,
    font: '',
    fillStyle: '',
    textBaseline: '',
    fillRect: vi.fn(),
    fillText: vi.fn(() => {
      ctx.glyphs += 1;
    }),
  };
  return ctx;
}

function prefersReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query.includes('reduce'),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

describe('DigitalRainCanvas', () => {
  let ctx: ReturnType<typeof fakeContext>;
  beforeEach(() => {
    vi.useFakeTimers();
    ctx = fakeContext();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
      ctx as unknown as CanvasRenderingContext2D,
    );
    // Drops start above the screen; put them all on screen so each frame draws every column.
    vi.spyOn(Math, 'random').mockReturnValue(0);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('redraws every 33 ms with a 20 px font and stops when unmounted', () => {
    prefersReducedMotion(false);
    const { container, unmount } = render(<DigitalRainCanvas />);
    expect(container.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
    const columns = Math.ceil(window.innerWidth / 20);
    expect(ctx.glyphs).toBe(0);
    vi.advanceTimersByTime(32);
    expect(ctx.glyphs).toBe(0);
    vi.advanceTimersByTime(1);
    expect(ctx.glyphs).toBe(columns);
    expect(ctx.font).toContain('20px');
    vi.advanceTimersByTime(33 * 9);
    expect(ctx.glyphs).toBe(columns * 10);
    unmount();
    vi.advanceTimersByTime(33 * 10);
    expect(ctx.glyphs).toBe(columns * 10);
  });

  it('draws one still frame when the player prefers reduced motion', async () => {
    prefersReducedMotion(true);
    render(<DigitalRainCanvas />);
    await vi.advanceTimersByTimeAsync(0); // a redraw once web fonts are ready is allowed
    const drawn = ctx.glyphs;
    expect(drawn).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(5000);
    expect(ctx.glyphs).toBe(drawn);
  });
});
