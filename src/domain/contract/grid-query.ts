/**
 * What a person asked of a list on screen: the grid's sort and column filters and the keyword. A list loaded whole
 * applies it in the browser; a list paged by the server turns it into list parameters (src/data/list-query.ts) for
 * its pages and its export, so both hold the same rows in the same order.
 */

/** The value of one column filter, by the column's kind. Empty parts (`''`, `null`) do not filter. */
export type ColumnFilterValue =
  | { type: 'text'; contains: string }
  | { type: 'range'; min: number | null; max: number | null }
  | { type: 'pick'; values: readonly string[] }
  | { type: 'dates'; from: string | null; to: string | null };

export interface GridQuery {
  /** Sorted columns, most significant first. */
  sorting: readonly { id: string; desc: boolean }[];
  filters: readonly { id: string; value: ColumnFilterValue }[];
  keyword?: string;
}
