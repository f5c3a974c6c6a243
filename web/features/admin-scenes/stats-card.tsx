import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { StatDefinitionView, StatsReference } from '../../../core/api/admin-scenes.ts';
import { ADMIN_DEFAULT_STATS } from '../../../core/game/stats.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table.tsx';
import { apiFetch } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { sceneKeys } from './api.ts';

interface Row {
  id: string;
  name: string;
  defaultValue: string;
}

const rowsOf = (config: readonly StatDefinitionView[] | null): Row[] =>
  (config ?? []).map((s) => ({ id: s.id, name: s.name, defaultValue: String(s.defaultValue) }));

/** Spec §9 'Admin reset defaults', as core defines them. */
const ADMIN_DEFAULTS: Row[] = rowsOf(ADMIN_DEFAULT_STATS);

/**
 * 'Player Stats Configuration' (spec §2): the stats a player has on entering this scene. Saved
 * on its own, then read back to verify (spec §4 'Scene save').
 */
export function StatsCard({
  sceneId,
  config,
}: {
  sceneId: string;
  config: readonly StatDefinitionView[] | null;
}) {
  const qc = useQueryClient();
  const [rows, setRows] = useState<Row[]>(() => rowsOf(config));
  const [saving, setSaving] = useState(false);
  useEffect(() => setRows(rowsOf(config)), [config]);
  const references = useQuery({
    queryKey: ['admin', 'scene-stats', 'references', sceneId],
    queryFn: ({ signal }) =>
      apiFetch<{ scenes: StatsReference[] }>(
        `/api/admin/scene-stats/references?exclude=${encodeURIComponent(sceneId)}`,
        { signal },
      ).then((r) => r.scenes),
  });

  const edit = (i: number, patch: Partial<Row>) =>
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  const save = async () => {
    setSaving(true);
    try {
      const body = {
        statsConfig: rows.map((r) => ({
          id: r.id,
          name: r.name,
          defaultValue: Number.isFinite(Number(r.defaultValue)) ? Number(r.defaultValue) : 0,
        })),
      };
      const saved = await apiFetch<{ statsConfig: StatDefinitionView[] | null }>(
        `/api/admin/scenes/${encodeURIComponent(sceneId)}/stats`,
        { method: 'PUT', body },
      );
      if (!saved.statsConfig || saved.statsConfig.length === 0) {
        toast({
          title: 'Stats Save Warning',
          description: 'Stats may not have been saved correctly',
          variant: 'destructive',
        });
      } else {
        toast({ title: 'Stats saved', variant: 'default' });
      }
      void qc.invalidateQueries({ queryKey: sceneKeys.all });
    } catch {
      toast({
        title: 'Stats Save Error',
        description: 'Failed to update player stats configuration',
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>Player Stats Configuration</CardTitle>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => setRows(ADMIN_DEFAULTS)}>
            Reset to Default
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() =>
              setRows((rs) => [
                ...rs,
                { id: `stat-${Date.now().toString(36)}`, name: 'New Stat', defaultValue: '0' },
              ])
            }
          >
            <Plus aria-hidden="true" /> Add Stat
          </Button>
          <Button size="sm" onClick={save} disabled={saving}>
            {saving ? 'Saving...' : 'Save Stats Configuration'}
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        {rows.length === 0 ? (
          <p className="text-lg text-muted-foreground">
            No stats configured: players keep the stats they arrive with.
          </p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>ID</TableHead>
                <TableHead>Name</TableHead>
                <TableHead>Value on entering</TableHead>
                <TableHead />
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((r, i) => (
                <TableRow key={r.id}>
                  <TableCell>
                    <code>{r.id}</code>
                  </TableCell>
                  <TableCell>
                    <Input
                      aria-label={`Name of ${r.id}`}
                      value={r.name}
                      onChange={(e) => edit(i, { name: e.target.value })}
                    />
                  </TableCell>
                  <TableCell>
                    <Input
                      aria-label={`Value of ${r.id}`}
                      inputMode="numeric"
                      value={r.defaultValue}
                      onChange={(e) => edit(i, { defaultValue: e.target.value })}
                    />
                  </TableCell>
                  <TableCell>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Remove ${r.name}`}
                      onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
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
                    size="sm"
                    variant="outline"
                    aria-label={`Use the stats of ${ref.title}`}
                    onClick={() => setRows(rowsOf(ref.statsConfig))}
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
