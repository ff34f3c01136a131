import { describe, expect, it } from 'vitest';
import { resourceByName } from '../resources/all';
import {
  actionsOf, can, grantsBeyond, grantsSchema, hiddenFields, mayRead, mergeGrants, permissionsOf, scopeOf,
} from './permissions';

const res = (name: string) => resourceByName(name)!;

describe('permissions as data', () => {
  it('lists a resource\'s actions: import only with a natural key, special actions last', () => {
    expect(actionsOf(res('items'))).toEqual(['view', 'create', 'edit', 'delete', 'import', 'export']);
    expect(actionsOf(res('favmenus'))).toEqual(['view', 'create', 'edit', 'delete', 'export']);
    expect(actionsOf(res('devices'))).toEqual(['view', 'create', 'edit', 'delete', 'import', 'export', 'status', 'arrange']);
  });

  it('adds roles up: a union of actions, scoped only when every role granting the resource is', () => {
    const merged = mergeGrants([
      { customers: { actions: ['view'], scope: 'own' }, items: { actions: ['view'] } },
      { customers: { actions: ['edit'], scope: 'own' }, items: { actions: ['export'] } },
      null,
    ]);
    expect(merged).toEqual({ customers: { actions: ['view', 'edit'], scope: 'own' }, items: { actions: ['view', 'export'], scope: 'all' } });
    expect(mergeGrants([{ customers: { actions: ['view'], scope: 'own' } }, { customers: { actions: ['view'] } }]).customers!.scope).toBe('all');
    // A grant without actions grants nothing.
    expect(mergeGrants([{ items: { actions: [] } }])).toEqual({});
  });

  it('lets an administrator do everything and anyone else only what is granted', () => {
    const adminP = permissionsOf(true, { items: { actions: ['view'] } });
    expect(adminP).toEqual({ admin: true, resources: {} });
    expect(can(adminP, 'accounts', 'delete')).toBe(true);
    const p = permissionsOf(false, mergeGrants([{ journals: { actions: ['view'] }, customers: { actions: ['view'], scope: 'own' } }]));
    expect(can(p, 'journals', 'view')).toBe(true);
    expect(can(p, 'journals', 'create')).toBe(false);
    expect(scopeOf(p, res('customers'))).toBe('own');
    expect(scopeOf(p, res('journals'))).toBe('all');
    expect(scopeOf(adminP, res('customers'))).toBe('all');
  });

  it('reads the resources a viewable resource references by their names only; its own, without their sensitive fields', () => {
    const p = permissionsOf(false, { journals: { actions: ['view'] } });
    expect(mayRead(p, res('persons'))).toBe(true);
    expect(mayRead(p, res('wages'))).toBe(false);
    // By reference only: every field but the display name is hidden (issue 29, finding 4).
    expect(hiddenFields(p, res('persons'))).toEqual(Object.keys(res('persons').fields).filter(k => k !== 'name'));
    expect(hiddenFields(permissionsOf(false, { persons: { actions: ['view'] } }), res('persons'))).toEqual(['card_no', 'phone']);
    expect(hiddenFields(permissionsOf(false, { persons: { actions: ['view', 'edit'] } }), res('persons'))).toEqual([]);
    // Not through the owner field of a resource the caller is scoped to: its own favourites open no accounts list.
    expect(mayRead(permissionsOf(false, { favmenus: { actions: ['view'], scope: 'own' } }), res('accounts'))).toBe(false);
    expect(mayRead(permissionsOf(false, { favmenus: { actions: ['view'] } }), res('accounts'))).toBe(true);
  });

  it('tells what one set of grants holds beyond a caller\'s', () => {
    const caller = permissionsOf(false, { items: { actions: ['view', 'edit'] }, customers: { actions: ['view'], scope: 'own' } });
    expect(grantsBeyond({ items: { actions: ['view'] } }, caller)).toEqual([]);
    expect(grantsBeyond({ items: { actions: ['view', 'delete'] }, banks: { actions: ['view'] } }, caller))
      .toEqual(['items.delete', 'banks.view']);
    expect(grantsBeyond({ customers: { actions: ['view'] } }, caller)).toEqual(['customers.scope']);
    expect(grantsBeyond({ customers: { actions: ['view'], scope: 'own' } }, caller)).toEqual([]);
    expect(grantsBeyond({ banks: { actions: ['delete'] } }, permissionsOf(true, {}))).toEqual([]);
  });

  it('validates stored grants: known resources, their own actions, own scope only with an owner', () => {
    const s = grantsSchema();
    expect(s.parse({ items: { actions: ['export', 'view'] }, customers: { actions: ['view'], scope: 'own' }, banks: { actions: [] } }))
      .toEqual({ items: { actions: ['view', 'export'] }, customers: { actions: ['view'], scope: 'own' } });
    for (const bad of [
      { nope: { actions: ['view'] } },
      { favmenus: { actions: ['import'] } },
      { items: { actions: ['status'] } },
      { items: { actions: ['view'], scope: 'own' } },
      { items: { actions: ['view'], extra: 1 } },
      { items: ['view'] },
    ]) expect(s.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    // A key named __proto__ grants nothing and reaches no prototype.
    const poisoned = s.parse(JSON.parse('{"__proto__": {"actions": ["view"]}}'));
    expect(Object.keys(poisoned)).toEqual([]);
    expect(Object.getPrototypeOf(poisoned)).toBe(Object.prototype);
  });
});
