import type { toast as SonnerToast } from 'sonner';
import { errorMessage } from './api.ts';

/** At most this many toasts at once (product rules "Messages"/"Limits"); a new one closes the oldest. */
export const TOAST_LIMIT = 5;
/** Display times (product rules "Limits"). */
const TOAST_DURATION_MS = { default: 5000, destructive: 7000, important: 8000 } as const;
/** An error toast with an error id already shown within this window is suppressed (product rules "Limits"). */
const DUPLICATE_ERROR_WINDOW_MS = 5000;
/** A shown error id is forgotten after this long (product rules "Limits"). */
const SEEN_ERROR_TTL_MS = 30_000;
/**
 * 'New Game Started' / 'Game Continued' only confirm what the next screen shows: brief, so they
 * do not cover the header and the first options while the player reads on (the spec's 3 s of
 * 'Action Complete').
 */
export const STATUS_TOAST_MS = 3000;

type ToastVariant = 'default' | 'destructive';
export type ToastId = string | number;

interface ToastFields {
  title: string;
  description?: string;
  /** Overrides the variant's display time (e.g. 'Action Complete' shows for 3 s). */
  duration?: number;
  /** Optional action button, e.g. Retry (product rules "Messages" 'General error helper'). */
  action?: { label: string; onClick: () => void };
}

/**
 * Product rules "Messages": "toasts with no variant, no important flag and no error id are ignored". Read
 * literally that would swallow every plain success toast, so the decision is: a toast must say
 * what it is. Success and info toasts pass `variant: 'default'`, failures `variant:
 * 'destructive'` (shown as errors), and a toast may instead or also carry `important` or an
 * `errorId`. The type below makes a toast with none of the three a compile error; the runtime
 * check keeps the spec's rule for untyped callers.
 */
export type ToastInput = ToastFields &
  (
    | { variant: ToastVariant; important?: boolean; errorId?: string }
    | { variant?: ToastVariant; important: true; errorId?: string }
    | { variant?: ToastVariant; important?: boolean; errorId: string }
  );

/** What the helper needs from a toast library (sonner in the app, a fake in tests). */
export interface ToastBackend {
  show(t: {
    title: string;
    description?: string;
    duration: number;
    destructive: boolean;
    action?: { label: string; onClick: () => void };
    /** Called once the toast is gone (closed by the user or timed out). */
    onGone: () => void;
  }): ToastId;
  /** Closes one toast, or all of them when no id is given. */
  dismiss(id?: ToastId): void;
}

export interface ToastHelper {
  /** Shows a toast; returns its id, or null when the rules ignore or suppress it. */
  show(input: ToastInput): ToastId | null;
  /** Closes one toast, or all toasts when no id is given. */
  dismiss(id?: ToastId): void;
  /** How many error ids are currently remembered for duplicate suppression. */
  rememberedErrorCount(): number;
}

/** The display time for a toast: an explicit duration, else important 8 s, destructive 7 s, 5 s. */
function toastDuration(input: ToastInput): number {
  if (input.duration !== undefined) return input.duration;
  if (input.important) return TOAST_DURATION_MS.important;
  if (input.variant === 'destructive') return TOAST_DURATION_MS.destructive;
  return TOAST_DURATION_MS.default;
}

/** Builds the toast helper (product rules "Messages" 'Toast helper') on top of a toast backend. */
export function createToastHelper(backend: ToastBackend): ToastHelper {
  const open: ToastId[] = [];
  // error id -> when a toast with that id was last shown; suppressed repeats do not extend it.
  const seenErrors = new Map<string, number>();

  const forget = (id: ToastId) => {
    const i = open.indexOf(id);
    if (i >= 0) open.splice(i, 1);
  };

  const rememberError = (errorId: string): boolean => {
    const now = Date.now();
    const last = seenErrors.get(errorId);
    if (last !== undefined && now - last < DUPLICATE_ERROR_WINDOW_MS) return false;
    seenErrors.set(errorId, now);
    setTimeout(() => {
      if (seenErrors.get(errorId) === now) seenErrors.delete(errorId);
    }, SEEN_ERROR_TTL_MS);
    return true;
  };

  return {
    show(input) {
      const loose = input as Partial<ToastInput>;
      if (!loose.variant && !loose.important && !loose.errorId) return null;
      if (input.errorId && !rememberError(input.errorId)) return null;
      while (open.length >= TOAST_LIMIT) {
        const oldest = open.shift();
        if (oldest !== undefined) backend.dismiss(oldest);
      }
      let id: ToastId | undefined;
      let gone = false;
      id = backend.show({
        title: input.title,
        description: input.description,
        duration: toastDuration(input),
        destructive: input.variant === 'destructive',
        action: input.action,
        onGone: () => {
          gone = true;
          if (id !== undefined) forget(id);
        },
      });
      if (!gone) open.push(id);
      return id;
    },
    dismiss(id) {
      if (id === undefined) open.splice(0, open.length);
      else forget(id);
      backend.dismiss(id);
    },
    rememberedErrorCount: () => seenErrors.size,
  };
}

type SonnerToastFn = typeof SonnerToast;

/**
 * A toast backend on sonner, loaded when first needed: `load` gives sonner's toast function once
 * a toaster is on the page. Ids are ours, so a toast can be dismissed before sonner arrived.
 * Destructive toasts are shown as errors.
 */
export function createSonnerBackend(load: () => Promise<SonnerToastFn>): ToastBackend {
  let next = 0;
  return {
    show({ title, description, duration, destructive, action, onGone }) {
      const id = `toast-${++next}`;
      const options = { id, description, duration, action, onDismiss: onGone, onAutoClose: onGone };
      void load().then((t) => (destructive ? t.error(title, options) : t(title, options)));
      return id;
    },
    dismiss: (id) => void load().then((t) => t.dismiss(id)),
  };
}

/*
 * Sonner and its toaster load with the first toast: most pages never show one, so neither is in
 * the first download. The providers mount the toaster once it is wanted; toasts wait for it.
 */
let toasterWanted = false;
const wantedListeners = new Set<() => void>();
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});
let sonnerReady: Promise<SonnerToastFn> | null = null;

/** For useSyncExternalStore: whether the toaster should be on the page. */
export function subscribeToasterWanted(listener: () => void): () => void {
  wantedListeners.add(listener);
  return () => wantedListeners.delete(listener);
}
export const isToasterWanted = (): boolean => toasterWanted;
/** Called by the toaster once it listens: queued toasts are shown from then on. */
export function toasterMounted(): void {
  markMounted();
}

function loadSonner(): Promise<SonnerToastFn> {
  if (!toasterWanted) {
    toasterWanted = true;
    for (const listener of wantedListeners) listener();
  }
  sonnerReady ??= Promise.all([import('sonner'), mounted]).then(([m]) => m.toast);
  return sonnerReady;
}

/** The toast backend of the app. */
const sonnerBackend: ToastBackend = createSonnerBackend(loadSonner);

const appToasts = createToastHelper(sonnerBackend);

/** Shows a toast through the app's one toast helper (see ToastInput for the rules). */
export function toast(input: ToastInput): ToastId | null {
  return appToasts.show(input);
}

/** A failed action: '{title}' with the server's message under it, shown as an error. */
export function failToast(title: string, err?: unknown): void {
  toast({ title, description: err ? errorMessage(err) : undefined, variant: 'destructive' });
}

/** A finished action. */
export function doneToast(title: string, description?: string): void {
  toast({ title, description, variant: 'default' });
}
