import { beforeEach, describe, expect, it, vi } from 'vitest';

/** The server's items and cards, as the resource clients would list them (filters `code` / `show_id` eq). */
const ITEMS = [{ id: 7, code: 'P-100', name: '牛卡纸', unit: 'kg' }, { id: 8, code: 'K-1', name: '同号物料', unit: '个' }, { id: 55, code: 'CT-01', name: '纸箱', unit: '个' }];
const CARDS = [{ id: 90, show_id: 'K-1', item_id: 55, quantity: 1200, canceled: false }, { id: 91, show_id: 'K-2', item_id: 55, quantity: 300, canceled: false }];
const asked: string[] = [];

vi.mock('../../data/resource-client', () => ({
  resourceClient: (def: { name: string }) => ({
    list: (q: { filter: { field: string; value: string }[] }) => {
      const f = q.filter[0]!;
      asked.push(`${def.name}.${f.field}=${f.value}`);
      const rows = def.name === 'items' ? ITEMS.filter(i => i.code === f.value) : CARDS.filter(c => c.show_id === f.value);
      return Promise.resolve({ msg: 'OK', dt: rows, total: rows.length });
    },
    detail: (id: number) => Promise.resolve({ row: ITEMS.find(i => i.id === id) }),
  }),
}));

const { resolveCode } = await import('./scan-codes');
const positions = [{ id: 31, code: 'A-01', warehouse_id: 1 }, { id: 32, code: 'P-100', warehouse_id: 2 }];

beforeEach(() => { asked.length = 0; });

describe('what a scanned code names', () => {
  it('is a location of the document\'s warehouses first, without asking the server', async () => {
    expect(await resolveCode(' A-01 ', positions)).toEqual({ kind: 'position', id: 31, code: 'A-01', warehouse_id: 1 });
    expect(asked).toEqual([]);
    // A location code that is also an item code names the location: scanning shelves is the storekeeper's commonest scan.
    expect((await resolveCode('P-100', positions)).kind).toBe('position');
  });

  it('is else an item by its exact code, before a card of the same text', async () => {
    expect(await resolveCode('P-100', [])).toEqual({ kind: 'item', id: 7, code: 'P-100', name: '牛卡纸', unit: 'kg' });
    expect(await resolveCode('K-1', [])).toMatchObject({ kind: 'item', id: 8 });
  });

  it('is else a process card by its number, with its item and quantity', async () => {
    expect(await resolveCode('K-2', [])).toEqual({
      kind: 'card', id: 91, code: 'K-2', quantity: 300, item: { id: 55, code: 'CT-01', name: '纸箱', unit: '个' },
    });
    expect(asked).toEqual(['items.code=K-2', 'cards.show_id=K-2']);
  });

  it('is unknown when nothing has that code', async () => {
    expect(await resolveCode('nothing', positions)).toEqual({ kind: 'unknown', code: 'nothing' });
  });
});
