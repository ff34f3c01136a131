import type { ResourceDef } from '../../../domain/registry/resource';

/** The route of a row's change history on its own page (spec §2); a hidden menu page every role with /dashboard holds. */
export const HISTORY_PAGE = '/history/list/:table_name/:kid';

/** The history page of one row: the table is the resource's name, as `/history/list/?table_name=` takes it. */
export function historyPathOf(def: ResourceDef, id: string | number): string {
  return `/history/list/${encodeURIComponent(def.name)}/${encodeURIComponent(String(id))}`;
}
