import { resourceClient } from '../../data/resource-client';
import { items } from '../../domain/resources/items/items';
import { workflows } from '../../domain/resources/production/workflows';
import type { ItemInfo } from './line-model';
import type { Lookups, Match } from './paste';

/**
 * Finding the items and workflows that pasted texts name, through their resource clients (both are offline
 * resources, so a paste works from the offline copy too).
 *
 * Rule: a text names the row whose code is exactly that text, else the one row whose name is exactly that text;
 * two rows of that name make it ambiguous, none unknown.
 */
export function matcher<T>(rows: readonly T[], codeOf: (r: T) => string | null | undefined, nameOf: (r: T) => string | null | undefined): (text: string) => Match<T> {
  const byCode = new Map<string, T>();
  const byName = new Map<string, T[]>();
  for (const r of rows) {
    const code = codeOf(r);
    if (code) byCode.set(code, r);
    const name = nameOf(r);
    if (name) byName.set(name, [...(byName.get(name) ?? []), r]);
  }
  return text => {
    const code = byCode.get(text);
    if (code !== undefined) return { found: code };
    const named = byName.get(text) ?? [];
    if (named.length === 1) return { found: named[0]! };
    return { missing: named.length > 1 ? 'ambiguous' : 'unknown' };
  };
}

/** Values one `in` filter carries (the contract allows 1,000). */
const CHUNK = 500;

async function itemsNamed(texts: readonly string[], signal?: AbortSignal): Promise<ItemInfo[]> {
  const out: ItemInfo[] = [];
  for (let i = 0; i < texts.length; i += CHUNK) {
    const part = texts.slice(i, i + CHUNK);
    const [byCode, byName] = await Promise.all([
      resourceClient(items).list({ limit: 1000, filter: [{ field: 'code', op: 'in', value: part }] }, { signal }),
      resourceClient(items).list({ limit: 1000, filter: [{ field: 'name', op: 'in', value: part }] }, { signal }),
    ]);
    out.push(...byCode.dt, ...byName.dt);
  }
  return out;
}

/** Looks up the texts of a paste; unknown texts are answers (`missing`), not failures. */
export async function lookupPasted(texts: { items: string[]; workflows: string[] }, signal?: AbortSignal): Promise<Lookups> {
  const [itemRows, workflowRows] = await Promise.all([
    texts.items.length ? itemsNamed(texts.items, signal) : Promise.resolve([]),
    texts.workflows.length ? resourceClient(workflows).list({ limit: -1 }, { signal }).then(r => r.dt) : Promise.resolve([]),
  ]);
  // An item found both by code and by name is one row.
  const unique = [...new Map(itemRows.map(r => [r.id, r])).values()];
  const workflow = matcher(workflowRows, r => r.code, r => r.name);
  return {
    item: matcher(unique, r => r.code, r => r.name),
    workflow: text => {
      const m = workflow(text);
      return 'found' in m ? { found: { id: m.found.id, label: m.found.name } } : m;
    },
  };
}
