import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../resources/all';
import { flattenMenu, findMenuItem } from './flatten';
import { ROUTE_TREE } from './route-tree';
import { items } from '../resources/items/items';
import { warestatus } from '../resources/warehouse/warestatus';
import { worknodes } from '../resources/production/worknodes';
import { afterCreatePath, createPathOf, editPathOf, idFromPath, listPathOf } from './resource-paths';

const flat = flattenMenu(ROUTE_TREE);

describe('resource screen paths', () => {
  it('derive from the first menu path', () => {
    expect(listPathOf(items)).toBe('/items/list');
    expect(editPathOf(items, 5)).toBe('/items/edit/5');
    expect(createPathOf(worknodes)).toBe('/worknodes/create');
    expect(afterCreatePath(items, 5)).toBe('/items/list');
  });

  it('warestatus has no list: after create it opens the new row', () => {
    expect(listPathOf(warestatus)).toBeUndefined();
    expect(afterCreatePath(warestatus, 9)).toBe('/warestatus/edit/9');
  });

  it('every resource entered by a list or create page has its edit and create pages in the route tree', () => {
    const generic = RESOURCES.filter(r => /\/(list|create)$/.test(r.menu[0] ?? ''));
    const missing = generic.flatMap(r => [editPathOf(r, 1), r.createPage === false ? null : createPathOf(r)]
      .filter(p => p !== null && (!p || !findMenuItem(flat, p))));
    expect(missing).toEqual([]);
  });

  it('a resource whose rows are made elsewhere has an edit page but no create page', () => {
    const made = { ...items, createPage: false as const };
    expect(editPathOf(made, 3)).toBe('/items/edit/3');
    expect(createPathOf(made)).toBeUndefined();
  });

  it('a resource entered by another screen (attendance) has no generic edit or create page', () => {
    const other = { ...items, menu: ['/persons/checkin'] };
    expect(editPathOf(other, 1)).toBeUndefined();
    expect(createPathOf(other)).toBeUndefined();
    expect(afterCreatePath(other, 1)).toBe('/persons/checkin');
  });

  it('reads the id of an edit path', () => {
    expect(idFromPath('/items/edit/12')).toBe('12');
    expect(idFromPath('/items/edit/12/')).toBe('12');
    expect(idFromPath('/items/create')).toBeUndefined();
  });
});
