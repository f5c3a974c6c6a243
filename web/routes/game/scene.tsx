import { useSession } from '../../features/auth/api/get-session.ts';
import { SceneScreen } from '../../features/play/components/scene-screen.tsx';

/**
 * /game/scene/{sceneId} (product rules "Screens"): the scene play screen. Admins see its authoring warnings
 * (the route composes the session of the auth feature with the play feature).
 */
export function Component() {
  const session = useSession();
  return <SceneScreen isAdmin={session.data?.user?.role === 'admin'} />;
}
