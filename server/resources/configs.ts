import { inArray } from 'drizzle-orm';
import { resourceByName } from '../../src/domain/resources/all';
import type { Db } from '../db/connection';
import { tableOf } from '../db/tables';
import { column } from '../db/columns';

/** Reads config values by name (the `configs` resource). */
export async function configValues(db: Db, names: string[]): Promise<Map<string, string | null>> {
  const t = tableOf(resourceByName('configs')!);
  const found = await db.select({ name: column(t, 'name'), values: column(t, 'values') }).from(t)
    .where(inArray(column(t, 'name'), names));
  return new Map(found.map(r => [r.name as string, r.values as string | null]));
}

export async function siteName(db: Db): Promise<string> {
  const m = await configValues(db, ['site_name', 'software_name']);
  return m.get('site_name') ?? m.get('software_name') ?? '智能生产操作系统';
}
