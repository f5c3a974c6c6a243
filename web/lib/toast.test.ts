import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createSonnerBackend,
  createToastHelper,
  type ToastBackend,
  type ToastId,
  type ToastInput,
} from './toast.ts';

/** A stand-in for sonner's toast function: records calls, like the real one answers an id. */
const sonner = Object.assign(
  vi.fn((_title: string, _opts?: unknown) => 'plain-id'),
  { error: vi.fn((_title: string, _opts?: unknown) => 'error-id'), dismiss: vi.fn() },
);
type SonnerToastFn = Awaited<ReturnType<Parameters<typeof createSonnerBackend>[0]>>;

type Shown = Parameters<ToastBackend['show']>[0] & { id: ToastId };

/** A backend that records what would be on screen, and lets a test close a toast. */
function fakeBackend() {
  let next = 0;
  const shown: Shown[] = [];
  const dismissed: (ToastId | undefined)[] = [];
  const backend: ToastBackend = {
    show(t) {
      next += 1;
      shown.push({ ...t, id: next });
      return next;
    },
    dismiss(id) {
      dismissed.push(id);
    },
  };
  const close = (id: ToastId) => shown.find((s) => s.id === id)?.onGone();
  return { backend, shown, dismissed, close };
}

describe('toast helper (product rules "Messages", "Limits")', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('uses 5000 ms by default, 7000 ms for destructive and 8000 ms for important toasts', () => {
    const { backend, shown } = fakeBackend();
    const t = createToastHelper(backend);
    t.show({ title: 'Sponsor created successfully', variant: 'default' });
    t.show({ title: 'Failed to delete sponsor', variant: 'destructive' });
    t.show({ title: 'Heads up', important: true });
    t.show({ title: 'Big failure', variant: 'destructive', important: true });
    t.show({ title: 'Action Complete', variant: 'default', duration: 3000 });
    expect(shown.map((s) => s.duration)).toEqual([5000, 7000, 8000, 8000, 3000]);
    expect(shown.map((s) => s.destructive)).toEqual([false, true, false, true, false]);
  });

  it('ignores a toast with no variant, no important flag and no error id', () => {
    const { backend, shown } = fakeBackend();
    const t = createToastHelper(backend);
    const bare = { title: 'Nobody asked' } as unknown as ToastInput;
    expect(t.show(bare)).toBeNull();
    expect(t.show({ title: 'Has an error id', errorId: 'e1' })).not.toBeNull();
    expect(shown.map((s) => s.title)).toEqual(['Has an error id']);
  });

  it('suppresses the same error id within 5 s and shows it again afterwards', () => {
    const { backend, shown } = fakeBackend();
    const t = createToastHelper(backend);
    const err: ToastInput = { title: 'Error', variant: 'destructive', errorId: 'load-scenes' };
    expect(t.show(err)).not.toBeNull();
    vi.advanceTimersByTime(4999);
    expect(t.show(err)).toBeNull();
    // A different error id is not affected.
    expect(t.show({ ...err, errorId: 'load-sponsors' })).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(t.show(err)).not.toBeNull();
    expect(shown.map((s) => s.title)).toHaveLength(3);
  });

  it('does not extend the suppression window with suppressed repeats', () => {
    const { backend, shown } = fakeBackend();
    const t = createToastHelper(backend);
    const err: ToastInput = { title: 'Error', variant: 'destructive', errorId: 'x' };
    t.show(err);
    vi.advanceTimersByTime(3000);
    expect(t.show(err)).toBeNull();
    vi.advanceTimersByTime(2000);
    expect(t.show(err)).not.toBeNull();
    expect(shown).toHaveLength(2);
  });

  it('forgets seen error ids 30 s after they were shown', () => {
    const { backend } = fakeBackend();
    const t = createToastHelper(backend);
    t.show({ title: 'A', variant: 'destructive', errorId: 'a' });
    vi.advanceTimersByTime(10_000);
    t.show({ title: 'B', variant: 'destructive', errorId: 'b' });
    expect(t.rememberedErrorCount()).toBe(2);
    vi.advanceTimersByTime(20_000);
    expect(t.rememberedErrorCount()).toBe(1);
    vi.advanceTimersByTime(10_000);
    expect(t.rememberedErrorCount()).toBe(0);
  });

  it('keeps at most 5 toasts open by closing the oldest', () => {
    const { backend, dismissed, close } = fakeBackend();
    const t = createToastHelper(backend);
    const ids = [1, 2, 3, 4, 5].map((n) => t.show({ title: `T${n}`, variant: 'default' }));
    expect(dismissed).toEqual([]);
    t.show({ title: 'T6', variant: 'default' });
    expect(dismissed).toEqual([ids[0]]);
    // A toast that closed by itself frees its place: the next one closes nothing.
    close(ids[2]!);
    t.show({ title: 'T7', variant: 'default' });
    expect(dismissed).toEqual([ids[0]]);
    t.show({ title: 'T8', variant: 'default' });
    expect(dismissed).toEqual([ids[0], ids[1]]);
  });

  it('maps to sonner once it has loaded: destructive toasts are errors, ids are ours, closing reports back', async () => {
    let release: () => void = () => {};
    const loaded = new Promise<void>((r) => {
      release = r;
    });
    const backend = createSonnerBackend(() =>
      loaded.then(() => sonner as unknown as SonnerToastFn),
    );
    const onGone = vi.fn();
    const base = { title: 'T', description: 'D', duration: 7000, onGone };
    const errorId = backend.show({ ...base, destructive: true });
    const plainId = backend.show({ ...base, destructive: false });
    backend.dismiss(plainId);
    expect(errorId).not.toBe(plainId);
    expect(sonner.error).not.toHaveBeenCalled();
    release();
    await vi.waitFor(() => expect(sonner.dismiss).toHaveBeenCalled());
    expect(sonner.error).toHaveBeenCalledWith(
      'T',
      expect.objectContaining({ id: errorId, description: 'D', duration: 7000 }),
    );
    expect(sonner).toHaveBeenCalledWith('T', expect.objectContaining({ id: plainId }));
    expect(sonner.dismiss).toHaveBeenCalledWith(plainId);
    const opts = sonner.mock.calls[0]?.[1] as { onAutoClose: () => void; onDismiss: () => void };
    opts.onAutoClose();
    opts.onDismiss();
    expect(onGone).toHaveBeenCalledTimes(2);
  });
});
