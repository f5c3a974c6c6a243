import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import type { SceneFormValues } from '../../../core/api/admin-scenes-form.ts';
import { ADMIN_DEFAULT_STATS, isStatKey, STAT_LABELS } from '../../../core/game/stats.ts';
import { STAT_KEYS, type StatKey } from '../../../core/game/stats.types.ts';
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
 *
 * Honest about what plays: each stat shows the name players see (Budget, Revenue...), and only
 * the game's seven stats can be set or added back. Stats cannot be renamed and no new kind of
 * stat can be invented here, because the game would ignore both (core/game/stats-config.ts);
 * a stat of another id (an old save or an import) is marked 'not used in play'.
 */
export function StatsCard({ sceneId }: { sceneId: string | null }) {
  const { control, register, formState, watch } = useFormContext<SceneFormValues>();
  const { fields, append, remove, replace } = useFieldArray({
    control,
    name: 'stats',
    // The rows have an `id` of their own (the stat's key).
    keyName: 'rowKey',
  });
  const references = useStatsReferences(sceneId);
  const errors = formState.errors.stats;
  const present = new Set((watch('stats') ?? []).map((r) => r.id));
  const missing = STAT_KEYS.filter((k) => !present.has(k));
  const [toAdd, setToAdd] = useState<StatKey | ''>('');
  const adding = toAdd && missing.includes(toAdd) ? toAdd : (missing[0] ?? '');

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>Player Stats Configuration</CardTitle>
        <Button type="button" size="sm" variant="outline" onClick={() => replace(ADMIN_DEFAULTS)}>
          Reset to Default
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4">
        {fields.length === 0 ? (
          <p className="text-lg text-muted-foreground">
            No stats configured: players keep the stats they arrive with.
          </p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2" aria-label="Stats on entering this scene">
            {fields.map((f, i) => {
              const err = errors?.[i];
              const plays = isStatKey(f.id);
              const label = plays ? STAT_LABELS[f.id as StatKey] : f.name;
              const inputId = `stat-value-${f.id}`;
              return (
                <li key={f.rowKey} className="grid grid-cols-[1fr_7rem_auto] items-start gap-2">
                  <label htmlFor={inputId} className="self-center text-lg">
                    {label}
                    {!plays && (
                      <span className="block text-base text-muted-foreground">
                        not used in play
                      </span>
                    )}
                  </label>
                  <div className="grid gap-1">
                    <Input
                      id={inputId}
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
                  <IconButton icon={Trash2} label={`Remove ${label}`} onClick={() => remove(i)} />
                </li>
              );
            })}
          </ul>
        )}
        {missing.length > 0 && (
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor="stat-to-add" className="text-base text-muted-foreground">
              Also set on entering
            </label>
            <select
              id="stat-to-add"
              className="h-9 rounded-md border border-input bg-background px-2 text-base"
              value={adding}
              onChange={(e) => setToAdd(e.target.value as StatKey)}
            >
              {missing.map((k) => (
                <option key={k} value={k}>
                  {STAT_LABELS[k]}
                </option>
              ))}
            </select>
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => {
                if (!adding) return;
                const value = ADMIN_DEFAULTS.find((d) => d.id === adding)?.value ?? '0';
                append({ id: adding, name: STAT_LABELS[adding], value });
                setToAdd('');
              }}
            >
              <Plus aria-hidden="true" /> Add stat
            </Button>
          </div>
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
