/**
 * The admin screens' modules, by name (web/app/router.tsx's admin children load them through
 * this table, which is part of the admin area's download, not the player's).
 */
export const ADMIN_SCREENS = {
  dashboard: () => import('../routes/admin/dashboard.tsx'),
  scenes: () => import('../routes/admin/scenes.tsx'),
  'scene-new': () => import('../routes/admin/scene-new.tsx'),
  'scene-edit': () => import('../routes/admin/scene-edit.tsx'),
  'random-events': () => import('../routes/admin/random-events.tsx'),
  'font-settings': () => import('../routes/admin/font-settings.tsx'),
  sponsors: () => import('../routes/admin/sponsors.tsx'),
  consultants: () => import('../routes/admin/consultants.tsx'),
  news: () => import('../routes/admin/news.tsx'),
  'homepage-editor': () => import('../routes/admin/homepage-editor.tsx'),
  'seo-settings': () => import('../routes/admin/seo-settings.tsx'),
  advertisements: () => import('../routes/admin/advertisements.tsx'),
  pages: () => import('../routes/admin/pages.tsx'),
  'story-map': () => import('../routes/admin/story-map.tsx'),
  analytics: () => import('../routes/admin/analytics.tsx'),
  'import-export': () => import('../routes/admin/import-export.tsx'),
  history: () => import('../routes/admin/history.tsx'),
};

export type AdminScreen = keyof typeof ADMIN_SCREENS;
