/**
 * Runs `run` once the browser has painted what the current task rendered: in the task after the
 * next animation frame. A hidden tab gets no animation frames, so a timer runs it there
 * (`fallbackMs`); whichever comes first runs it, once.
 */
export function afterPaint(run: () => void, fallbackMs = 100): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    run();
  };
  const timer = setTimeout(once, fallbackMs);
  if (typeof requestAnimationFrame !== 'function') return;
  requestAnimationFrame(() => setTimeout(once, 0));
}
