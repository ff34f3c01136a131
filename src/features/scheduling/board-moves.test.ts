import { describe, expect, it } from 'vitest';
import type { BoardDevice, BoardReply, QueueEntry } from '../../domain/contract/scheduling';
import { accepts, cardDndId, dropPlace, endDndId, entryAt, parseDndId, placeOf, planMove, UNSCHEDULED } from './board-moves';

const entry = (id: number, over: Partial<QueueEntry> = {}): QueueEntry => ({
  cardnode_id: id, card_id: id * 10, show_id: `C${id}`, order_show_id: 'SO1', customer_name: '客户', item_id: 1,
  item_name: '纸箱', spec: null, quantity: 100, unit: '个', status: 'waiting', ready: true, due_date: '2026-03-01',
  hours: 2, plan_seq: null, ...over,
});

const device = (id: number, ids: number[], over: Partial<BoardDevice> = {}): BoardDevice => ({
  id, code: `P-${id}`, name: `机台${id}`, status: 'idle', available: true, daily_hours: 8, queue_version: id * 10,
  capacity_hours: 8, load_hours: ids.length * 2, unrated: 0, overloaded: false,
  queue: ids.map(i => entry(i, { plan_seq: ids.indexOf(i) + 1 })), ...over,
});

/** Machine 1 holds 11, 12, 13; machine 2 holds 21; machine 3 is in fault and holds 31; 1 and 2 wait for a machine. */
const board = (): BoardReply => ({
  msg: 'OK', worknode_id: 5, days: 1,
  devices: [device(1, [11, 12, 13]), device(2, [21]), device(3, [31], { status: 'fault', available: false })],
  unscheduled: [entry(1), entry(2, { ready: false })],
  unscheduled_total: 2,
});

const ids = (b: BoardReply, c: number) => b.devices.find(d => d.id === c)!.queue.map(e => e.cardnode_id);

describe('placeOf', () => {
  it('finds a step on a queue or among the unscheduled, and nothing for a step the board does not show', () => {
    expect(placeOf(board(), 12)).toEqual({ container: 1, index: 1 });
    expect(placeOf(board(), 2)).toEqual({ container: UNSCHEDULED, index: 1 });
    expect(placeOf(board(), 99)).toBeNull();
    expect(entryAt(board(), { container: 1, index: 1 })?.cardnode_id).toBe(12);
    expect(entryAt(board(), { container: UNSCHEDULED, index: 0 })?.cardnode_id).toBe(1);
    expect(entryAt(board(), { container: 1, index: 3 })).toBeUndefined();
  });
});

describe('accepts', () => {
  it('a machine in service takes anything; one out of service only reorders its own queue', () => {
    expect(accepts({ id: 1, available: true }, UNSCHEDULED)).toBe(true);
    expect(accepts({ id: 3, available: false }, UNSCHEDULED)).toBe(false);
    expect(accepts({ id: 3, available: false }, 1)).toBe(false);
    expect(accepts({ id: 3, available: false }, 3)).toBe(true);
  });
});

describe('planMove', () => {
  it('a reorder within a queue sends that queue alone at its version', () => {
    const p = planMove(board(), { container: 1, index: 0 }, { container: 1, index: 2 });
    expect(p.kind).toBe('save');
    if (p.kind !== 'save') return;
    expect(p.queues).toEqual([{ device_id: 1, version: 10, cardnode_ids: [12, 13, 11] }]);
    expect(ids(p.board, 1)).toEqual([12, 13, 11]);
  });

  it('puts a waiting step behind the card the machine is running, wherever it was dropped (issue 30)', () => {
    const b = board();
    b.devices[1] = device(2, [21, 22]);
    b.devices[1]!.queue[0] = { ...b.devices[1]!.queue[0]!, status: 'running' };
    const onRunning = planMove(b, { container: UNSCHEDULED, index: 0 }, placeOf(b, 21)!);
    expect(onRunning.kind === 'save' && onRunning.queues).toEqual([{ device_id: 2, version: 20, cardnode_ids: [21, 1, 22] }]);
    const fromOther = planMove(b, { container: 1, index: 0 }, { container: 2, index: 0 });
    expect(fromOther.kind === 'save' && fromOther.queues.find(q => q.device_id === 2)?.cardnode_ids).toEqual([21, 11, 22]);
    // Behind it, the drop's place holds.
    const behind = planMove(b, { container: UNSCHEDULED, index: 0 }, { container: 2, index: 2 });
    expect(behind.kind === 'save' && behind.queues).toEqual([{ device_id: 2, version: 20, cardnode_ids: [21, 22, 1] }]);
  });

  it('moving up a queue puts the step at the target index', () => {
    const p = planMove(board(), { container: 1, index: 2 }, { container: 1, index: 0 });
    expect(p.kind === 'save' && p.queues).toEqual([{ device_id: 1, version: 10, cardnode_ids: [13, 11, 12] }]);
  });

  it('a drop where the step already is changes nothing', () => {
    expect(planMove(board(), { container: 1, index: 1 }, { container: 1, index: 1 })).toEqual({ kind: 'none' });
    // Past the end of its own queue is its last place.
    expect(planMove(board(), { container: 1, index: 2 }, { container: 1, index: 9 })).toEqual({ kind: 'none' });
  });

  it('a move between machines sends both queues, each at its version', () => {
    const p = planMove(board(), { container: 1, index: 1 }, { container: 2, index: 0 });
    expect(p.kind === 'save' && p.queues).toEqual([
      { device_id: 1, version: 10, cardnode_ids: [11, 13] },
      { device_id: 2, version: 20, cardnode_ids: [12, 21] },
    ]);
  });

  it('a drop at the end of another queue appends the step', () => {
    const p = planMove(board(), { container: 1, index: 0 }, { container: 2, index: 1 });
    expect(p.kind === 'save' && p.queues).toContainEqual({ device_id: 2, version: 20, cardnode_ids: [21, 11] });
  });

  it('an unscheduled step put on a machine sends that machine’s queue only', () => {
    const p = planMove(board(), { container: UNSCHEDULED, index: 1 }, { container: 2, index: 1 });
    expect(p.kind).toBe('save');
    if (p.kind !== 'save') return;
    expect(p.queues).toEqual([{ device_id: 2, version: 20, cardnode_ids: [21, 2] }]);
    expect(p.board.unscheduled.map(e => e.cardnode_id)).toEqual([1]);
    expect(p.board.unscheduled_total).toBe(1);
  });

  it('a step moved back to the unscheduled sends its machine’s queue without it, and lists it in the server’s order', () => {
    const p = planMove(board(), { container: 2, index: 0 }, { container: UNSCHEDULED, index: 0 });
    expect(p.kind).toBe('save');
    if (p.kind !== 'save') return;
    expect(p.queues).toEqual([{ device_id: 2, version: 20, cardnode_ids: [] }]);
    // Ready, due 2026-03-01 like step 1 but a later card; step 2 is not at the node yet.
    expect(p.board.unscheduled.map(e => e.cardnode_id)).toEqual([1, 21, 2]);
    expect(p.board.unscheduled_total).toBe(3);
  });

  it('the unscheduled steps keep the server’s order: a drop among them changes nothing', () => {
    expect(planMove(board(), { container: UNSCHEDULED, index: 0 }, { container: UNSCHEDULED, index: 1 })).toEqual({ kind: 'none' });
  });

  it('a machine out of service takes no new step, but reorders and gives up what it holds', () => {
    expect(planMove(board(), { container: UNSCHEDULED, index: 0 }, { container: 3, index: 0 }))
      .toEqual({ kind: 'refused', reason: 'device_unavailable' });
    expect(planMove(board(), { container: 1, index: 0 }, { container: 3, index: 1 }))
      .toEqual({ kind: 'refused', reason: 'device_unavailable' });
    const off = planMove(board(), { container: 3, index: 0 }, { container: 1, index: 3 });
    expect(off.kind === 'save' && off.queues).toEqual([
      { device_id: 1, version: 10, cardnode_ids: [11, 12, 13, 31] },
      { device_id: 3, version: 30, cardnode_ids: [] },
    ]);
  });

  it('recomputes the loads of the board it shows while saving', () => {
    const b = board();
    b.days = 3; // capacity 24 h
    const p = planMove(b, { container: UNSCHEDULED, index: 0 }, { container: 2, index: 0 });
    if (p.kind !== 'save') throw new Error(p.kind);
    expect(p.board.devices[1]).toMatchObject({ load_hours: 4, capacity_hours: 24, overloaded: false, unrated: 0 });
    const q = planMove({ ...b, days: 1, unscheduled: [entry(1, { hours: 7.5 }), entry(2, { hours: null })] },
      { container: UNSCHEDULED, index: 0 }, { container: 2, index: 0 });
    if (q.kind !== 'save') throw new Error(q.kind);
    expect(q.board.devices[1]).toMatchObject({ load_hours: 9.5, capacity_hours: 8, overloaded: true });
    const r = planMove(b, { container: UNSCHEDULED, index: 1 }, { container: 2, index: 0 });
    if (r.kind !== 'save') throw new Error(r.kind);
    expect(r.board.devices[1]).toMatchObject({ load_hours: 4, unrated: 0 });
  });

  it('counts a step without a standard output as unrated', () => {
    const b = { ...board(), unscheduled: [entry(1, { hours: null })] };
    const p = planMove(b, { container: UNSCHEDULED, index: 0 }, { container: 2, index: 0 });
    if (p.kind !== 'save') throw new Error(p.kind);
    expect(p.board.devices[1]).toMatchObject({ load_hours: 2, unrated: 1 });
  });

  it('refuses a place the board does not have', () => {
    expect(planMove(board(), { container: 1, index: 7 }, { container: 2, index: 0 })).toEqual({ kind: 'refused', reason: 'unknown' });
    expect(planMove(board(), { container: 1, index: 0 }, { container: 9, index: 0 })).toEqual({ kind: 'refused', reason: 'unknown' });
  });
});

describe('drop targets', () => {
  it('names cards and container ends, and reads them back', () => {
    expect(parseDndId(cardDndId(12))).toEqual({ kind: 'card', cardnode_id: 12 });
    expect(parseDndId(endDndId(3))).toEqual({ kind: 'end', container: 3 });
    expect(parseDndId(endDndId(UNSCHEDULED))).toEqual({ kind: 'end', container: UNSCHEDULED });
    for (const bad of ['card-unscheduled', 'queue-3', 'card-', 'end-x', 7]) expect(parseDndId(bad), String(bad)).toBeNull();
  });

  it('a card of its own queue: its place; of another queue: before it; an end: after the last card', () => {
    const b = board();
    const from = { container: 1, index: 0 } as const;
    expect(dropPlace(b, from, { kind: 'card', cardnode_id: 13 })).toEqual({ container: 1, index: 2 });
    expect(dropPlace(b, from, { kind: 'card', cardnode_id: 21 })).toEqual({ container: 2, index: 0 });
    expect(dropPlace(b, from, { kind: 'end', container: 2 })).toEqual({ container: 2, index: 1 });
    expect(dropPlace(b, from, { kind: 'end', container: 1 })).toEqual({ container: 1, index: 2 });
    expect(dropPlace(b, from, { kind: 'end', container: UNSCHEDULED })).toEqual({ container: UNSCHEDULED, index: 2 });
    expect(dropPlace(b, from, { kind: 'card', cardnode_id: 99 })).toBeNull();
    expect(dropPlace(b, from, { kind: 'end', container: 9 })).toBeNull();
  });

  it('dropped on its own place or its own queue’s end, a card stays', () => {
    const b = board();
    const from = { container: 1, index: 2 } as const;
    for (const over of [{ kind: 'card', cardnode_id: 13 }, { kind: 'end', container: 1 }] as const) {
      expect(planMove(b, from, dropPlace(b, from, over)!)).toEqual({ kind: 'none' });
    }
  });
});
