import type { ColumnFilterValue, GridQuery } from '../domain/contract/grid-query';
import type { Filter, ListQuery, SortKey } from '../domain/contract/list';
import type { ResourceDef } from '../domain/registry/resource';

/**
 * The grid's sort, column filters and keyword as the contract's list parameters (decision 54), for the pages and the
 * export of a list paged by the server, so the server returns the rows the grid would show, in its order.
 *
 * Rules (the same as the grid's own, src/ui/grid/grid-model.ts `matchesFilter`):
 * - A reference column shows and sorts by the referenced row's name: its filter and sort use `<field>_name`.
 * - Text: contains (case-insensitive). Range: between min and max, either open. Pick: one of the values; for a
 *   yes/no column both values filter nothing. Dates: the local days from..to, both included; for a date-time column
 *   from the start of `from` to the last millisecond of `to`, in the browser's time zone.
 * - Columns of lists (references, texts) are filtered and sorted in the browser only: the server compares their
 *   elements, not the shown text, so such a filter is not sent rather than sent with another meaning.
 * - Columns that are not fields (computed ones) are left out the same way.
 */
/** Field types whose column the server filters and sorts as the grid shows it. */
const SERVER_FILTERED: ReadonlySet<string> = new Set(['text', 'int', 'number', 'money', 'bool', 'date', 'datetime', 'enum', 'ref']);

export function listQueryOf<R extends ResourceDef>(def: R, q: GridQuery): ListQuery<R> {
  const filter: Filter[] = [];
  for (const { id, value } of q.filters) {
    const f = def.fields[id];
    if (!f || !SERVER_FILTERED.has(f.type)) continue;
    const field = f.type === 'ref' ? `${id}_name` : id;
    filter.push(...filtersOf(field, f.type, value));
  }
  const sort: string[] = [];
  for (const s of q.sorting) {
    const f = def.fields[s.id];
    const system = s.id === 'id' || s.id === 'created_at' || s.id === 'updated_at';
    if (!system && (!f || !SERVER_FILTERED.has(f.type))) continue;
    const field = f?.type === 'ref' ? `${s.id}_name` : s.id;
    sort.push(s.desc ? `-${field}` : field);
  }
  const out: ListQuery<R> = {};
  if (q.keyword?.trim()) out.keyword = q.keyword.trim();
  if (sort.length) out.sort = sort as SortKey<R>[];
  if (filter.length) out.filter = filter as unknown as Filter<R>[];
  return out;
}

/** The local start of a `YYYY-MM-DD` day, or of a day `plus` days later. */
function localDayStart(day: string, plus = 0): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, (m ?? 1) - 1, (d ?? 1) + plus);
}

function filtersOf(field: string, type: string, v: ColumnFilterValue): Filter[] {
  // The typed Filter<R> is checked by the server's validator; here the field is known to be a declared one.
  const one = (op: Filter['op'], value: unknown) => ({ field, op, value }) as unknown as Filter;
  switch (v.type) {
    case 'text': {
      const s = v.contains.trim();
      return s ? [one('contains', s)] : [];
    }
    case 'range':
      if (v.min === null && v.max === null) return [];
      return [one('between', [v.min, v.max])];
    case 'pick': {
      if (v.values.length === 0) return [];
      if (type === 'bool') {
        const yes = v.values.includes('true');
        const no = v.values.includes('false');
        return yes === no ? [] : [one('eq', yes)];
      }
      return [one('in', [...v.values])];
    }
    case 'dates': {
      if (!v.from && !v.to) return [];
      if (type === 'datetime') {
        const from = v.from ? localDayStart(v.from).toISOString() : null;
        // The next local day's start, less 1 ms: a day of a clock change lasts 23 or 25 hours.
        const to = v.to ? new Date(localDayStart(v.to, 1).getTime() - 1).toISOString() : null;
        return [one('between', [from, to])];
      }
      return [one('between', [v.from || null, v.to || null])];
    }
  }
}
