import type { AdvertisementsTable } from './advertisements.ts';
import type {
  AnalyticsDaysTable,
  AnalyticsPicksTable,
  AnalyticsPlayerDaysTable,
  AnalyticsReachDaysTable,
  AnalyticsReachTable,
  AnalyticsStateTable,
} from './analytics.ts';
import type { SessionTable, UserTable } from './auth.ts';
import type { ChoiceLogTable } from './choice-log.ts';
import type { ClassesTable, ClassStudentsTable, ClassUndoTable } from './classes.ts';
import type { ConsultantSubmissionsTable } from './consultant-submissions.ts';
import type { FilesTable } from './files.ts';
import type { RevisionsTable, UndoEntriesTable } from './history.ts';
import type { NewsItemsTable } from './news-items.ts';
import type { PagesTable } from './pages.ts';
import type { PlayersTable } from './players.ts';
import type { RandomEventsTable } from './random-events.ts';
import type { ScenarioChoicesTable } from './scenario-choices.ts';
import type { ScenariosTable } from './scenarios.ts';
import type { SettingsTable } from './settings.ts';
import type { SponsorsTable } from './sponsors.ts';

/** Every table Kysely knows about (Better Auth's account/verification are used through Better Auth only). */
export interface Database {
  scenarios: ScenariosTable;
  scenario_choices: ScenarioChoicesTable;
  settings: SettingsTable;
  pages: PagesTable;
  sponsors: SponsorsTable;
  advertisements: AdvertisementsTable;
  random_events: RandomEventsTable;
  news_items: NewsItemsTable;
  consultant_submissions: ConsultantSubmissionsTable;
  players: PlayersTable;
  choice_log: ChoiceLogTable;
  files: FilesTable;
  revisions: RevisionsTable;
  undo_entries: UndoEntriesTable;
  user: UserTable;
  session: SessionTable;
  classes: ClassesTable;
  class_students: ClassStudentsTable;
  class_undo: ClassUndoTable;
  analytics_days: AnalyticsDaysTable;
  analytics_player_days: AnalyticsPlayerDaysTable;
  analytics_reach: AnalyticsReachTable;
  analytics_reach_days: AnalyticsReachDaysTable;
  analytics_picks: AnalyticsPicksTable;
  analytics_state: AnalyticsStateTable;
}
