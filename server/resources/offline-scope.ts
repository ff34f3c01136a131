import { sql, type SQL } from 'drizzle-orm';
import type { ResourceDef } from '../../src/domain/registry/resource';
import { tableOf } from '../db/tables';
import { column } from '../db/columns';

/**
 * The rows of a resource an offline copy holds (`offlineScope` of the declaration): every condition must hold. Null
 * when the whole table is in scope.
 */
export function offlineScopeCondition(res: ResourceDef): SQL | null {
  if (!res.offlineScope?.length) return null;
  const t = tableOf(res);
  return sql.join(res.offlineScope.map(c => {
    const col = column(t, c.field);
    if (c.op === 'in') return sql`${col} = any(${sql.param([...(c.value as readonly (string | number)[])])})`;
    if (c.value === null) return c.op === 'eq' ? sql`${col} is null` : sql`${col} is not null`;
    return c.op === 'eq' ? sql`${col} = ${c.value}` : sql`${col} is distinct from ${c.value}`;
  }), sql` and `);
}
