import type { TFunction } from 'i18next';
import type { Field } from '../../domain/registry/fields';
import type { ResourceDef } from '../../domain/registry/resource';
import { isoToLocal, moneyText } from './form-values';

/**
 * A stored value as a person reads it (read-only fields, history entries): labels for enums and booleans, local
 * time for date-times, names for references when known (else `#id`), money with 2 decimals or more.
 */
export function displayValue(def: ResourceDef, name: string, f: Field | undefined, v: unknown, t: TFunction,
  refNames: Record<number, string> = {}): string {
  if (v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) return t('forms.empty');
  const refName = (id: unknown) => (typeof id === 'number' && refNames[id] !== undefined ? refNames[id] : `#${String(id)}`);
  switch (f?.type) {
    case 'bool': return v === true ? t('forms.yes') : t('forms.no');
    case 'enum': return t(`resources.${def.name}.enums.${name}.${String(v)}`, { defaultValue: String(v) });
    case 'datetime': return typeof v === 'string' ? isoToLocal(v) : String(v);
    case 'money': return typeof v === 'number' ? moneyText(v) : String(v);
    case 'ref': return refName(v);
    case 'refs': return Array.isArray(v) ? v.map(refName).join(', ') : String(v);
    case 'texts': return Array.isArray(v) ? v.join(', ') : String(v);
    case 'password': return '••••••';
    default:
      if (f === undefined && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v)) return isoToLocal(v);
      return typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
}
