import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { type AdminOption, OPTION_MESSAGES } from '../../../core/api/admin-scene-options.ts';
import type { StoryMapResponse } from '../../../core/api/story.ts';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { TextField } from '../../components/text-field.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useSceneMutations } from '../../features/admin-scenes/api/scenes.ts';
import { storyKeys } from '../../features/story-map/api.ts';
import type { MapNode } from '../../features/story-map/graph.ts';
import { toast } from '../../lib/toast.ts';

/** A link drawn on the map: from a scene to a scene, a placeholder or a missing id. */
export interface DrawnLink {
  source: { id: string; title: string };
  target: MapNode;
  /** The scene id (or pending id) the new option leads to. */
  nextSceneId: string;
}

/** The map with an option just added to `source` as one more arrow (the server's kinds). */
function withEdge(map: StoryMapResponse, source: string, option: AdminOption): StoryMapResponse {
  const kind = option.isPending ? 'pending' : option.isBroken ? 'broken' : 'scene';
  const edge = {
    id: option.id,
    source,
    target: option.nextSceneId,
    label: option.text,
    kind,
  } as const;
  return {
    ...map,
    edges: [...map.edges, edge],
    // A scene with a way on is no longer a dead end.
    deadEnds: map.deadEnds.filter((id) => id !== source),
  };
}

/**
 * 'New link': asks for the option's text, then adds the option to the source scene (its other
 * fields can be set in the editor). A link to a placeholder stays a placeholder.
 */
export function NewLinkDialog({ link, onClose }: { link: DrawnLink | null; onClose: () => void }) {
  const qc = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { saveOption: add } = useSceneMutations();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!link) return;
    if (!text.trim()) return setError(OPTION_MESSAGES.textRequired);
    const input = {
      text,
      destinationType: 'scene' as const,
      nextSceneId: link.nextSceneId,
      isPlaceholder: link.target.kind !== 'scene',
    };
    add.mutate(
      { sceneId: link.source.id, input },
      {
        onSuccess: (saved) => {
          // The arrow is drawn at once; the server's whole map (problems, counts) follows.
          qc.setQueryData<StoryMapResponse>(storyKeys.map, (map) =>
            map ? withEdge(map, link.source.id, saved.option) : map,
          );
          void qc.invalidateQueries({ queryKey: storyKeys.map });
          toast({ title: 'Link added', description: text, variant: 'default' });
          setText('');
          setError(null);
          onClose();
        },
        onError: (err) => setError(err instanceof Error ? err.message : String(err)),
      },
    );
  };
  const targetName = link
    ? link.target.kind === 'scene'
      ? link.target.title
      : `${link.nextSceneId} (not yet written)`
    : '';
  return (
    <ModalDialog
      open={link !== null}
      onClose={onClose}
      busy={add.isPending}
      onSubmit={submit}
      title="New link"
      description={`From '${link?.source.title}' to '${targetName}'.`}
      cancelLabel="Cancel"
      actions={
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Adding...' : 'Add Link'}
        </Button>
      }
    >
      <TextField
        id="link-text"
        label="Option Text"
        value={text}
        onChange={setText}
        error={error}
        max={500}
      />
    </ModalDialog>
  );
}
