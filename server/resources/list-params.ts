import { sql, type SQL } from 'drizzle-orm';
import type { ResourceDef } from '../../src/domain/registry/resource';
import type { Auth } from '../auth/sessions';
import { tableOf } from '../db/tables';
import { str, type Params } from '../lib/params';
import { behaviourOf } from './behaviour-registry';
import type { ExtraListOptions } from './behaviour-types';
import { column } from '../db/columns';

/**
 * List parameters a resource has beyond the generic ones (spec §7). Everything generic (keyword, `field=value`,
 * filter, sort) already works for every resource; only what needs the caller or a rule of the business lives here.
 */
type Extra = (auth: Auth, p: Params, res: ResourceDef) => ExtraListOptions;

const truthy = (v: string | undefined) => v === '1' || v === 'true';

const EXTRAS: Record<string, Extra> = {
  /**
   * customers: `checkselfonly=1` limits the list to the caller's own customers (a salesperson's view); without
   * `nogroup=1` the list comes grouped by category (sorted by category, then name). `saler_id` and `keyword` are
   * generic; `withsalers` is always honoured, as every list carries `saler_id_name`.
   */
  customers: (auth, p, res) => {
    const t = tableOf(res);
    const where: SQL[] = [];
    if (truthy(str(p, 'checkselfonly')) && !auth.isAdmin) {
      where.push(auth.personId == null ? sql`false` : sql`${column(t, 'saler_id')} = ${auth.personId}`);
    }
    return { where, defaultSort: truthy(str(p, 'nogroup')) ? 'name' : 'category_id,name' };
  },
  /** items: `keyword_code` searches the code alone (a scanner's input); `categories_allowed` is a list of ids. */
  items: (_auth, p, res) => {
    const t = tableOf(res);
    const where: SQL[] = [];
    const code = str(p, 'keyword_code')?.trim();
    if (code) where.push(sql`${column(t, 'code')} ilike ${`${code.replace(/[\\%_]/g, m => `\\${m}`)}%`}`);
    const cats = str(p, 'categories_allowed')?.split(',').map(s => s.trim()).filter(s => /^\d{1,9}$/.test(s)).map(Number);
    if (cats && cats.length) where.push(sql`${column(t, 'category_id')} in ${cats}`);
    return { where };
  },
};

/** The generic list's extras of a resource: those above, or its behaviour's (resources/behaviours). */
export function extraListOptions(res: ResourceDef, auth: Auth, p: Params): ExtraListOptions {
  return (EXTRAS[res.name] ?? behaviourOf(res.name)?.list)?.(auth, p, res) ?? {};
}
