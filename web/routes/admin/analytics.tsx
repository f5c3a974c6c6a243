import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { AnalyticsQuery, SceneRow } from '../../../core/api/analytics.ts';
import { DataTable } from '../../components/data-table.tsx';
import { SectionCard } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { AdminPage, messageOf } from '../../features/admin-world/components/admin-page.tsx';
import { useAnalyticsOverview } from '../../features/analytics/api.ts';
import { SplitBarChart } from '../../features/analytics/charts.tsx';
import { DateRange } from '../../features/analytics/date-range.tsx';
import { count, countingText, splitText } from '../../features/analytics/format.ts';

/** Scene rows shown at once; a filter narrows big stories. */
const ROWS_SHOWN = 100;
const total = (r: SceneRow) => r.reached.guests + r.reached.players;

/** /admin/analytics: what players do, from the choice log; guests and players apart. */
export function Component() {
  const [range, setRange] = useState<AnalyticsQuery>({});
  const [filter, setFilter] = useState('');
  const data = useAnalyticsOverview(range);
  const a = data.data;
  const rows = useMemo(() => {
    const q = filter.trim().toLowerCase();
    const list = (a?.scenes ?? []).filter(
      (s) => !q || s.title.toLowerCase().includes(q) || s.sceneId.toLowerCase().includes(q),
    );
    return [...list].sort((x, y) => total(y) - total(x) || x.sceneId.localeCompare(y.sceneId));
  }, [a, filter]);

  return (
    <AdminPage title="Analytics">
      <DateRange value={range} onChange={setRange} />
      {data.error ? (
        <p role="alert">Could not load the analytics: {messageOf(data.error)}</p>
      ) : !a ? (
        <p role="status" className="text-xl">
          Loading analytics…
        </p>
      ) : (
        <>
          {a.counting && (
            <p role="status" className="text-muted-foreground" data-testid="counting">
              {countingText(a.counting)} The page updates itself.
            </p>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <SectionCard title="People who played" className="text-2xl" data-testid="people">
              {splitText(a.people)}
            </SectionCard>
            <SectionCard title="Choices made" className="text-2xl" data-testid="choices">
              {count(a.choices.guests)} by guests · {count(a.choices.players)} by players
            </SectionCard>
          </div>

          <SectionCard title="Choices per day">
            {a.perDay.length > 0 ? (
              <SplitBarChart
                data={a.perDay}
                category="day"
                label="Choices per day, guests and players"
              />
            ) : (
              <p className="text-muted-foreground">No choices in this range.</p>
            )}
          </SectionCard>

          <SectionCard title="Endings reached">
            {a.endings.length > 0 ? (
              <SplitBarChart
                data={a.endings.map((e) => ({ ending: e.title, ...e.reached }))}
                category="ending"
                label="Endings reached, guests and players"
              />
            ) : (
              <p className="text-muted-foreground">The story has no ending scenes.</p>
            )}
          </SectionCard>

          <SectionCard title="Scenes" className="flex flex-col gap-3">
            <div className="flex max-w-sm flex-col gap-1">
              <Label htmlFor="scene-filter">Filter scenes</Label>
              <Input
                id="scene-filter"
                value={filter}
                onChange={(e) => setFilter(e.target.value)}
                placeholder="Title or ID"
              />
            </div>
            <div className="overflow-x-auto">
              <DataTable
                rows={rows.slice(0, ROWS_SHOWN)}
                rowKey={(r) => r.sceneId}
                rowTestId={(r) => `scene-row-${r.sceneId}`}
                columns={[
                  {
                    header: 'Scene',
                    cell: (r) => (
                      <>
                        <Link
                          to={`/admin/scenes/${encodeURIComponent(r.sceneId)}`}
                          className="underline-offset-2 hover:underline"
                        >
                          {r.title}
                        </Link>
                        {r.isEnding ? (
                          <span className="text-muted-foreground"> (ending)</span>
                        ) : null}
                        {/* Two scenes may share a title: the ID tells them apart. */}
                        {r.title !== r.sceneId ? (
                          <span className="block text-base text-muted-foreground">{r.sceneId}</span>
                        ) : null}
                      </>
                    ),
                  },
                  ...(['reached', 'stopped'] as const).flatMap((what) =>
                    (['guests', 'players'] as const).map((who) => ({
                      header: `${what === 'reached' ? 'Reached' : 'Stopped'}: ${who}`,
                      end: true,
                      cell: (r: SceneRow) => count(r[what][who]),
                    })),
                  ),
                ]}
              />
            </div>
            {rows.length > ROWS_SHOWN ? (
              <p className="text-muted-foreground">
                Showing the {ROWS_SHOWN} most reached of {rows.length} scenes; filter to find
                others.
              </p>
            ) : null}
          </SectionCard>
        </>
      )}
    </AdminPage>
  );
}
