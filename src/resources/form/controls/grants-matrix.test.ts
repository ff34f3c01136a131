import { describe, expect, it } from 'vitest';
import { grantsSchema } from '../../../domain/contract/permissions';
import { LANGS } from '../../../domain/messages/catalog';
import { RESOURCES, resourceByName } from '../../../domain/resources/all';
import { forms } from '../../../i18n/forms';
import { grantsOf, rowState, setAction, setOwn, setRow, specialActions } from './grants-matrix';

const customers = resourceByName('customers')!;
const devices = resourceByName('devices')!;
const favmenus = resourceByName('favmenus')!;
const items = resourceByName('items')!;

describe('grants matrix rules', () => {
  it('ticks view with any action, and clears the row when view goes', () => {
    let g = setAction({}, items, 'edit', true);
    expect(g).toEqual({ items: { actions: ['view', 'edit'] } });
    g = setAction(g, items, 'export', true);
    expect(g.items!.actions).toEqual(['view', 'edit', 'export']);
    g = setAction(g, items, 'edit', false);
    expect(g.items!.actions).toEqual(['view', 'export']);
    expect(setAction(g, items, 'view', false)).toEqual({});
  });

  it('offers only the actions a resource has: no import without a natural key, special actions where declared', () => {
    expect(setAction({}, favmenus, 'import', true)).toEqual({});
    expect(specialActions(devices)).toEqual(['status', 'arrange']);
    expect(specialActions(items)).toEqual([]);
    expect(setAction({}, devices, 'status', true)).toEqual({ devices: { actions: ['view', 'status'] } });
  });

  it('grants receipts\' balances alone, without view of the receipts; unticking view keeps it', () => {
    const receipts = resourceByName('receipts')!;
    const g = setAction({}, receipts, 'balances', true);
    expect(g).toEqual({ receipts: { actions: ['balances'] } });
    const both = setAction(setAction(g, receipts, 'allocate', true), receipts, 'view', false);
    expect(both).toEqual({ receipts: { actions: ['balances'] } });
  });

  it('sets a whole row, and tells all, some or none', () => {
    const all = setRow({}, devices, true);
    expect(all.devices!.actions).toEqual(['view', 'create', 'edit', 'delete', 'import', 'export', 'status', 'arrange']);
    expect(rowState(all, devices)).toBe('all');
    expect(rowState(setAction(all, devices, 'status', false), devices)).toBe('some');
    expect(rowState(setRow(all, devices, false), devices)).toBe('none');
  });

  it('limits to own rows only where the resource has an owner, and keeps it while the row grants something', () => {
    let g = setOwn(setAction({}, customers, 'view', true), customers, true);
    expect(g).toEqual({ customers: { actions: ['view'], scope: 'own' } });
    g = setAction(g, customers, 'edit', true);
    expect(g.customers).toEqual({ actions: ['view', 'edit'], scope: 'own' });
    expect(setOwn(setAction({}, items, 'view', true), items, true)).toEqual({ items: { actions: ['view'] } });
    expect(setOwn({}, customers, true)).toEqual({});
  });

  it('produces what the server validator accepts, and reads back what it stored', () => {
    const g = setOwn(setRow(setAction({}, customers, 'edit', true), devices, true), customers, true);
    expect(grantsSchema().parse(g)).toEqual(g);
    expect(grantsOf(g)).toEqual(g);
    // A value the validator refuses (hand-edited JSON) is edited as no grants rather than half-understood.
    expect(grantsOf({ nope: { actions: ['view'] } })).toEqual({});
    expect(grantsOf(null)).toEqual({});
  });

  it('names every special action a resource declares, in every language (no code shown in the role editor)', () => {
    const declared = [...new Set(RESOURCES.flatMap(r => specialActions(r)))].sort();
    for (const lang of LANGS) {
      const named = Object.keys((forms[lang] as { grants_special_actions: Record<string, string> }).grants_special_actions);
      expect(declared.filter(a => !named.includes(a)), lang).toEqual([]);
    }
  });
});
