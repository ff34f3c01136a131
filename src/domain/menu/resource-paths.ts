import type { ResourceDef } from '../registry/resource';

/**
 * Screen paths of a resource, from its first menu path (its entry screen, DESIGN §3): `/items/list` →
 * `/items/edit/:id`, `/items/create`. A resource whose entry is its create page (warestatus: edit and create only,
 * spec §2) has no list; one whose entry is neither a list nor a create page (attendance, `/persons/checkin`) is a
 * hand-written screen and has no generic edit or create page.
 */
function screenBase(def: ResourceDef): string | undefined {
  if (def.screenBase !== undefined) return def.screenBase;
  const m = /^(.*)\/(list|create)\/?$/.exec(def.menu[0] ?? '');
  return m ? m[1] : undefined;
}

/** The list screen (the entry screen unless that is a create page), or undefined. */
export function listPathOf(def: ResourceDef): string | undefined {
  const first = def.menu[0];
  return first && !/\/create\/?$/.test(first) ? first : undefined;
}

export function editPathOf(def: ResourceDef, id: string | number): string | undefined {
  const base = screenBase(def);
  return base === undefined ? undefined : `${base}/edit/${id}`;
}

export function createPathOf(def: ResourceDef): string | undefined {
  if (def.createPage === false) return undefined;
  const base = screenBase(def);
  return base === undefined ? undefined : `${base}/create`;
}

/** Where a create screen goes after saving: back to the list, or (no list) to the new row's edit page. */
export function afterCreatePath(def: ResourceDef, id: number): string {
  return listPathOf(def) ?? editPathOf(def, id) ?? '/dashboard';
}

/** The id of an edit page's path (`/items/edit/12` → `12`), for routes that do not name the parameter. */
export function idFromPath(pathname: string): string | undefined {
  return /\/edit\/(\d+)\/?$/.exec(pathname)?.[1];
}
