import { describe, expect, it } from 'vitest';
import { comingPages, isComing } from '../../domain/menu/coming';
import { flattenMenu } from '../../domain/menu/flatten';
import { ROUTE_TREE } from '../../domain/menu/route-tree';
import { RESOURCES } from '../../domain/resources/all';
import { listPathOf } from '../../domain/menu/resource-paths';
import { SCREENS } from '../routing/screens';
import { routedScreen } from './coming';

/** "Coming" as the shell derives it, over the app's real route tree and table of screens. */
describe('routedScreen', () => {
  const visible = flattenMenu(ROUTE_TREE).filter(i => !i.hidden).map(i => i.path);
  const coming = comingPages(ROUTE_TREE, routedScreen);

  it('answers exactly what the router routes: a page is coming iff MenuRoute would show the pending notice', () => {
    for (const path of visible) expect(isComing(path, routedScreen), path).toBe(SCREENS[path] === undefined);
  });

  it('counts the hand-written screens and every declared resource\'s list as built', () => {
    for (const p of ['/dashboard', '/devices/list_status', '/data/importdata']) expect(coming, p).not.toContain(p);
    const lists = RESOURCES.flatMap(r => (r.place ? [listPathOf(r)] : [])).filter((p): p is string => !!p);
    expect(lists.length).toBeGreaterThan(10);
    expect(lists.filter(p => coming.includes(p))).toEqual([]);
  });

  it('marks the spec pages whose screens later steps build, and the monitoring entries placed without a screen', () => {
    for (const p of ['/tasks/list', '/approvals/list']) {
      expect(visible, p).toContain(p);
      expect(coming, p).toContain(p);
    }
    // The monitoring screens (src/features/reports/monitors.ts) and the finished goods ones are routed.
    for (const p of ['/orders/cards_customers', '/orders/cards_salers', '/orders/cards_find', '/devices/stat', '/items/stat',
      '/reports/production', '/query/orders', '/warehouses/checkin2', '/warehouses/packings', '/pages/pages_in']) {
      expect(visible, p).toContain(p);
      expect(coming, p).not.toContain(p);
    }
    expect(coming.length).toBeLessThan(visible.length);
  });

  it('does not take inherited keys of the table for screens', () => {
    expect(routedScreen('toString')).toBe(false);
    expect(routedScreen('/constructor')).toBe(false);
  });
});
