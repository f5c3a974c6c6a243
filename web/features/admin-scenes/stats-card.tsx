import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import type { SceneFormValues } from '../../../core/api/admin-scenes-form.ts';
import { ADMIN_DEFAULT_STATS } from '../../../core/game/stats.ts';
import { NEW_STAT_NAME } from '../../../core/game/stats-config.ts';
import { IconButton } from '../../components/icon-button.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { useStatsReferences } from './api/get-stats-references.ts';

/** product rules "Limits" 'Admin reset defaults', as core defines them. */
const ADMIN_DEFAULTS: SceneFormValues['stats'] = ADMIN_DEFAULT_STATS.map((s) => ({
  id: s.id,
  name: s.name,
  value: String(s.defaultValue),
}));

/**
 * 'Player Stats Configuration' (product rules "Screens"): the stats a player has on entering this scene, part of
 * the scene's one form and saved with it (no Save button of its own, so the two can never undo
 * each other). A value that is not a number is refused under its box.
 */
export function StatsCard({ sceneId }: { sceneId: string | null }) {
  const { control, register, formState } = useFormContext<SceneFormValues>();
  const { fields, append, remove, replace } = useFieldArray({
    control,
    name: 'stats',
    // The rows have an `id` of their own (the stat's key).
    keyName: 'rowKey',
  });
  const references = useStatsReferences(sceneId);
  const errors = formState.errors.stats;

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>Player Stats Configuration</CardTitle>
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" variant="outline" onClick={() => replace(ADMIN_DEFAULTS)}>
            Reset to Default
          </Button>
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() =>
              append({ id: `stat-${Date.now().toString(36)}`, name: NEW_STAT_NAME, value: '0' })
            }
          >
            <Plus aria-hidden="true" /> Add Stat
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        {fields.length === 0 ? (
          <p className="text-lg text-muted-foreground">
            No stats configured: players keep the stats they arrive with.
          </p>
        ) : (
          <ul className="grid gap-3" aria-label="Stats on entering this scene">
            {fields.map((f, i) => {
              const err = errors?.[i];
              return (
                <li
                  key={f.rowKey}
                  className="grid grid-cols-[1fr_7rem_auto] items-start gap-2 sm:grid-cols-[8rem_1fr_8rem_auto]"
                >
                  <code className="col-span-3 self-center text-base text-muted-foreground sm:col-span-1">
                    {f.id}
                  </code>
                  <div className="grid gap-1">
                    <Input
                      aria-label={`Name of ${f.id}`}
                      aria-invalid={Boolean(err?.name) || undefined}
                      {...register(`stats.${i}.name`)}
                    />
                    {err?.name && <p className="text-base text-destructive">{err.name.message}</p>}
                  </div>
                  <div className="grid gap-1">
                    <Input
                      aria-label={`Value of ${f.id}`}
                      inputMode="decimal"
                      aria-invalid={Boolean(err?.value) || undefined}
                      aria-describedby={err?.value ? `stat-${i}-error` : undefined}
                      {...register(`stats.${i}.value`)}
                    />
                    {err?.value && (
                      <p id={`stat-${i}-error`} className="text-base text-destructive">
                        {err.value.message}
                      </p>
                    )}
                  </div>
                  <IconButton icon={Trash2} label={`Remove ${f.name}`} onClick={() => remove(i)} />
                </li>
              );
            })}
          </ul>
        )}
        {(references.data?.length ?? 0) > 0 && (
          <details>
            <summary className="cursor-pointer text-lg">Stats of previous scenes</summary>
            <ul className="mt-2 grid gap-2">
              {references.data?.map((ref) => (
                <li key={ref.id} className="flex flex-wrap items-center gap-2">
                  <span className="flex-1 text-base">
                    {ref.title}:{' '}
                    {ref.statsConfig.map((s) => `${s.name} ${s.defaultValue}`).join(', ')}
                  </span>
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    aria-label={`Use the stats of ${ref.title}`}
                    onClick={() =>
                      replace(
                        ref.statsConfig.map((s) => ({
                          id: s.id,
                          name: s.name,
                          value: String(s.defaultValue),
                        })),
                      )
                    }
                  >
                    Use
                  </Button>
                </li>
              ))}
            </ul>
          </details>
        )}
      </CardContent>
    </Card>
  );
}
