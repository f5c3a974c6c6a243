import type { JsonText, Timestamp } from './columns.ts';

/** Table settings: key/value JSON (font_settings, seo_settings, content marker). */
export interface SettingsTable {
  key: string;
  value: JsonText;
  updated_at: Timestamp;
}
