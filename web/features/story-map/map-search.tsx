import { ChevronDown, ChevronUp, Search, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { MapSearchHit } from '../../../core/api/story.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { errorMessage } from '../../lib/api.ts';
import { searchStory } from './api.ts';

const FIELD_NAMES: Record<MapSearchHit['fields'][number], string> = {
  title: 'title',
  id: 'ID',
  description: 'description',
  option: 'option',
};

/**
 * The map's search, above the map so it stays at hand while a scene is open in the side panel:
 * titles, IDs, descriptions and option texts. Every hit is highlighted on the map; Enter (or
 * 'Next match') brings the next one into view.
 */
export function MapSearch({
  onHits,
  focus,
}: {
  /** The scene ids found (empty: search cleared). */
  onHits: (ids: string[]) => void;
  /** Selects a scene and brings it into view. */
  focus: (id: string) => void;
}) {
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<{ q: string; hits: MapSearchHit[]; total: number } | null>(
    null,
  );
  const [at, setAt] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const go = (hits: MapSearchHit[], i: number) => {
    const n = (i + hits.length) % hits.length;
    setAt(n);
    const hit = hits[n];
    if (hit) focus(hit.id);
  };
  const clear = () => {
    setQuery('');
    setFound(null);
    setError(null);
    onHits([]);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    if (!q) return clear();
    // The same words again: the next match.
    if (found && found.q === q && found.hits.length > 0) return go(found.hits, at + 1);
    setBusy(true);
    try {
      const r = await searchStory(q);
      setFound({ q, ...r });
      onHits(r.hits.map((h) => h.id));
      if (r.hits.length === 0) {
        setError(`No scene matches “${q}” in titles, IDs, descriptions or options`);
        return;
      }
      setError(null);
      go(r.hits, 0);
    } catch (err) {
      setError(`Search failed: ${errorMessage(err)}`);
    } finally {
      setBusy(false);
    }
  };

  const hits = found?.hits ?? [];
  const current = hits[at];
  return (
    <search className="flex flex-col gap-1" aria-label="Search the story">
      <form onSubmit={(e) => void submit(e)} className="flex flex-wrap items-end gap-2">
        {/* Label beside the field on wide screens: one line less above the map. */}
        <div className="flex min-w-0 flex-1 flex-col gap-1 lg:flex-row lg:items-center lg:gap-3">
          <Label htmlFor="map-search" className="lg:shrink-0">
            Find a scene
          </Label>
          <Input
            id="map-search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Title, ID, words of a description or option"
            aria-describedby={error ? 'map-search-error' : 'map-search-status'}
            aria-invalid={error ? true : undefined}
          />
        </div>
        <Button type="submit" aria-label="Find" disabled={busy}>
          <Search aria-hidden="true" />
        </Button>
        {hits.length > 1 ? (
          <>
            <Button
              type="button"
              variant="outline"
              aria-label="Previous match"
              onClick={() => go(hits, at - 1)}
            >
              <ChevronUp aria-hidden="true" />
            </Button>
            <Button
              type="button"
              variant="outline"
              aria-label="Next match"
              onClick={() => go(hits, at + 1)}
            >
              <ChevronDown aria-hidden="true" />
            </Button>
          </>
        ) : null}
        {found ? (
          <Button type="button" variant="ghost" aria-label="Clear the search" onClick={clear}>
            <X aria-hidden="true" />
          </Button>
        ) : null}
      </form>
      {error ? (
        <p id="map-search-error" role="alert" className="text-destructive">
          {error}
        </p>
      ) : current ? (
        <p id="map-search-status" role="status" className="truncate text-muted-foreground">
          Match {at + 1} of {found?.total}: {current.title} ({current.id}), in its{' '}
          {current.fields.map((f) => FIELD_NAMES[f]).join(', ')}
          {current.snippet ? ` — ${current.snippet}` : ''}
        </p>
      ) : null}
    </search>
  );
}
