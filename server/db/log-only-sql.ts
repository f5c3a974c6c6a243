/**
 * Opens raw SQL that writes only the choice log and the analytics' running totals: the PostgreSQL
 * analytics slice, one statement of data-modifying CTEs (repositories/analytics-slice.ts). Such a
 * statement changes no players row, so the memory of players rows is kept through it
 * (player-rows.ts), and no content, so the content cache is too (content-writes.ts). Unmarked,
 * every catch-up (every 5 s while players play) emptied both, and each player's next choice went
 * back to selects of their row and of the content.
 */
export const LOG_AND_TOTALS_ONLY = '/* writes only choice_log and analytics_* */ ';
