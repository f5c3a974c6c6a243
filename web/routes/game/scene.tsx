import { SceneScreen } from '../../features/play/components/scene-screen.tsx';

/** /game/scene/{sceneId} (spec §2): the scene play screen. */
export function Component() {
  return <SceneScreen />;
}
