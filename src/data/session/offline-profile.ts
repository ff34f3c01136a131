import type { Permissions } from '../../domain/contract/permissions';
import type { MenuNode } from '../../domain/menu/menu-types';

/**
 * What the shell needs to open without the server (DESIGN §6): the user's info and the role's menu as the server
 * last answered them. Rules:
 * - written after every successful first navigation, so it is never older than the last online start;
 * - cleared with the login state (logout, needlogin, token reset), so it never outlives the token it came with;
 * - used only when the server cannot be reached: a server that answers "no" always wins over the copy.
 * It holds nothing the server would not show this user again, and no secret (the token stays in its cookie).
 */
export const OFFLINE_PROFILE_KEY = 'ipos-offline-profile';

export interface OfflineProfile {
  username: string;
  info: { name: string; avatar: string; introduction: string; roles: string[]; permissions?: Permissions | null };
  menu: MenuNode[];
  savedAt: number;
}

export function saveOfflineProfile(p: OfflineProfile): void {
  try {
    localStorage.setItem(OFFLINE_PROFILE_KEY, JSON.stringify(p));
  } catch {
    // A full or disabled storage only costs the offline start; the online session goes on.
  }
}

export function loadOfflineProfile(): OfflineProfile | null {
  const raw = localStorage.getItem(OFFLINE_PROFILE_KEY);
  if (!raw) return null;
  try {
    const p = JSON.parse(raw) as Partial<OfflineProfile>;
    const info = p.info;
    if (!info || typeof info.name !== 'string' || !Array.isArray(info.roles) || !Array.isArray(p.menu)) return null;
    return p as OfflineProfile;
  } catch {
    return null;
  }
}

export function clearOfflineProfile(): void {
  localStorage.removeItem(OFFLINE_PROFILE_KEY);
}
