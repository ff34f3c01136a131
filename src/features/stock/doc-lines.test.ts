import { describe, expect, it } from 'vitest';
import {
  emptyLine, initialLines, isBlank, lineChanged, lineProblem, linesReducer, lineValues, type DocLine, type LinesAction, type LinesState, type Resolved,
} from './doc-lines';
import { docRouteOf } from './doc-routes';

const reel: Resolved = { kind: 'item', id: 7, code: 'P-100', name: '牛卡纸 100g', unit: 'kg' };
const ink: Resolved = { kind: 'item', id: 8, code: 'INK-R', name: '红色油墨', unit: 'kg' };
const shelfA: Resolved = { kind: 'position', id: 31, code: 'A-01', warehouse_id: 1 };
const shelfB: Resolved = { kind: 'position', id: 32, code: 'B-02', warehouse_id: 1 };
const card: Resolved = { kind: 'card', id: 90, code: 'K2026-0007', quantity: 1200, item: { id: 55, code: 'CT-01', name: '五层纸箱', unit: '个' } };

const run = (actions: LinesAction[], s: LinesState = initialLines([emptyLine('new:0')])) => actions.reduce(linesReducer, s);
const scan = (resolved: Resolved, kind: 'in' | 'out' | 'move' | 'in_temp' | 'transfer' = 'in'): LinesAction => ({ type: 'scan', kind, resolved });
const entered = (s: LinesState) => s.lines.filter(l => !isBlank(l));

describe('scanning into a document', () => {
  it('adds a line of 1 for a scanned item, and one more for each repeat', () => {
    const s = run([scan(reel), scan(reel), scan(reel)]);
    expect(entered(s)).toHaveLength(1);
    expect(entered(s)[0]).toMatchObject({ item_id: 7, item_code: 'P-100', item_name: '牛卡纸 100g', unit: 'kg', quantity: 3 });
    // The blank line the screen opened with is the one filled: no empty line is left above it.
    expect(s.lines).toHaveLength(1);
    expect(s.active).toBe(s.lines[0]!.key);
  });

  it('puts scanned items at the last scanned location, a new line per location', () => {
    const s = run([scan(shelfA), scan(reel), scan(reel), scan(shelfB), scan(reel), scan(ink)]);
    expect(entered(s).map(l => [l.item_code, l.position_code, l.quantity])).toEqual([
      ['P-100', 'A-01', 2], ['P-100', 'B-02', 1], ['INK-R', 'B-02', 1],
    ]);
  });

  it('fills the location of the line in hand when it has none', () => {
    const s = run([scan(reel), scan(shelfA)]);
    expect(entered(s)[0]).toMatchObject({ position_id: 31, position_code: 'A-01' });
    expect(s.place).toEqual({ id: 31, code: 'A-01' });
  });

  it('gives a move\'s line its destination when its location is set', () => {
    const s = run([scan(shelfA, 'move'), scan(reel, 'move'), scan(shelfB, 'move')]);
    expect(entered(s)[0]).toMatchObject({ position_id: 31, to_position_id: 32, to_position_code: 'B-02', quantity: 1 });
    // Goods keep coming from A-01: the next item scanned is another line from there.
    expect(run([scan(reel, 'move')], s).lines[0]!.quantity).toBe(2);
  });

  it('fills the lot and card of the line in hand with a scanned card of its item', () => {
    const box: Resolved = { kind: 'item', id: 55, code: 'CT-01', name: '五层纸箱', unit: '个' };
    const s = run([scan(box, 'out'), scan(card, 'out')]);
    expect(entered(s)).toHaveLength(1);
    expect(entered(s)[0]).toMatchObject({ item_id: 55, card_id: 90, card_code: 'K2026-0007', lot: 'K2026-0007', quantity: 1 });
  });

  it('adds a card\'s lot as a line of its item when the line in hand is another\'s, the whole card for semi-finished in', () => {
    const s = run([scan(card, 'in_temp')]);
    expect(entered(s)[0]).toMatchObject({ item_id: 55, item_code: 'CT-01', card_id: 90, lot: 'K2026-0007', quantity: 1200 });
    // The same card again is the same lot.
    expect(entered(run([scan(card, 'in_temp')], s))).toHaveLength(1);
    // A reel's line is never made a lot of a card of cartons: the card is a line of its own.
    const other = run([scan(ink, 'transfer'), scan(card, 'transfer')]);
    expect(entered(other).map(l => [l.item_id, l.card_id])).toEqual([[8, null], [55, 90]]);
    const lotted = run([scan(ink, 'transfer'), { type: 'edit', key: 'new:0', patch: { lot: 'B-7' } }, scan(card, 'transfer')]);
    expect(entered(lotted).map(l => [l.item_id, l.lot, l.quantity])).toEqual([[8, 'B-7', 1], [55, 'K2026-0007', 1]]);
  });

  it('leaves the lines as they were for an unknown code', () => {
    const s = run([scan(reel)]);
    expect(run([scan({ kind: 'unknown', code: 'zzz' })], s)).toEqual(s);
  });
});

describe('keyboard entry', () => {
  it('clears what a code named when the code is typed over, until it is resolved again', () => {
    const s = run([scan(reel), { type: 'edit', key: 'new:0', patch: { item_code: 'P-1' } }]);
    expect(s.lines[0]).toMatchObject({ item_code: 'P-1', item_id: null, item_name: '', unit: null });
    expect(lineProblem(s.lines[0]!, 'in')).toBe('line_item_unknown');
    const back = run([{ type: 'edit', key: 'new:0', patch: { item_code: 'P-100', item_id: 7, item_name: 'x', unit: 'kg' } }], s);
    expect(lineProblem(back.lines[0]!, 'in')).toBeNull();
    const pos = run([{ type: 'edit', key: 'new:0', patch: { position_code: 'A-0' } }], back);
    expect(lineProblem(pos.lines[0]!, 'in')).toBe('line_position_unknown');
  });

  it('adds a new line only below an entered one', () => {
    const s = run([{ type: 'add' }, { type: 'add' }]);
    expect(s.lines).toHaveLength(1);
    const t = run([scan(reel), { type: 'add' }, { type: 'add' }]);
    expect(t.lines).toHaveLength(2);
    expect(t.active).toBe(t.lines[1]!.key);
    expect(run([{ type: 'remove', key: t.lines[1]!.key }], t).active).toBe(t.lines[0]!.key);
  });

  it('holds a line to its kind before saving', () => {
    const l: DocLine = { ...emptyLine('k'), item_id: 7, item_code: 'P-100', quantity: 0 };
    expect(lineProblem(l, 'in')).toBe('line_quantity');
    expect(lineProblem({ ...l, quantity: 2 }, 'in')).toBeNull();
    expect(lineProblem({ ...l, quantity: 2 }, 'in_temp')).toBe('line_card_needed');
    expect(lineProblem(emptyLine('b'), 'in')).toBeNull();
  });

  it('sends what the kind keeps, and tells a changed line from an unchanged one', () => {
    const l: DocLine = { ...emptyLine('k'), id: 4, version: 2, item_id: 7, quantity: 3, position_id: 31, to_position_id: 32, unit_cost: 1.5 };
    expect(lineValues(l, 'in')).toEqual({ item_id: 7, quantity: 3, position_id: 31, status_id: null, lot: '', card_id: null, unit_cost: 1.5 });
    expect(lineValues(l, 'move')).toEqual({ item_id: 7, quantity: 3, position_id: 31, status_id: null, lot: '', card_id: null, to_position_id: 32 });
    expect(lineChanged({ ...l, item_name: 'another name' }, l, 'in')).toBe(false);
    expect(lineChanged({ ...l, quantity: 4 }, l, 'in')).toBe(true);
  });

  it('puts a proposal in place of the blank lines, keeping those entered', () => {
    const s = run([scan(ink), { type: 'add' }, { type: 'propose', lines: [
      { ...emptyLine('x'), item_id: 7, item_code: 'P-100', quantity: 12.5 }, { ...emptyLine('y'), item_id: 9, item_code: 'GLUE', quantity: 3 },
    ].map(({ key: _k, ...rest }) => rest) }]);
    expect(s.lines.map(l => [l.item_id, l.quantity])).toEqual([[8, 1], [7, 12.5], [9, 3]]);
    expect(new Set(s.lines.map(l => l.key)).size).toBe(3);
  });
});

describe('the routes', () => {
  it('fix the kind of each document screen', () => {
    expect(docRouteOf('/warehouses/in')?.kind).toBe('in');
    expect(docRouteOf('/warehouses/out/')?.propose).toBe('formula');
    expect(docRouteOf('/warehouses/in_temp')?.columns[0]).toBe('card');
    expect(docRouteOf('/shifts/card')).toMatchObject({ kind: 'transfer', propose: 'card_stock' });
    expect(docRouteOf('/shifts/edit/12')?.kind).toBe('transfer');
    expect(docRouteOf('/shifts/detail')).toBeUndefined();
    expect(docRouteOf('/warehouses/count')).toBeUndefined();
  });
});
