import { sql } from 'drizzle-orm';
import type { CardNodeStatus } from '../../../../src/domain/rules/card-status';
import type { SequenceCheck, TapMode, TapPolicy } from '../../../../src/domain/rules/tap';
import { jsonArrayOf, rows, type Db } from '../../../db/connection';
import type { CountArgs } from '../../../../src/domain/contract/facts';
import { noSign, readSignWorld, type SignAccess, type SignWorld } from '../../delivery/sign-fact';
import { noForm, readFormWorld, type FormWorld } from '../../forms/form-fact';
import type { ParsedArgs } from './args';

/**
 * The state the facts of one push (or one resubmission) are decided against, read once from the database and then
 * changed in memory as each fact is applied, so every fact sees what the facts before it in the batch left
 * (docs/shopfloor.md "Push"). The card steps are read `for update`: nobody changes them until the batch is written.
 */

/** A card step as the rules see it and the writer writes it back. */
export interface StepState {
  id: number;
  card_id: number;
  seq: number;
  worknode_id: number;
  status: CardNodeStatus;
  good_quantity: number | null;
  bad_quantity: number | null;
  started_at: Date | null;
  finished_at: Date | null;
  person_id: number | null;
  device_id: number | null;
}

export interface CardState {
  id: number;
  show_id: string;
  quantity: number;
  canceled: boolean;
  item_id: number | null;
  detail_id: number | null;
  /** Its derived values as stored (read after its steps were locked), so only a card whose values change is written. */
  status: string;
  worknode_id: number | null;
  finished_quantity: number;
  bad_quantity: number;
  /** Its live steps (the cancelled ones play no part in any rule). */
  steps: StepState[];
}

/** The kiosk or tablet the facts come from. */
export interface ComputerState {
  id: number;
  code: string;
  /** The work nodes it serves: a swipe at any other is refused (`tap_not_bound`). */
  worknode_ids: readonly number[];
  /** Its machine, when it stands at one: the machine of a swipe that names none. */
  device_id: number | null;
}

export interface World {
  computer: ComputerState;
  /** Cards by their number (what a label holds), found or not. */
  cards: Map<string, CardState>;
  /** The swipe policy of each work node named. */
  worknodes: Map<number, TapPolicy>;
  /** Persons named, and whether each is active. */
  persons: Map<number, boolean>;
  /** Machines named that exist. */
  devices: Set<number>;
  /** Steps the batch changed, and those it finished (each makes its piece-work record). */
  changed: Set<StepState>;
  finished: Set<number>;
  /** What the batch's stocktake lines name (`count` facts); empty for a batch without them. */
  stock: StockWorld;
  /** What the batch's receipts name (`sign` facts, server/areas/delivery/sign-fact.ts); empty for a batch without them. */
  sign: SignWorld;
  /** What the batch's forms name (`form` facts, server/areas/forms/form-fact.ts); empty for a batch without them. */
  form: FormWorld;
}

/** A count document as a counted line needs it, locked for the batch (its posting waits until the lines are in). */
export interface CountDocState { id: number; kind: string; status: string; canceled: boolean; warehouse_id: number; room_id: number | null }

export interface StockWorld {
  /** Whether the account pushing may write stocktake lines (the create action of `stocklines`). */
  mayCount: boolean;
  docs: Map<number, CountDocState>;
  /** Items named (by a line or through a card), with their unit. */
  items: Map<number, { unit: string | null }>;
  /** Positions named, with their warehouse and storeroom. */
  positions: Map<number, { warehouse_id: number; room_id: number | null }>;
  /** Stock statuses named that exist. */
  statuses: Set<number>;
}

export const noStock = (mayCount = false): StockWorld =>
  ({ mayCount, docs: new Map(), items: new Map(), positions: new Map(), statuses: new Set() });

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** Reads what the facts name: their cards with their live steps (locked), work nodes, persons and machines. */
export async function loadWorld(tx: Db, computer: ComputerState, facts: readonly ParsedArgs[], mayCount = false,
  signAccess?: SignAccess, mayForm = false): Promise<World> {
  return { computer, ...await readNamed(tx, computer.id, facts, mayCount, signAccess, mayForm) };
}

/**
 * `loadWorld` without the computer, whose lock need not be held yet: its statements are submitted at the call, so a
 * push queues them right behind the computer's lock (the transaction's client runs them in order) and waits once. The
 * computer's own machine is found by the statement (`computerId`).
 */
export async function readNamed(tx: Db, computerId: number, facts: readonly ParsedArgs[], mayCount = false,
  signAccess: SignAccess = { may: false }, mayForm = false): Promise<Omit<World, 'computer'>> {
  const cardNos = new Set<string>();
  const worknodeIds = new Set<number>();
  const personIds = new Set<number>();
  const deviceIds = new Set<number>();
  for (const f of facts) {
    if (f.name === 'form') continue; // read by readFormWorld
    if (f.name === 'sign') {
      if (f.args.person_id != null) personIds.add(f.args.person_id);
      continue;
    }
    if (f.name === 'count') {
      if (f.args.card) cardNos.add(f.args.card);
      if (f.args.person_id != null) personIds.add(f.args.person_id);
      continue;
    }
    cardNos.add(f.args.card);
    personIds.add(f.args.person_id);
    if (f.args.worknode_id != null) worknodeIds.add(f.args.worknode_id);
    if (f.name === 'tap' && f.args.device_id != null) deviceIds.add(f.args.device_id);
  }
  const counts = facts.flatMap(f => (f.name === 'count' ? [f.args] : []));
  const stockRead = readStockNamed(tx, counts, mayCount);
  const signs = facts.flatMap(f => (f.name === 'sign' ? [f.args] : []));
  const signRead = readSignWorld(tx, signs, signAccess);
  const formRead = readFormWorld(tx, facts.flatMap(f => (f.name === 'form' ? [f.args] : [])), mayForm);
  const list = <T>(s: Set<T>) => sql.param([...s]);
  const world: Omit<World, 'computer'> = {
    cards: new Map(), worknodes: new Map(), persons: new Map(), devices: new Set(), changed: new Set(), finished: new Set(),
    stock: noStock(mayCount), sign: noSign(signAccess), form: noForm(mayForm),
  };
  // The steps first, locked in id order (two pushes touching the same cards lock them in the same order, and a
  // supervisor's step edit, which locks the step before its card, never waits on us the other way round), found by
  // their cards' ids (an index scan on card_id; a join on the card number let the planner read every step). Then, once
  // the steps are ours, the cards (so their derived values are the ones those steps last made) with the work nodes,
  // persons and machines named, in one statement of JSON columns.
  // The steps come as one JSON value (parsed natively; row by row, the driver's parsing of 500 steps was a few ms of
  // every push while the database waited: bench/sync).
  const stepsRead = cardNos.size === 0 ? Promise.resolve([]) : rows<{ steps: Record<string, unknown>[] }>(tx, sql`
    select ${jsonArrayOf(sql`
      select n.id, n.card_id, n.seq, n.worknode_id, n.status, n.good_quantity, n.bad_quantity, n.started_at, n.finished_at, n.person_id,
        n.device_id
      from cardnodes n
      where n.card_id = any(array(select id from cards where show_id = any(${list(cardNos)}::text[]))) and not n.canceled
      order by n.id for update`)} as steps`).then(r => r[0]?.steps ?? []);
  const namedRead = rows<{
    cards: Record<string, unknown>[]; nodes: { id: number; tap_mode: TapMode | null; sequence_check: SequenceCheck | null }[];
    persons: { id: number; active: boolean | null }[]; devices: { id: number }[];
  }>(tx, sql`
    select ${jsonArrayOf(sql`select id, show_id, quantity, canceled, item_id, detail_id, status, worknode_id, finished_quantity, bad_quantity
        from cards where show_id = any(${list(cardNos)}::text[])`)} as cards,
      ${jsonArrayOf(sql`select id, tap_mode, sequence_check from worknodes where id = any(${list(worknodeIds)}::int[])`)} as nodes,
      ${jsonArrayOf(sql`select id, active from persons where id = any(${list(personIds)}::int[])`)} as persons,
      ${jsonArrayOf(sql`select id from devices
        where id = any(${list(deviceIds)}::int[]) or id = (select device_id from computers where id = ${computerId})`)} as devices`);
  const [steps, [named], stock, sign, form] = await Promise.all([stepsRead, namedRead, stockRead, signRead, formRead]);
  world.stock = stock;
  world.sign = sign;
  world.form = form;
  const { cards, nodes, persons, devices } = named!;
  const byId = new Map<number, CardState>();
  for (const c of cards) {
    const card: CardState = {
      id: Number(c.id), show_id: String(c.show_id), quantity: Number(c.quantity), canceled: !!c.canceled, item_id: num(c.item_id),
      detail_id: num(c.detail_id), status: String(c.status), worknode_id: num(c.worknode_id),
      finished_quantity: Number(c.finished_quantity ?? 0), bad_quantity: Number(c.bad_quantity ?? 0), steps: [],
    };
    world.cards.set(card.show_id, card);
    byId.set(card.id, card);
  }
  for (const s of steps) {
    byId.get(Number(s.card_id))?.steps.push({
      id: Number(s.id), card_id: Number(s.card_id), seq: Number(s.seq ?? 0), worknode_id: Number(s.worknode_id),
      status: s.status as CardNodeStatus, good_quantity: num(s.good_quantity), bad_quantity: num(s.bad_quantity),
      started_at: s.started_at === null ? null : new Date(s.started_at as string | Date),
      finished_at: s.finished_at === null ? null : new Date(s.finished_at as string | Date),
      person_id: num(s.person_id), device_id: num(s.device_id),
    });
  }
  for (const w of nodes) {
    world.worknodes.set(Number(w.id), { tap_mode: w.tap_mode ?? 'start_finish', sequence_check: w.sequence_check ?? 'warn' });
  }
  for (const p of persons) world.persons.set(Number(p.id), p.active !== false);
  for (const d of devices) world.devices.add(Number(d.id));
  return world;
}

/**
 * What a batch's counted lines name: their count documents (locked `for update`, so a posting of the document waits
 * for the batch and then counts its lines, and a line never lands in a document posted meanwhile), their items — also
 * those of the cards they name — with their units, positions with their warehouses, and stock statuses. Nothing is
 * read for a batch without counted lines.
 */
async function readStockNamed(tx: Db, counts: readonly CountArgs[], mayCount: boolean): Promise<StockWorld> {
  const world = noStock(mayCount);
  if (counts.length === 0) return world;
  const ids = (pick: (a: CountArgs) => number | null | undefined) => sql.param([...new Set(counts.map(pick).filter((x): x is number => x != null))]);
  const cardNos = sql.param([...new Set(counts.flatMap(a => (a.card ? [a.card] : [])))]);
  const docs = await rows<{ id: number; kind: string; status: string; canceled: boolean; warehouse_id: number; room_id: number | null }>(tx, sql`
    select id, kind, status, canceled, warehouse_id, room_id from stockdocs where id = any(${ids(a => a.doc_id)}::int[]) order by id for update`);
  for (const d of docs) {
    world.docs.set(Number(d.id), {
      id: Number(d.id), kind: d.kind, status: d.status, canceled: !!d.canceled, warehouse_id: Number(d.warehouse_id),
      room_id: d.room_id == null ? null : Number(d.room_id),
    });
  }
  const [named] = await rows<{ items: { id: number; unit: string | null }[]; positions: { id: number; warehouse_id: number; room_id: number | null }[]; statuses: { id: number }[] }>(tx, sql`
    select ${jsonArrayOf(sql`select id, unit from items
        where id = any(${ids(a => a.item_id)}::int[]) or id in (select item_id from cards where show_id = any(${cardNos}::text[]))`)} as items,
      ${jsonArrayOf(sql`select id, warehouse_id, room_id from warepositions where id = any(${ids(a => a.position_id)}::int[])`)} as positions,
      ${jsonArrayOf(sql`select id from warestatus where id = any(${ids(a => a.status_id)}::int[])`)} as statuses`);
  for (const i of named!.items) world.items.set(Number(i.id), { unit: i.unit ?? null });
  for (const p of named!.positions) {
    world.positions.set(Number(p.id), { warehouse_id: Number(p.warehouse_id), room_id: p.room_id == null ? null : Number(p.room_id) });
  }
  for (const st of named!.statuses) world.statuses.add(Number(st.id));
  return world;
}
