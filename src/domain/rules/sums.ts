import type { ResourceDef } from '../registry/resource';

/** The fields of a resource whose totals mean something (declared `sum: true`: quantities, weights, amounts). */
export function summableFields(res: ResourceDef): string[] {
  return Object.entries(res.fields)
    .filter(([, f]) => (f.type === 'int' || f.type === 'number' || f.type === 'money') && f.sum === true)
    .map(([k]) => k);
}
