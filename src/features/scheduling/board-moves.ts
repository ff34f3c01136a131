import type { BoardDevice, BoardReply, QueueEntry } from '../../domain/contract/scheduling';
import { queueLoad } from '../../domain/rules/scheduling';

/**
 * What a drop on the scheduling board asks the server (docs/scheduling.md), pure so it is tested without a DOM.
 *
 * A place on the board is a container — a machine's queue, or the steps on no queue — and an index in it. A save
 * sends each changed machine's whole new queue at the version the board showed, so:
 * - a reorder within a queue sends that queue;
 * - a move between two machines sends both (the server moves a step off a machine only when that machine is saved too);
 * - a move back to the unscheduled steps sends the source queue without the step;
 * - a machine out of service takes no step it does not already hold (the server refuses it with 409 anyway);
 * - a waiting step never goes ahead of a step the machine is running: dropped there, it lands right behind it;
 * - the unscheduled steps have the server's order (cards at the node first, then by due date): a drop among them
 *   changes nothing.
 */

export const UNSCHEDULED = 'unscheduled';
/** A machine's queue (its id) or the steps on no queue. */
export type Container = number | typeof UNSCHEDULED;

export interface Place {
  container: Container;
  /** For the source, the step's index; for the target, the index it ends at (for a reorder, after the move). */
  index: number;
}

export interface QueueSave { device_id: number; version: number; cardnode_ids: number[] }

export type MovePlan =
  | { kind: 'none' }
  | { kind: 'refused'; reason: 'device_unavailable' | 'unknown' }
  /** `board`: the board as it will look once saved, to show while the save runs; the reload after it is the truth. */
  | { kind: 'save'; queues: QueueSave[]; board: BoardReply };

function entriesOf(board: BoardReply, c: Container): readonly QueueEntry[] | undefined {
  return c === UNSCHEDULED ? board.unscheduled : board.devices.find(d => d.id === c)?.queue;
}

/** The step at a place, if the board has one there. */
export function entryAt(board: BoardReply, p: Place): QueueEntry | undefined {
  return entriesOf(board, p.container)?.[p.index];
}

/** Where a step is on the board, or null when the board does not show it. */
export function placeOf(board: BoardReply, cardnodeId: number): Place | null {
  const i = board.unscheduled.findIndex(e => e.cardnode_id === cardnodeId);
  if (i >= 0) return { container: UNSCHEDULED, index: i };
  for (const d of board.devices) {
    const j = d.queue.findIndex(e => e.cardnode_id === cardnodeId);
    if (j >= 0) return { container: d.id, index: j };
  }
  return null;
}

/** Whether a step from `from` may be dropped into `device`: one out of service only reorders what it holds. */
export function accepts(device: Pick<BoardDevice, 'id' | 'available'>, from: Container): boolean {
  return device.available || from === device.id;
}

/** The order the server lists unscheduled steps in: cards already at the node first, then by due date (none last). */
function unscheduledOrder(a: QueueEntry, b: QueueEntry): number {
  if (a.ready !== b.ready) return a.ready ? -1 : 1;
  if (a.due_date !== b.due_date) {
    if (a.due_date === null) return 1;
    if (b.due_date === null) return -1;
    return a.due_date < b.due_date ? -1 : 1;
  }
  return a.card_id - b.card_id;
}

/** A machine with a new queue, its load recomputed as the server would. */
function withQueue(d: BoardDevice, queue: QueueEntry[], days: number): BoardDevice {
  return { ...d, queue, ...queueLoad(queue.map(e => e.hours), d.daily_hours, days) };
}

const clamp = (i: number, max: number) => Math.max(0, Math.min(i, max));

/** The save (and the board it leads to) of moving the step at `from` to `to`. */
export function planMove(board: BoardReply, from: Place, to: Place): MovePlan {
  const source = entriesOf(board, from.container);
  const entry = source?.[from.index];
  if (!source || !entry) return { kind: 'refused', reason: 'unknown' };
  if (to.container === UNSCHEDULED) {
    if (from.container === UNSCHEDULED) return { kind: 'none' };
  } else {
    const target = board.devices.find(d => d.id === to.container);
    if (!target) return { kind: 'refused', reason: 'unknown' };
    if (!accepts(target, from.container)) return { kind: 'refused', reason: 'device_unavailable' };
  }

  const rest = source.filter((_, i) => i !== from.index);
  const queues = new Map<number, QueueEntry[]>();
  let unscheduled = board.unscheduled;
  let total = board.unscheduled_total;
  if (from.container === UNSCHEDULED) {
    unscheduled = rest;
    total -= 1;
  } else {
    queues.set(from.container, rest);
  }
  if (to.container === UNSCHEDULED) {
    unscheduled = [...unscheduled, entry].sort(unscheduledOrder);
    total += 1;
  } else {
    const into = [...(queues.get(to.container) ?? entriesOf(board, to.container) ?? [])];
    const at = Math.max(firstFree(into, entry), clamp(to.index, into.length));
    if (to.container === from.container && at === from.index) return { kind: 'none' };
    into.splice(at, 0, entry);
    queues.set(to.container, into);
  }

  const saves: QueueSave[] = [];
  const devices = board.devices.map(d => {
    const q = queues.get(d.id);
    if (!q) return d;
    saves.push({ device_id: d.id, version: d.queue_version, cardnode_ids: q.map(e => e.cardnode_id) });
    return withQueue(d, q, board.days);
  });
  return {
    kind: 'save',
    queues: saves,
    board: { ...board, devices, unscheduled, unscheduled_total: total },
  };
}

/**
 * The drag-and-drop ids of the board: a card is `card-<cardnode_id>`; the end of a container (the empty space below a
 * queue, and the whole list of unscheduled steps) is `end-<container>`.
 */
export const cardDndId = (cardnodeId: number) => `card-${cardnodeId}`;
export const endDndId = (c: Container) => `end-${c}`;

export type DndTarget = { kind: 'card'; cardnode_id: number } | { kind: 'end'; container: Container };

/** A drag under way: the container its card came from, what it is over (null: nothing it may drop on) and where that is. */
export interface DragState {
  from: Container;
  over: DndTarget | null;
  overContainer: Container | null;
}

export function parseDndId(id: string | number): DndTarget | null {
  const m = /^(card|end)-(\d+|unscheduled)$/.exec(String(id));
  if (!m) return null;
  if (m[1] === 'card') return m[2] === UNSCHEDULED ? null : { kind: 'card', cardnode_id: Number(m[2]) };
  return { kind: 'end', container: m[2] === UNSCHEDULED ? UNSCHEDULED : Number(m[2]) };
}

/**
 * Where a step from `from` lands when dropped on `over`. On a card of its own queue it takes that card's place, as a
 * sorted list does (the cards between move up or down by one); on a card of another queue it goes before that card;
 * on the end of a queue, after its last card — but never ahead of a step the machine is running (`firstFree`).
 */
export function dropPlace(board: BoardReply, from: Place, over: DndTarget): Place | null {
  const place = over.kind === 'end' ? endOf(board, from, over.container) : placeOf(board, over.cardnode_id);
  const entry = entryAt(board, from);
  if (!place || !entry || place.container === UNSCHEDULED) return place;
  const others = (entriesOf(board, place.container) ?? []).filter(e => e.cardnode_id !== entry.cardnode_id);
  return { container: place.container, index: Math.max(firstFree(others, entry), place.index) };
}

function endOf(board: BoardReply, from: Place, container: Container): Place | null {
  const n = entriesOf(board, container)?.length;
  if (n === undefined) return null;
  return { container, index: container === from.container ? n - 1 : n };
}

/**
 * The first index a step may take in a queue holding `others`: a step the machine is running stays ahead of every
 * waiting one, so a waiting step lands behind the last running step (issue 30: a card dropped on the running card went
 * ahead of it); a running step may go anywhere.
 */
function firstFree(others: readonly QueueEntry[], entry: QueueEntry): number {
  if (entry.status === 'running') return 0;
  return others.reduce((n, e, i) => (e.status === 'running' ? i + 1 : n), 0);
}
