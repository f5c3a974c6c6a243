/**
 * Glyphs of the rain. Only characters VT323 has: katakana would need a CJK system font, and
 * without one they render as empty boxes.
 */
const GLYPHS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ$#%&@*+=<>/?!SEOSEOSEO';

/** product rules "Limits": the rain uses a 20 px font and is redrawn every 33 ms. */
const RAIN_FONT_PX = 20;
export const RAIN_FRAME_MS = 33;

export interface Rain {
  /** Row (in glyph cells) of the head of each column's drop. */
  drops: number[];
  width: number;
  height: number;
}

/** A rain for a canvas of this size, with drops starting at random heights above the screen. */
export function createRain(width: number, height: number, random = Math.random): Rain {
  const columns = Math.max(1, Math.ceil(width / RAIN_FONT_PX));
  const rows = Math.ceil(height / RAIN_FONT_PX);
  return {
    drops: Array.from({ length: columns }, () => -Math.floor(random() * rows)),
    width,
    height,
  };
}

/** Draws one frame: fades what is there (the trails) and advances every drop by one glyph. */
export function drawRainFrame(ctx: CanvasRenderingContext2D, rain: Rain, random = Math.random) {
  ctx.fillStyle = 'rgba(0, 0, 0, 0.06)';
  ctx.fillRect(0, 0, rain.width, rain.height);
  ctx.font = `${RAIN_FONT_PX}px 'VT323', monospace`;
  ctx.textBaseline = 'top';
  for (let i = 0; i < rain.drops.length; i++) {
    const row = rain.drops[i] ?? 0;
    if (row >= 0) {
      const glyph = GLYPHS[Math.floor(random() * GLYPHS.length)] ?? '0';
      // The head of a drop is brighter than its trail.
      ctx.fillStyle = random() > 0.9 ? '#b6ffc9' : '#1fdc4f';
      ctx.fillText(glyph, i * RAIN_FONT_PX, row * RAIN_FONT_PX);
    }
    const past = row * RAIN_FONT_PX > rain.height;
    rain.drops[i] = past && random() > 0.975 ? 0 : row + 1;
  }
}

/** A still picture of the rain for players who prefer reduced motion. */
export function drawStaticRain(ctx: CanvasRenderingContext2D, rain: Rain, random = Math.random) {
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, rain.width, rain.height);
  const frames = Math.ceil(rain.height / RAIN_FONT_PX) + 10;
  for (let f = 0; f < frames; f++) drawRainFrame(ctx, rain, random);
}
