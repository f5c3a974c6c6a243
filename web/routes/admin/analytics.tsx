import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { AnalyticsQuery, SceneRow } from '../../../core/api/analytics.ts';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table.tsx';
import { AdminPage, messageOf } from '../../features/admin-world/components/admin-page.tsx';
import { useAnalyticsOverview } from '../../features/analytics/api.ts';
import { SplitBarChart } from '../../features/analytics/charts.tsx';
import { DateRange } from '../../features/analytics/date-range.tsx';

/** Scene rows shown at once; a filter narrows big stories. */
const ROWS_SHOWN = 100;
const total = (r: SceneRow) => r.reached.guests + r.reached.players;

/** /admin/analytics (issue 8): what players do, from the choice log; guests and players apart. */
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
          <div className="grid gap-4 sm:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle>People who played</CardTitle>
              </CardHeader>
              <CardContent className="text-2xl" data-testid="people">
                {a.people.guests} guests · {a.people.players} players
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Choices made</CardTitle>
              </CardHeader>
              <CardContent className="text-2xl" data-testid="choices">
                {a.choices.guests} by guests · {a.choices.players} by players
              </CardContent>
            </Card>
          </div>

          <Card>
            <CardHeader>
              <CardTitle>Choices per day</CardTitle>
            </CardHeader>
            <CardContent>
              {a.perDay.length > 0 ? (
                <SplitBarChart
                  data={a.perDay}
                  category="day"
                  label="Choices per day, guests and players"
                />
              ) : (
                <p className="text-muted-foreground">No choices in this range.</p>
              )}
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Endings reached</CardTitle>
            </CardHeader>
            <CardContent>
              {a.endings.length > 0 ? (
                <SplitBarChart
                  data={a.endings.map((e) => ({ ending: e.title, ...e.reached }))}
                  category="ending"
                  label="Endings reached, guests and players"
                />
              ) : (
                <p className="text-muted-foreground">The story has no ending scenes.</p>
              )}
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Scenes</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-3">
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
                <Table>
                  <TableHeader>
                    <TableRow>
                      <TableHead>Scene</TableHead>
                      <TableHead className="text-right">Reached: guests</TableHead>
                      <TableHead className="text-right">Reached: players</TableHead>
                      <TableHead className="text-right">Stopped: guests</TableHead>
                      <TableHead className="text-right">Stopped: players</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {rows.slice(0, ROWS_SHOWN).map((r) => (
                      <TableRow key={r.sceneId} data-testid={`scene-row-${r.sceneId}`}>
                        <TableCell>
                          <Link
                            to={`/admin/scenes/${encodeURIComponent(r.sceneId)}`}
                            className="underline-offset-2 hover:underline"
                          >
                            {r.title}
                          </Link>
                          {r.isEnding ? (
                            <span className="text-muted-foreground"> (ending)</span>
                          ) : null}
                        </TableCell>
                        <TableCell className="text-right">{r.reached.guests}</TableCell>
                        <TableCell className="text-right">{r.reached.players}</TableCell>
                        <TableCell className="text-right">{r.stopped.guests}</TableCell>
                        <TableCell className="text-right">{r.stopped.players}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
              {rows.length > ROWS_SHOWN ? (
                <p className="text-muted-foreground">
                  Showing the {ROWS_SHOWN} most reached of {rows.length} scenes; filter to find
                  others.
                </p>
              ) : null}
            </CardContent>
          </Card>
        </>
      )}
    </AdminPage>
  );
}
