/**
 * The teacher's screens (class mode, docs/class-mode.md), by name: web/app/router.tsx loads them
 * through this table, so the class page and its charts are a download of their own that players
 * never fetch.
 */
export const TEACH_SCREENS = {
  classes: () => import('../routes/teach/classes.tsx'),
  class: () => import('../routes/teach/class-page.tsx'),
  present: () => import('../routes/teach/present.tsx'),
};

export type TeachScreen = keyof typeof TEACH_SCREENS;
