// jsdom has no layout, so it has no ResizeObserver; Radix's Switch and Checkbox measure themselves
// with one. An observer that never reports is exactly what a layout-less document would do.
if (!('ResizeObserver' in globalThis)) {
  class NoLayoutResizeObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver = NoLayoutResizeObserver;
}
