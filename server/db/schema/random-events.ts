import type { Bool, Timestamp } from './columns.ts';

/** Table random_events: admin-authored events that trigger every N choices. */
export interface RandomEventsTable {
  id: string;
  title: string;
  description: string;
  media_type: string;
  media_url: string | null;
  video_embed_code: string | null;
  frequency: number;
  is_active: Bool;
  budget_change: number;
  knowledge_change: number;
  delusion_change: number;
  revenue_change: number;
  happiness_change: number;
  traffic_change: number;
  seo_ranking_change: number;
  created_at: Timestamp;
}
