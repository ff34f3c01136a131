import { useMemo } from 'react';
import { useStore } from 'zustand';
import { can, hiddenFields } from '../../domain/contract/permissions';
import type { ResourceDef } from '../../domain/registry/resource';
import { sessionStore } from '../../data/session/session-store';

/**
 * What the role may do and see on a resource (decision 52), from the grants that came with the user's info. Comfort,
 * not protection: the server checks every call again. Grants not known (a server before grants existed) hide
 * nothing; the server's refusals then say what is not allowed.
 */
export function useCan(def: ResourceDef, action: string): boolean {
  const permissions = useStore(sessionStore, s => s.permissions);
  return permissions === null || can(permissions, def.name, action);
}

const NONE: readonly string[] = [];

/** The sensitive fields the role may not see: no column, no field. */
export function useHiddenFields(def: ResourceDef): readonly string[] {
  const permissions = useStore(sessionStore, s => s.permissions);
  return useMemo(() => (permissions === null ? NONE : hiddenFields(permissions, def)), [permissions, def]);
}
