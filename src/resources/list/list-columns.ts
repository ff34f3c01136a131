import type { TFunction } from 'i18next';
import { decimalScale, type Field } from '../../domain/registry/fields';
import type { ResourceDef } from '../../domain/registry/resource';
import type { CellValue, GridColumn, GridKind } from '../../ui/grid/types';

/** A row of a generic list as the API sends it: the fields, the system columns, `<ref>_name`, `<refs>_names`. */
export type ListRow = Record<string, unknown> & { id: number; version: number; canceled?: boolean };

const SCALAR_KINDS: Partial<Record<Field['type'], GridKind>> = {
  text: 'text', password: 'text', int: 'int', number: 'number', money: 'money', bool: 'bool',
  date: 'date', datetime: 'datetime', enum: 'enum',
};

function asCell(v: unknown): CellValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  return JSON.stringify(v);
}

/** Numeric columns arrive as strings from numeric SQL columns (money keeps 4 decimals); the grid sums numbers. */
function asNumber(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
}

/**
 * The grid columns of a resource's list, from its declaration (DESIGN §3): `list` gives the columns and their
 * order; titles are the field labels (`resources.<name>.fields.<field>`); a reference shows the referenced row's
 * name (`<field>_name`), a list of references their names in order; enum values show their labels.
 */
export function listColumns(def: ResourceDef, t: TFunction): GridColumn<ListRow>[] {
  return def.list.map((name): GridColumn<ListRow> => {
    const f = def.fields[name]!;
    const title = t(f.label ?? `resources.${def.name}.fields.${name}`);
    if (f.type === 'ref') return { id: name, title, kind: 'text', value: r => asCell(r[`${name}_name`] ?? r[name]) };
    if (f.type === 'refs') {
      return {
        id: name, title, kind: 'text', value: r => {
          const names = r[`${name}_names`];
          return Array.isArray(names) ? names.join(' → ') : asCell(r[name]);
        },
      };
    }
    if (f.type === 'texts') {
      return { id: name, title, kind: 'text', value: r => (Array.isArray(r[name]) ? (r[name] as unknown[]).join(', ') : asCell(r[name])) };
    }
    const kind = SCALAR_KINDS[f.type] ?? 'text';
    if (kind === 'int' || kind === 'number' || kind === 'money') {
      // Only fields that declare a meaningful total are totalled (quantities, amounts; never prices or orders).
      const sum = (f.type === 'int' || f.type === 'number' || f.type === 'money') && f.sum === true;
      // Each shows the decimals its declaration keeps (a rate's 0.004 is not 0).
      return { id: name, title, kind, total: sum, scale: decimalScale(f) ?? 0, value: r => asNumber(r[name]) };
    }
    if (f.type === 'enum') {
      const options = f.values.map(v => ({ value: v, label: t(`resources.${def.name}.enums.${name}.${v}`, { defaultValue: v }) }));
      return { id: name, title, kind: 'enum', options, value: r => asCell(r[name]) };
    }
    return { id: name, title, kind, value: r => asCell(r[name]) };
  });
}

/**
 * The list's columns for the export (resources/export): the same titles and values, plus the key of each column in
 * the API's rows for the server-side export — a reference is exported as its name, not its id.
 */
export function exportColumnsOf(def: ResourceDef, columns: readonly GridColumn<ListRow>[]) {
  return columns.map(c => {
    const f = def.fields[c.id];
    const field = f?.type === 'ref' ? `${c.id}_name` : f?.type === 'refs' ? `${c.id}_names` : c.id;
    return { title: c.title, value: c.value, field };
  });
}
