import { describe, expect, it } from 'vitest';
import type { OutboxRecord } from '../../data/offline/db';
import { NO_FILTERS, pendingRows, serverFilters, serverRow, type LocalNames } from './taplog-rows';

const fact = (seq: number, args: Record<string, unknown>, at = '2026-03-02T02:00:00.000Z', over: Partial<OutboxRecord> = {}): OutboxRecord => ({
  id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`, seq, name: 'tap', at, v: 1, device: 'K1',
  args: { card: 'C26030200001', worknode_id: 3, person_id: 5, action: 'start', ...args }, ...over,
});
const names: LocalNames = {
  persons: new Map([[5, '张三']]), worknodes: new Map([[3, '印刷']]), devices: new Map([[8, '印刷机 1']]),
  computer: { code: 'K1', name: '印刷车间刷卡机', device_id: 8 },
};

describe('swipe logs: the server\'s filters', () => {
  it('asks for taps only, with nothing else when no filter is set', () => {
    expect(serverFilters(NO_FILTERS)).toEqual([{ field: 'name', op: 'eq', value: 'tap' }]);
  });

  it('turns the local days into the instants of `at`, both days included, and the rest into their filters', () => {
    const f = serverFilters({ range: ['2026-03-01', '2026-03-02'], personId: 5, worknodeId: 3, card: ' c2603 ' });
    const from = new Date(2026, 2, 1).toISOString();
    const to = new Date(new Date(2026, 2, 3).getTime() - 1).toISOString();
    expect(f).toEqual([
      { field: 'name', op: 'eq', value: 'tap' },
      { field: 'at', op: 'between', value: [from, to] },
      { field: 'person_id', op: 'eq', value: 5 },
      { field: 'worknode_id', op: 'eq', value: 3 },
      { field: 'card_show_id', op: 'contains', value: 'c2603' },
    ]);
  });

  it('leaves an open end of the range open', () => {
    const f = serverFilters({ ...NO_FILTERS, range: [null, '2026-03-02'] });
    expect(f[1]).toEqual({ field: 'at', op: 'between', value: [null, new Date(new Date(2026, 2, 3).getTime() - 1).toISOString()] });
  });
});

describe('swipe logs: the swipes queued on this device', () => {
  it('shows them newest first with the names of the copy, this terminal and its machine', () => {
    const rows = pendingRows([fact(1, {}), fact(2, { action: 'finish', good: 9, bad: 1, person_id: 6 })], NO_FILTERS, names);
    expect(rows.map(r => [r.pending, r.action, r.person, r.worknode, r.terminal, r.machine, r.good, r.bad])).toEqual([
      [true, 'finish', '#6', '印刷', '印刷车间刷卡机', '印刷机 1', 9, 1],
      [true, 'start', '张三', '印刷', '印刷车间刷卡机', '印刷机 1', null, null],
    ]);
  });

  it('applies the filters as the server does: days, person, work node, card text', () => {
    const records = [
      fact(1, { card: 'AB-100' }, new Date(2026, 2, 1, 23, 59).toISOString()),
      fact(2, { card: 'ab-200', person_id: 6 }, new Date(2026, 2, 2, 0, 0).toISOString()),
      fact(3, { card: 'XY-300', worknode_id: 4 }, new Date(2026, 2, 3, 0, 0).toISOString()),
      fact(4, { card: 'AB-400' }, new Date(2026, 2, 2, 12, 0).toISOString(), { name: 'inspect' }),
    ];
    const seqs = (f: Parameters<typeof pendingRows>[1]) => pendingRows(records, f, names).map(r => r.key.slice(-1));
    expect(seqs(NO_FILTERS)).toEqual(['3', '2', '1']);
    expect(seqs({ ...NO_FILTERS, range: ['2026-03-02', '2026-03-02'] })).toEqual(['2']);
    expect(seqs({ ...NO_FILTERS, range: [null, '2026-03-01'] })).toEqual(['1']);
    expect(seqs({ ...NO_FILTERS, personId: 5 })).toEqual(['3', '1']);
    expect(seqs({ ...NO_FILTERS, worknodeId: 4 })).toEqual(['3']);
    expect(seqs({ ...NO_FILTERS, card: 'ab-' })).toEqual(['2', '1']);
  });

  it('shows a swipe the server already lists once, as the server\'s', () => {
    const f = fact(1, {});
    expect(pendingRows([f], NO_FILTERS, names, new Set([f.id]))).toEqual([]);
  });

  it('names another terminal\'s queued facts by its code', () => {
    expect(pendingRows([fact(1, {}, undefined, { device: 'K2' })], NO_FILTERS, names)[0]!.terminal).toBe('K2');
  });

  it('reads a server row', () => {
    expect(serverRow({ id: 7, at: '2026-03-02T00:00:00Z', status: 'rejected', reason: 'tap_sequence', computer_id_name: 'K', good: 3 }))
      .toMatchObject({ key: 'server-7', pending: false, status: 'rejected', reason: 'tap_sequence', terminal: 'K', good: 3, bad: null });
  });
});
