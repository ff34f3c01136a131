import { RESOURCE_LABELS } from '../../domain/i18n/resource-labels';
import { importFields } from '../../domain/registry/import-cells';
import type { ResourceDef } from '../../domain/registry/resource';
import { LANGS, type Lang } from '../../domain/messages/catalog';

/**
 * Which column of a sheet feeds which field. A header matches a field by the field's label in any of the four
 * languages, or by the field's own name (also `<field>_name`, the key lists use for a reference's name), ignoring
 * case, spaces, a required-marker `*` and a trailing unit in brackets (`重量(kg)`). When two fields of different
 * languages share a label, the UI language wins, then zh, en, es, ja. A field is fed by one column only: the first
 * header that matches it; later ones, and headers that match nothing, are ignored (and shown as such).
 */

/** `null` = the column is not imported. */
export type ColumnMapping = (string | null)[];

export function normalizeHeader(s: string): string {
  return s.normalize('NFKC').toLowerCase().replace(/[\s*:]/g, '');
}

/** The header without a trailing bracketed part: `重量(kg)` → `重量`. */
function withoutUnit(s: string): string {
  return s.replace(/\([^()]*\)$/, '');
}

/** Normalised header → field, strongest match first in the map's insertion (the first one set wins). */
export function headerIndex(res: ResourceDef, lang: Lang): Map<string, string> {
  const index = new Map<string, string>();
  const put = (text: string | undefined, field: string) => {
    if (!text) return;
    const k = normalizeHeader(text);
    if (k && !index.has(k)) index.set(k, field);
  };
  const fields = importFields(res);
  for (const [name, f] of fields) {
    put(name, name);
    if (f.type === 'ref') put(`${name}_name`, name);
    if (f.type === 'refs') put(`${name}_names`, name);
  }
  for (const l of [lang, ...LANGS.filter(x => x !== lang)]) {
    for (const [name] of fields) put(RESOURCE_LABELS[l].resources[res.name]?.fields[name], name);
  }
  return index;
}

export function mapColumns(res: ResourceDef, headers: readonly string[], lang: Lang): ColumnMapping {
  const index = headerIndex(res, lang);
  const used = new Set<string>();
  return headers.map(h => {
    const k = normalizeHeader(h);
    const field = index.get(k) ?? index.get(withoutUnit(k));
    if (!field || used.has(field)) return null;
    used.add(field);
    return field;
  });
}

/**
 * Fields the file cannot feed: the natural key (without it no row can be matched, so nothing can be imported) and
 * the required fields (rows new to the database will be refused without them; existing rows are still updated).
 */
export function missingColumns(res: ResourceDef, mapping: ColumnMapping): { key: string[]; required: string[] } {
  const mapped = new Set(mapping.filter((f): f is string => f !== null));
  // A key made from the row's fingerprint (fees) is never missing: the preview computes it.
  const key = res.fingerprintKey ? [] : (res.naturalKey ?? []).filter(k => !mapped.has(k));
  const required = importFields(res).filter(([n, f]) => f.required && !mapped.has(n) && !key.includes(n)).map(([n]) => n);
  return { key, required };
}
