import { useEffect, useRef } from 'react';
import { createRain, drawRainFrame, drawStaticRain, RAIN_FRAME_MS } from './digital-rain.ts';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * The full-screen digital rain behind the start screen (product rules "Screens": 20 px font, redrawn every
 * 33 ms). With prefers-reduced-motion it draws one still frame instead. Decorative only.
 */
export function DigitalRainCanvas() {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const motion = window.matchMedia?.(REDUCED_MOTION);
    let timer: ReturnType<typeof setInterval> | undefined;
    let resizeTimer: ReturnType<typeof setTimeout> | undefined;

    const start = () => {
      clearInterval(timer);
      canvas.width = window.innerWidth;
      canvas.height = window.innerHeight;
      const rain = createRain(canvas.width, canvas.height);
      ctx.fillStyle = '#000';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      if (motion?.matches) {
        drawStaticRain(ctx, rain);
        // A canvas does not wait for web fonts: redraw the still frame once VT323 is in.
        document.fonts?.ready.then(() => {
          if (canvas.isConnected) drawStaticRain(ctx, createRain(canvas.width, canvas.height));
        });
      } else timer = setInterval(() => drawRainFrame(ctx, rain), RAIN_FRAME_MS);
    };

    // Restart once the window has settled, not on every resize event.
    const onResize = () => {
      clearTimeout(resizeTimer);
      resizeTimer = setTimeout(start, 150);
    };

    start();
    window.addEventListener('resize', onResize);
    motion?.addEventListener('change', start);
    return () => {
      clearInterval(timer);
      clearTimeout(resizeTimer);
      window.removeEventListener('resize', onResize);
      motion?.removeEventListener('change', start);
    };
  }, []);

  return (
    <div aria-hidden="true" className="pointer-events-none fixed inset-0">
      <canvas ref={canvasRef} data-testid="digital-rain" className="block h-full w-full" />
    </div>
  );
}
