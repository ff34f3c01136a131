import { describe, expect, it } from 'vitest';
import { LANGS } from '../messages/catalog';
import { SYSTEM_COLUMNS } from '../registry/resource';
import { RESOURCES } from '../resources/all';
import { enumLabel, fieldLabel, RESOURCE_LABELS, resourceLabel } from './resource-labels';

/** Every system column named once under `common.fields`. */
const COMMON = [...SYSTEM_COLUMNS, 'canceled'];

/** Every label key the registry asks for, as [key, resource, field?, value?]; the test is generated from these. */
type Key = { key: string; resource: string; field?: string; value?: string };

function expectedKeys(): Key[] {
  const keys: Key[] = COMMON.map(c => ({ key: `common.fields.${c}`, resource: '', field: c }));
  for (const r of RESOURCES) {
    keys.push({ key: `resources.${r.name}.name`, resource: r.name });
    for (const [f, def] of Object.entries(r.fields)) {
      keys.push({ key: `resources.${r.name}.fields.${f}`, resource: r.name, field: f });
      if (def.type === 'enum') {
        for (const v of def.values) {
          keys.push({ key: `resources.${r.name}.enums.${f}.${v}`, resource: r.name, field: f, value: v });
        }
      }
    }
  }
  return keys;
}

function lookup(lang: (typeof LANGS)[number], k: Key): string | undefined {
  const tree = RESOURCE_LABELS[lang];
  if (k.key.startsWith('common.')) return tree.common.fields[k.field ?? ''];
  const r = tree.resources[k.resource];
  if (k.value !== undefined) return r?.enums?.[k.field ?? '']?.[k.value];
  if (k.field !== undefined) return r?.fields[k.field];
  return r?.name;
}

const KEYS = expectedKeys();

describe('resource labels', () => {
  for (const lang of LANGS) {
    describe(lang, () => {
      it('labels every system column, resource, field and enum value', () => {
        const missing = KEYS.filter(k => !lookup(lang, k)?.trim()).map(k => k.key);
        expect(missing).toEqual([]);
      });

      it('has no labels for columns, resources, fields or enum values that do not exist', () => {
        const tree = RESOURCE_LABELS[lang];
        const stale: string[] = [];
        for (const c of Object.keys(tree.common.fields)) if (!COMMON.includes(c)) stale.push(`common.fields.${c}`);
        for (const [name, labels] of Object.entries(tree.resources)) {
          const def = RESOURCES.find(r => r.name === name);
          if (!def) { stale.push(`resources.${name}`); continue; }
          for (const f of Object.keys(labels.fields)) {
            if (!(f in def.fields)) stale.push(`resources.${name}.fields.${f}`);
          }
          for (const [f, values] of Object.entries(labels.enums ?? {})) {
            const field = def.fields[f];
            if (field?.type !== 'enum') { stale.push(`resources.${name}.enums.${f}`); continue; }
            for (const v of Object.keys(values ?? {})) {
              if (!field.values.includes(v)) stale.push(`resources.${name}.enums.${f}.${v}`);
            }
          }
        }
        expect(stale).toEqual([]);
      });

      it('gives the columns of one resource distinct labels (imports match spreadsheet headers by label)', () => {
        const clashes: string[] = [];
        for (const r of RESOURCES) {
          const seen = new Map<string, string>();
          for (const f of [...COMMON, ...Object.keys(r.fields)]) {
            const label = fieldLabel(lang, r.name, f).trim().toLowerCase();
            const other = seen.get(label);
            if (other) clashes.push(`${r.name}: ${other} and ${f} are both "${label}"`);
            seen.set(label, f);
          }
        }
        expect(clashes).toEqual([]);
      });
    });
  }

  for (const lang of LANGS.filter(l => l !== 'zh')) {
    it(`${lang} is translated, not copied from zh (at most 10% identical)`, () => {
      const same = KEYS.filter(k => lookup(lang, k) === lookup('zh', k)).map(k => k.key);
      expect(same.length, same.join(', ')).toBeLessThanOrEqual(Math.floor(KEYS.length * 0.1));
    });
  }

  it('falls back to zh, then to the key itself', () => {
    expect(resourceLabel('en', 'customers')).toBe('Customers');
    expect(resourceLabel('ja', 'no_such_resource')).toBe('no_such_resource');
    expect(fieldLabel('zh', 'customers', 'saler_id')).toBe('业务员');
    expect(fieldLabel('es', 'customers', 'created_at')).toBe(RESOURCE_LABELS.es.common.fields.created_at);
    expect(fieldLabel('en', 'customers', 'no_such_field')).toBe('no_such_field');
    expect(enumLabel('zh', 'devices', 'status', 'running')).toBe('运行中');
    expect(enumLabel('en', 'devices', 'status', 'no_such_value')).toBe('no_such_value');
  });
});
