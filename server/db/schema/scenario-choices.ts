import type { JsonText, Timestamp } from './columns.ts';

/** Table scenario_choices: an option of a scene (product rules "Content" 'Option'), including the older *_change columns. */
export interface ScenarioChoicesTable {
  id: string;
  scenario_id: string;
  position: number;
  text: string;
  /** Why the option helped or hurt, said after the choice (migration 016); null: none written. */
  why: string | null;
  next_scenario_id: string | null;
  next_url: string | null;
  stats_changes: JsonText | null;
  required_stats: JsonText | null;
  required_items: JsonText | null;
  special_effects: JsonText | null;
  button_icon: string | null;
  seo_ranking_change: number | null;
  traffic_change: number | null;
  knowledge_change: number | null;
  happiness_change: number | null;
  budget_change: number | null;
  delusion_change: number | null;
  revenue_change: number | null;
  created_at: Timestamp;
}
