import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useSession } from '../../features/auth/api/get-session.ts';
import { sceneQueryOptions } from '../../features/play/api/get-scene.ts';
import { SceneScreen } from '../../features/play/components/scene-screen.tsx';
import { advertisementScreen, randomEventScreen } from './interruption-screens.ts';

/** The screens a choice may paint first, loaded ahead of the click that paints them. */
const INTERRUPTION_SCREENS = { event: randomEventScreen, advertisement: advertisementScreen };

/**
 * /game/scene/{sceneId} (product rules "Screens"): the scene play screen. Admins see its authoring warnings
 * (the route composes the session of the auth feature with the play feature). When the scene
 * names the event or advertisement its choice shows first (or an event maybe), that screen's
 * module is loaded now, so the click (or the answer) paints it at once.
 */
export function Component() {
  const session = useSession();
  const { sceneId = '' } = useParams();
  // The scene screen's own query, read from the cache only.
  const scene = useQuery({ ...sceneQueryOptions(sceneId), enabled: false });
  const kind = scene.data?.scene.nextInterruption?.kind;
  useEffect(() => {
    if (kind === 'event' || kind === 'advertisement') void INTERRUPTION_SCREENS[kind]();
    // 'maybe' is an event or not: the click waits for the answer, then shows it at once.
    if (kind === 'maybe') void INTERRUPTION_SCREENS.event();
  }, [kind]);
  return <SceneScreen isAdmin={session.data?.user?.role === 'admin'} />;
}
