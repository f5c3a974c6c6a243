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

/**
 * Settles once the frame that shows what the current task rendered is on screen and the frame
 * after it has begun: the task after the second animation frame from now (a hidden tab: the
 * timers of `afterPaint`). Work that can wait a frame, such as taking a choice's answer after its
 * next scene was painted ahead, goes there so it never holds back the paint it follows.
 */
export function afterShown(): Promise<void> {
  return new Promise((resolve) => afterPaint(() => afterPaint(resolve)));
}

/** Settles in a task of its own: a timer (the next task when timers are throttled too). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
