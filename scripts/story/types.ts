import type { ContentScene } from '../../server/content/content-files.ts';

/** A scene of content/scenes.json, as the server's content reader validates it. */
export type StoryScene = ContentScene;

/** One option of a scene. */
export type StoryOption = ContentScene['options'][number];

/** One thing wrong with the story, located as precisely as possible. */
export interface Problem {
  /** e.g. "scene 'd1-robots'" or "scene 'd1-robots' option 'd1-robots--2'". */
  where: string;
  message: string;
}

/** Where a scene-level problem is. */
export const atScene = (scene: { id: string }): string => `scene '${scene.id}'`;

/** Where an option-level problem is. */
export const atOption = (scene: { id: string }, option: { id: string }): string =>
  `scene '${scene.id}' option '${option.id}'`;
