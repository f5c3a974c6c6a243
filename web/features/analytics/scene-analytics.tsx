import { useState } from 'react';
import type { AnalyticsQuery, StatSummary } from '../../../core/api/analytics.ts';
import { formatStat, STAT_LABELS } from '../../../core/game/stats.ts';
import { DataTable } from '../../components/data-table.tsx';
import { SectionCard } from '../../components/ui/card.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useSceneAnalytics } from './api.ts';
import { RateBarChart } from './charts.tsx';
import { DateRange } from './date-range.tsx';
import { count, countingText, splitText } from './format.ts';

/** The columns of the stats on arrival: heading and figure. */
const STAT_SUMMARY = [
  ['Min', 'min'],
  ['Median', 'median'],
  ['Mean', 'mean'],
  ['Max', 'max'],
] as const;

/** The scene's analytics in its editor: who reached it, who stopped, each option's pick rate, stats on arrival. */
export function SceneAnalytics({ sceneId }: { sceneId: string }) {
  const [range, setRange] = useState<AnalyticsQuery>({});
  const data = useSceneAnalytics(sceneId, range);
  const a = data.data;
  return (
    <SectionCard title="Scene Analytics" className="flex flex-col gap-5">
      <DateRange value={range} onChange={setRange} idPrefix="scene-range" />
      {data.error ? (
        <p role="alert">Could not load the analytics: {errorMessage(data.error)}</p>
      ) : !a ? (
        <p role="status">Loading analytics…</p>
      ) : (
        <>
          {a.counting && (
            <p role="status" className="text-muted-foreground">
              {countingText(a.counting)}
            </p>
          )}
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
              <DataTable
                rows={a.options}
                rowKey={(o) => o.optionId}
                columns={[
                  { header: 'Option', cell: (o) => o.text },
                  { header: 'Guests', end: true, cell: (o) => count(o.picks.guests) },
                  { header: 'Players', end: true, cell: (o) => count(o.picks.players) },
                  { header: 'Pick rate', end: true, cell: (o) => `${(o.rate * 100).toFixed(1)}%` },
                ]}
              />
            </>
          ) : (
            <p className="text-muted-foreground">This scene has no options.</p>
          )}
          <div className="flex flex-col gap-2">
            <h3 className="text-xl">Stats on arrival</h3>
            {a.stats[0]?.count ? (
              <DataTable
                rows={a.stats}
                rowKey={(s) => s.key}
                columns={[
                  { header: 'Stat', cell: (s) => STAT_LABELS[s.key] },
                  ...STAT_SUMMARY.map(([header, pick]) => ({
                    header,
                    end: true,
                    cell: (s: StatSummary) => formatStat(s.key, s[pick]),
                  })),
                ]}
              />
            ) : (
              <p className="text-muted-foreground">No player has arrived here in this range.</p>
            )}
          </div>
        </>
      )}
    </SectionCard>
  );
}
