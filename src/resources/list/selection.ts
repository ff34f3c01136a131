import type { RowKey } from '../../ui/grid/types';

/**
 * The selection among the rows shown: `picked` without the ids of rows not in `rows` (dropped by a reload, hidden
 * by a filter), so the count and the actions never name a row the user cannot see. The same set when none is
 * missing, so the grid does not re-render for nothing.
 */
export function selectionIn(picked: ReadonlySet<RowKey>, rows: readonly { id: RowKey }[]): ReadonlySet<RowKey> {
  if (picked.size === 0) return picked;
  const ids = new Set<RowKey>(rows.map(r => r.id));
  for (const id of picked) if (!ids.has(id)) return new Set([...picked].filter(k => ids.has(k)));
  return picked;
}
