/**
 * The modules of the screens a choice may paint before its next scene (the random event and the
 * advertisement), each imported once per page: the scene screen asks for them ahead of the
 * click (scene.tsx) and their routes' `lazy` (web/app/router.tsx) is then handed the promise
 * already settled. React Router's navigation to a lazy route awaits that promise; settled, it
 * goes on in the same task, so the click paints the screen at once, as a scene's is painted. A
 * fresh `import()` of a module already loaded settles only in a later task, after a frame.
 */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    if (!loading) {
      loading = load();
      // A chunk that failed to load is asked for again next time (web/lib/chunk-error.ts).
      loading.catch(() => {
        loading = undefined;
      });
    }
    return loading;
  };
}

export const randomEventScreen = once(() => import('./random-event.tsx'));
export const advertisementScreen = once(() => import('./advertisement.tsx'));
