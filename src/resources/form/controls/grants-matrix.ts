import { actionsOf, grantsSchema, type Grants } from '../../../domain/contract/permissions';
import { STANDARD_ACTIONS, type ResourceDef } from '../../../domain/registry/resource';

/**
 * The editing rules of the grants matrix (GrantsMatrix.tsx), apart from React so they are tested alone.
 *
 * - A grant's actions are kept in the order `actionsOf` gives, so a saved role compares equal to the loaded one.
 * - Any action implies `view`: ticking one ticks `view`; unticking `view` clears the resource's row (a role that may
 *   edit what it cannot see has no screen to do it from). Except an action that is itself a read with a screen of its
 *   own (`SEPARATE_READS`): receipts' `balances` shows a salesperson the sums owed without the receipts (decision 256).
 * - A row without actions is removed, so the stored value names only what is granted.
 * - "Own rows only" exists for resources with an owner field; it is kept only while the row grants something.
 */

export type Column = (typeof STANDARD_ACTIONS)[number];
export const COLUMNS: readonly Column[] = STANDARD_ACTIONS;

/** A stored value as the matrix edits it: valid grants, or none when the value is not (hand-edited JSON). */
export function grantsOf(value: unknown): Grants {
  const parsed = grantsSchema().safeParse(value ?? {});
  return parsed.success ? parsed.data : {};
}

function withActions(g: Grants, res: ResourceDef, wanted: ReadonlySet<string>): Grants {
  const out: Grants = { ...g };
  const actions = actionsOf(res).filter(a => wanted.has(a));
  if (actions.length === 0) {
    delete out[res.name];
    return out;
  }
  const own = g[res.name]?.scope === 'own';
  out[res.name] = own ? { actions, scope: 'own' } : { actions };
  return out;
}

/** Actions that read a view of their own, granted without `view` of the rows behind it. */
export const SEPARATE_READS: ReadonlySet<string> = new Set(['balances']);

export function hasAction(g: Grants, res: ResourceDef, action: string): boolean {
  return !!g[res.name]?.actions.includes(action);
}

export function setAction(g: Grants, res: ResourceDef, action: string, on: boolean): Grants {
  if (!actionsOf(res).includes(action)) return g;
  const wanted = new Set(g[res.name]?.actions ?? []);
  if (on) {
    wanted.add(action);
    if (!SEPARATE_READS.has(action)) wanted.add('view');
  } else if (action === 'view') {
    for (const a of [...wanted]) if (!SEPARATE_READS.has(a)) wanted.delete(a);
  } else {
    wanted.delete(action);
  }
  return withActions(g, res, wanted);
}

/** The whole row: every action of the resource, or none. */
export function setRow(g: Grants, res: ResourceDef, on: boolean): Grants {
  return withActions(g, res, new Set(on ? actionsOf(res) : []));
}

export function rowState(g: Grants, res: ResourceDef): 'all' | 'some' | 'none' {
  const n = g[res.name]?.actions.length ?? 0;
  return n === 0 ? 'none' : n === actionsOf(res).length ? 'all' : 'some';
}

export function setOwn(g: Grants, res: ResourceDef, own: boolean): Grants {
  const grant = g[res.name];
  if (!res.owner || !grant) return g;
  return { ...g, [res.name]: own ? { actions: grant.actions, scope: 'own' } : { actions: grant.actions } };
}

/** The special actions of a resource (beyond the standard columns). */
export function specialActions(res: ResourceDef): string[] {
  return actionsOf(res).filter(a => !(COLUMNS as readonly string[]).includes(a));
}
