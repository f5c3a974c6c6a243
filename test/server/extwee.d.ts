/**
 * The part of extwee (dev dependency, the outside Twee library of the Twine round-trip tests) the
 * tests use. Its own types are not reachable through its package.json "exports".
 */
declare module 'extwee' {
  export class Passage {
    constructor(name?: string, text?: string, tags?: string[], metadata?: Record<string, unknown>);
    name: string;
    text: string;
    tags: string[];
    metadata: Record<string, unknown>;
  }
  export class Story {
    constructor(name?: string);
    name: string;
    IFID: string;
    start: string;
    format: string;
    formatVersion: string;
    readonly passages: Passage[];
    addPassage(p: Passage): number;
    toTwee(): string;
    toTwine2HTML(): string;
  }
  export function parseTwee(content: string): Story;
  export function parseTwine2HTML(content: string): Story;
}
