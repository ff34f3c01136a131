import { describe, expect, it, vi } from 'vitest';
import { emptyLine, type DocLine } from './doc-lines';

/** The server as the resource clients see it: documents and lines saved in order; the line of item 99 refused. */
const calls: string[] = [];
let nextId = 100;
vi.mock('../../data/resource-client', () => ({
  newRequestId: () => 'key',
  resourceClient: (def: { name: string }) => ({
    save: (values: Record<string, unknown>, target?: { id: number; version: number }) => {
      calls.push(`${def.name}.save ${target ? `#${target.id}@${target.version}` : 'new'} item=${String(values.item_id ?? '')}`);
      if (values.item_id === 99) return Promise.reject(new Error('stock_line_quantity'));
      const id = target?.id ?? nextId++;
      return Promise.resolve({ msg: 'OK', id, version: (target?.version ?? 0) + 1, dt: { id, version: (target?.version ?? 0) + 1 } });
    },
    remove: (target: { id: number }) => { calls.push(`${def.name}.remove #${target.id}`); return Promise.resolve(); },
    detail: (id: number) => Promise.resolve({ row: { id, version: 5, status: 'draft', show_id: 'ST-1' } }),
    list: () => Promise.resolve({ msg: 'OK', dt: [], total: 0 }),
  }),
}));
vi.mock('../../data/endpoint-call', () => ({ callEndpoint: vi.fn() }));

const { PartialSave, saveDoc } = await import('./doc-io');
const line = (key: string, over: Partial<DocLine>): DocLine => ({ ...emptyLine(key), ...over });

describe('saving a draft', () => {
  it('writes the header, then new and changed lines and cancels removed ones, leaving unchanged and blank lines alone', async () => {
    calls.length = 0;
    const kept = line('id:7', { id: 7, version: 2, item_id: 1, quantity: 3 });
    const changed = line('id:8', { id: 8, version: 4, item_id: 2, quantity: 5 });
    const removed = line('id:9', { id: 9, version: 1, item_id: 3, quantity: 1 });
    await saveDoc({
      kind: 'in', head: { warehouse_id: 1 }, doc: { id: 50, version: 3 } as never, positions: [], createKey: 'k',
      saved: [kept, changed, removed],
      lines: [kept, { ...changed, quantity: 6 }, line('new:1', { item_id: 4, quantity: 2 }), line('new:2', {})],
    });
    expect(calls).toEqual(['stockdocs.save #50@3 item=', 'stocklines.save #8@4 item=2', 'stocklines.save new item=4', 'stocklines.remove #9']);
  });

  it('says what it wrote when a line is refused, so nothing is written twice by the next save', async () => {
    calls.length = 0;
    const first = line('new:1', { item_id: 4, quantity: 2 });
    const refused = line('new:2', { item_id: 99, quantity: 1 });
    const err = await saveDoc({ kind: 'in', head: { warehouse_id: 1 }, doc: null, positions: [], createKey: 'k', saved: [], lines: [first, refused] })
      .then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(PartialSave);
    const partial = err as InstanceType<typeof PartialSave>;
    expect((partial.reason as Error).message).toBe('stock_line_quantity');
    expect(partial.doc).toMatchObject({ show_id: 'ST-1', version: 5 });
    expect([...partial.written.keys()]).toEqual(['new:1']);
    expect(partial.written.get('new:1')).toMatchObject({ id: expect.any(Number), version: 1, item_id: 4 });
    expect(partial.written.has('new:2')).toBe(false);
  });
});
