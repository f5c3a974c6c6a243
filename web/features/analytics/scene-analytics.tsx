import { useState } from 'react';
import type { AnalyticsQuery, Split } from '../../../core/api/analytics.ts';
import { formatStat, STAT_LABELS } from '../../../core/game/stats.ts';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useSceneAnalytics } from './api.ts';
import { RateBarChart } from './charts.tsx';
import { DateRange } from './date-range.tsx';

export const splitText = (s: Split) => `${s.guests} guests · ${s.players} players`;

/** The scene's analytics in its editor (issue 8): who reached it, who stopped, each option's pick rate, stats on arrival. */
export function SceneAnalytics({ sceneId }: { sceneId: string }) {
  const [range, setRange] = useState<AnalyticsQuery>({});
  const data = useSceneAnalytics(sceneId, range);
  const a = data.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Scene Analytics</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <DateRange value={range} onChange={setRange} idPrefix="scene-range" />
        {data.error ? (
          <p role="alert">Could not load the analytics: {errorMessage(data.error)}</p>
        ) : !a ? (
          <p role="status">Loading analytics…</p>
        ) : (
          <>
            <dl className="grid gap-2 text-lg sm:grid-cols-2">
              <div>
                <dt className="text-muted-foreground">Reached this scene</dt>
                <dd data-testid="scene-reached">{splitText(a.reached)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Stopped here</dt>
                <dd data-testid="scene-stopped">{splitText(a.stopped)}</dd>
              </div>
            </dl>
            {a.options.length > 0 ? (
              <>
                <RateBarChart
                  label="Pick rate of each option"
                  data={a.options.map((o, i) => ({
                    name: `${i + 1}. ${o.text.length > 18 ? `${o.text.slice(0, 17)}…` : o.text}`,
                    value: Math.round(o.rate * 1000) / 10,
                  }))}
                />
                <Table>
                  <TableHeader>
                    <TableRow>
                      <TableHead>Option</TableHead>
                      <TableHead className="text-right">Guests</TableHead>
                      <TableHead className="text-right">Players</TableHead>
                      <TableHead className="text-right">Pick rate</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {a.options.map((o) => (
                      <TableRow key={o.optionId}>
                        <TableCell>{o.text}</TableCell>
                        <TableCell className="text-right">{o.picks.guests}</TableCell>
                        <TableCell className="text-right">{o.picks.players}</TableCell>
                        <TableCell className="text-right">{(o.rate * 100).toFixed(1)}%</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </>
            ) : (
              <p className="text-muted-foreground">This scene has no options.</p>
            )}
            <div className="flex flex-col gap-2">
              <h3 className="text-xl">Stats on arrival</h3>
              {a.stats[0]?.count ? (
                <Table>
                  <TableHeader>
                    <TableRow>
                      <TableHead>Stat</TableHead>
                      <TableHead className="text-right">Min</TableHead>
                      <TableHead className="text-right">Median</TableHead>
                      <TableHead className="text-right">Mean</TableHead>
                      <TableHead className="text-right">Max</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {a.stats.map((s) => (
                      <TableRow key={s.key}>
                        <TableCell>{STAT_LABELS[s.key]}</TableCell>
                        <TableCell className="text-right">{formatStat(s.key, s.min)}</TableCell>
                        <TableCell className="text-right">{formatStat(s.key, s.median)}</TableCell>
                        <TableCell className="text-right">{formatStat(s.key, s.mean)}</TableCell>
                        <TableCell className="text-right">{formatStat(s.key, s.max)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              ) : (
                <p className="text-muted-foreground">No player has arrived here in this range.</p>
              )}
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
