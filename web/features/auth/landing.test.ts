import { describe, expect, it } from 'vitest';
import {
  ADMIN_LANDING,
  authPathFor,
  landingAfterAuth,
  PLAYER_LANDING,
  safeNext,
} from './landing.ts';

const admin = { role: 'admin', isAnonymous: false } as const;
const player = { role: 'player', isAnonymous: false } as const;

describe('landingAfterAuth', () => {
  it('sends an admin who logs in, or arrives signed in, to the dashboard', () => {
    expect(landingAfterAuth(admin, 'login', null)).toBe(ADMIN_LANDING);
    expect(landingAfterAuth(admin, 'session', null)).toBe(ADMIN_LANDING);
  });
  it("keeps the spec's intro scene for players and for a new registration", () => {
    expect(landingAfterAuth(player, 'login', null)).toBe(PLAYER_LANDING);
    expect(landingAfterAuth(admin, 'register', null)).toBe(PLAYER_LANDING);
    expect(landingAfterAuth(null, 'login', null)).toBe(PLAYER_LANDING);
  });
  it('returns to the page the guard sent them from', () => {
    expect(landingAfterAuth(admin, 'login', '/admin/scenes/intro')).toBe('/admin/scenes/intro');
    expect(landingAfterAuth(admin, 'register', '/admin/story-map')).toBe('/admin/story-map');
    expect(landingAfterAuth(player, 'login', '/game')).toBe('/game');
  });
  it('never sends a non-admin back to an admin page (that would loop through /auth)', () => {
    expect(landingAfterAuth(player, 'login', '/admin/scenes')).toBe(PLAYER_LANDING);
    expect(landingAfterAuth({ role: 'admin', isAnonymous: true }, 'login', '/admin')).toBe(
      PLAYER_LANDING,
    );
  });
});

describe('safeNext', () => {
  it('accepts paths on this site only', () => {
    expect(safeNext('/admin?x=1#y')).toBe('/admin?x=1#y');
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', 'admin', '']) {
      expect(safeNext(bad)).toBeNull();
    }
    expect(safeNext('/auth?next=/admin')).toBeNull();
  });
  it('builds the /auth address that comes back', () => {
    expect(authPathFor('/admin/scenes/a b')).toBe('/auth?next=%2Fadmin%2Fscenes%2Fa%20b');
    expect(authPathFor('//evil.example')).toBe('/auth');
  });
});
