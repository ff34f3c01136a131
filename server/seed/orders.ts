import { sql } from 'drizzle-orm';
import { splitQuantities } from '../../src/domain/contract/cards';
import { deriveCard, type CardNodeStatus, type DerivedCard } from '../../src/domain/rules/card-status';
import type { OrderStatus } from '../../src/domain/rules/order-status';
import { roundTo } from '../../src/domain/rules/numbers';
import type { PatternConfig } from '../../src/domain/rules/numbering';
import { convertQuantity, type PropsKey } from '../../src/domain/rules/property-columns';
import { nextNumbers } from '../resources/numbering';
import { rows, type Db } from '../db/connection';
import { insertAll } from './insert-all';
import { Rng, pad } from './random';

/**
 * Three months of the demo plant's order book (issue 11 §6): about 300 orders over the last 90 days in every status,
 * about 1,000 lines and 3,000 process cards with their card nodes, so every production screen and report has
 * something true to show. The rows obey the rules the server enforces (docs/production.md and the declarations in
 * src/domain/resources/orders/):
 * - Orders are numbered from `order_no_pattern` for their order date and cards from `card_no_pattern` for the day
 *   they were generated, both through `nextNumbers`, so the counters (`number_sequences`) stay ahead of every seeded
 *   number and a real order or card made later never collides with one.
 * - An order's `quantity` and `amount` are the sums of its live lines (amount at 4 decimals, DESIGN §8); a line's
 *   `amount` is quantity × price at 4 decimals, its `card_quantity` what its live cards hold (never above its
 *   quantity) and its `finished_quantity` what its done live cards finished.
 * - Cards are made only for producing, finished and shipped orders, split with the generation's own
 *   `splitQuantities`; a card's status, current node and finished and scrapped quantities are derived from its nodes
 *   with `deriveCard`, like the server does. A card has one node per work node of its workflow, in order; the good
 *   quantity never grows along the nodes (what a node takes in is what the one before passed as good; good + bad =
 *   in).
 * - Finished and shipped orders are fully carded and every card is done; a producing order has cards (some of its
 *   lines only partly, or not yet, carded) at every stage: waiting, at some node, done.
 * - A cancelled order was cancelled from draft, confirmed, or producing before any card started; its lines, cards and
 *   card nodes were cancelled with it, as the server's cancel does: the lines keep their own quantity and amount, but
 *   hold no live card any more, and the order no live line (its sums are 0). A line removed from a live order is
 *   cancelled and counts in no sum.
 * - Versions count the writes a row has seen: an order one per status move (the first card generation moves it to
 *   producing) and one for its cancel; a cancelled line or card one for its cancel.
 * - Work happens when the plant works (attendance.ts): machine steps round the clock in two crews Monday to Saturday,
 *   steps staffed only by day people (inspection) 08:00–17:30; orders are entered during office hours. Operators are
 *   the production workers of the node's department (its other staff when it has none; never its head), machines
 *   the node's devices (a running step only on a machine that is running now).
 * - A card that left the planner's desk carries a printed label: the cards of a generation are printed at once (most
 *   of them; a line not started yet may still wait for its labels), a few reprinted, every print in the print log.
 * - Dated from the seeding moment and without a natural key (a number depends on the day it was taken): seeded
 *   once, into an empty orders table, like attendance. A database that already has orders (real ones) gets none.
 * - Deterministic for a seeding moment and a catalogue: every draw comes from seeded streams (random.ts), one per
 *   concern, and the catalogue is read in key order.
 * - Fast: the rows are planned in memory and written with multi-row inserts, a few statements per table. Like the
 *   rest of the seed, no history rows are written: history records what users did, and the seed is not a user.
 */

/**
 * How many orders of each kind the book holds: every status, most orders in production, a tenth of them waiting to
 * be confirmed or started, and a few cancelled (from each status a cancel is allowed from). Fixed counts rather than
 * chances, so every status is always there.
 */
const STATUS_PLAN: readonly (readonly [OrderStatus, number, cancelled: boolean])[] = [
  ['draft', 24, false], ['confirmed', 30, false], ['producing', 135, false], ['finished', 60, false],
  ['shipped', 42, false], ['draft', 3, true], ['confirmed', 3, true], ['producing', 3, true],
];

export const ORDER_COUNT = STATUS_PLAN.reduce((sum, [, count]) => sum + count, 0);

/** Days ago an order of each kind was entered (shipped orders reach back to the oldest day of the book). */
const AGE: Readonly<Record<OrderStatus, readonly [number, number]>> = {
  draft: [0, 12], confirmed: [1, 20], producing: [2, 15], finished: [12, 60], shipped: [18, 88],
};
const CANCELLED_AGE: readonly [number, number] = [3, 85];

/** Check codes as the server draws them (8 characters, no 0/O, 1/I/L a customer could misread off paper). */
const CHECK_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CHECK_LENGTH = 8;

/** Status moves an order in each status has been through (draft → confirmed → producing → finished → shipped). */
const MOVES: Readonly<Record<OrderStatus, number>> = { draft: 0, confirmed: 1, producing: 2, finished: 3, shipped: 4 };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// The catalogue the book is made of ----------------------------------------------------------------------------------

/** Machine steps run in two crews round the clock; steps of day staff (inspection) in the day. */
export type Hours = 'shifts' | 'day';

interface NodeInfo {
  id: number;
  hours: Hours;
  operators: readonly number[];
  devices: readonly number[];
  /** Devices running now: the only ones a card can be on at this moment. */
  runningDevices: readonly number[];
}

export interface Product {
  id: number;
  code: string;
  unit: string | null;
  unit2: string | null;
  unit3: string | null;
  rate2: number | null;
  rate3: number | null;
  price: number;
  /** Kilograms per piece (the blank). */
  weight: number | null;
  /** Square metres of board per piece, when the item says. */
  area: number | null;
  workflow_id: number;
  /** The workflow's work nodes, in order. */
  route: readonly number[];
}

export interface Catalog {
  customers: readonly { id: number; code: string; saler_id: number | null }[];
  products: readonly Product[];
  nodes: ReadonlyMap<number, NodeInfo>;
  /** The account that generates and prints cards (the demo supervisor), or null. */
  planner: number | null;
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** Reads what the book is made of, in key order (so the plan is the same for the same catalogue). */
export async function loadCatalog(tx: Db): Promise<Catalog> {
  const customers = (await rows<{ id: number; code: string | null; name: string; saler_id: number | null }>(tx, sql`
    select id, code, name, saler_id from customers order by code, name`))
    .map(c => ({ id: c.id, code: c.code ?? c.name, saler_id: c.saler_id }));

  // Items made to order: active, with a workflow of their own or one declared for their category.
  const items = await rows<{
    id: number; code: string; unit: string | null; unit2: string | null; unit3: string | null; rate2: unknown;
    rate3: unknown; price: unknown; weight: unknown; area: unknown; workflow_id: number; worknode_ids: number[] | null;
  }>(tx, sql`
    select i.id, i.code, i.unit, i.unit2, i.unit3, i.rate2, i.rate3, i.price, i.weight,
      i.props ->> 'area_m2' as area, w.id as workflow_id, w.worknode_ids
    from items i
    join workflows w on w.id = coalesce(i.workflow_id,
      (select f.id from workflows f where f.category_id = i.category_id order by f.code, f.id limit 1))
    where i.active and coalesce(i.price, 0) > 0 and i.code is not null
    order by i.code`);

  const worknodes = await rows<{ id: number; department_id: number | null; manager_id: number | null }>(tx, sql`
    select n.id, n.department_id, d.manager_id from worknodes n left join departments d on d.id = n.department_id
    order by n.id`);
  const persons = await rows<{ id: number; department_id: number | null; category: string | null }>(tx, sql`
    select p.id, p.department_id, c.name as category from persons p left join personcategories c on c.id = p.category_id
    where p.active order by p.code, p.id`);
  const devices = await rows<{ id: number; worknode_id: number | null; status: string | null }>(tx, sql`
    select id, worknode_id, status from devices order by code, id`);
  const [planner] = await rows<{ id: number }>(tx, sql`
    select id from accounts where username = 'supervisor' and active limit 1`);

  const nodes = new Map<number, NodeInfo>();
  for (const n of worknodes) {
    const staff = persons.filter(p => p.department_id !== null && p.department_id === n.department_id && p.id !== n.manager_id);
    // The production workers of the step's workshop work in two crews (attendance.ts); a department without any
    // (inspection) works in the day, and so does its step.
    const workers = staff.filter(p => p.category === '生产工人');
    const own = devices.filter(d => d.worknode_id === n.id);
    nodes.set(n.id, {
      id: n.id, hours: workers.length > 0 ? 'shifts' : 'day',
      operators: (workers.length > 0 ? workers : staff).map(p => p.id),
      devices: own.map(d => d.id), runningDevices: own.filter(d => d.status === 'running').map(d => d.id),
    });
  }

  const products: Product[] = [];
  for (const i of items) {
    const route = (i.worknode_ids ?? []).filter(id => nodes.has(id));
    if (route.length === 0) continue;
    products.push({
      id: i.id, code: i.code, unit: i.unit, unit2: i.unit2, unit3: i.unit3, rate2: num(i.rate2), rate3: num(i.rate3),
      price: Number(i.price), weight: num(i.weight), area: num(i.area), workflow_id: i.workflow_id, route,
    });
  }
  return { customers, products, nodes, planner: planner?.id ?? null };
}

// The plan: every row of the book, before it has ids and numbers -----------------------------------------------------

export interface PlannedNode {
  worknode_id: number;
  seq: number;
  status: CardNodeStatus;
  started_at: Date | null;
  finished_at: Date | null;
  person_id: number | null;
  device_id: number | null;
  good_quantity: number | null;
  bad_quantity: number | null;
}

export interface PlannedCard {
  seq: number;
  quantity: number;
  /** When it was generated (its number's date). */
  generated_at: Date;
  derived: DerivedCard;
  printed: number;
  canceled: boolean;
  version: number;
  updated_at: Date;
  nodes: PlannedNode[];
}

export interface PlannedLine {
  line_no: number;
  product: Product;
  quantity: number;
  quantity2: number | null;
  quantity3: number | null;
  price: number;
  amount: number;
  due_date: string;
  props: Partial<Record<PropsKey, number>> | null;
  remark: string | null;
  canceled: boolean;
  version: number;
  card_quantity: number;
  finished_quantity: number;
  updated_at: Date;
  cards: PlannedCard[];
}

export interface PlannedOrder {
  entered_at: Date;
  order_date: string;
  due_date: string;
  status: OrderStatus;
  canceled: boolean;
  version: number;
  customer_id: number;
  saler_id: number | null;
  contract_no: string | null;
  check_code: string;
  remark: string | null;
  quantity: number;
  amount: number;
  updated_at: Date;
  lines: PlannedLine[];
}

export interface PlannedPrint {
  at: Date;
  cards: PlannedCard[];
  order: PlannedOrder;
  how: 'browser' | 'helper';
  printer: string | null;
}

export interface Plan {
  orders: PlannedOrder[];
  prints: PlannedPrint[];
}

const ymd = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1, 2)}-${pad(d.getDate(), 2)}`;
const at = (t: number): Date => new Date(Math.floor(t / 1000) * 1000);
/** Whole 1/10 000 units: quantities and amounts are summed as integers, so sums carry no binary error. */
const units = (v: number): number => Math.round(v * 10_000);
const fromUnits = (u: number): number => u / 10_000;

/** A weighted pick: `[value, weight]` pairs. */
function weighted<T>(rng: Rng, list: readonly (readonly [T, number])[]): T {
  const total = list.reduce((s, [, w]) => s + w, 0);
  let r = rng.next() * total;
  for (const [v, w] of list) {
    r -= w;
    if (r < 0) return v;
  }
  return list[list.length - 1]![0];
}

/**
 * An office time (Monday–Friday 08:30–17:30) between `ages[0]` and `ages[1]` days before `now`, and before `now`:
 * days are drawn until one is a working day, so every weekday is as likely.
 */
function officeTime(rng: Rng, now: Date, [lo, hi]: readonly [number, number]): number {
  for (let tries = 0; ; tries++) {
    const age = tries < 50 ? rng.int(lo, hi) : hi + tries - 50;
    const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() - age, 0, rng.int(8 * 60 + 30, 17 * 60 + 20),
      rng.int(0, 59));
    const weekday = d.getDay();
    if (weekday !== 0 && weekday !== 6 && d.getTime() <= now.getTime() - 10 * MINUTE) return d.getTime();
  }
}

/** The first moment at or after `t` the step's people are at work (attendance.ts hours). */
export function workOpen(t: number, hours: Hours): number {
  let d = new Date(t);
  for (let i = 0; i < 4; i++) {
    const day = (offset: number, h: number, m = 0) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + offset, h, m);
    const minutes = d.getHours() * 60 + d.getMinutes();
    if (hours === 'shifts') {
      // Saturday's night crew works until Sunday 08:00; then the plant rests until Monday's day crew at 08:00.
      if (d.getDay() === 0 && minutes >= 8 * 60) d = day(1, 8);
      return d.getTime();
    }
    // Day staff: Monday to Saturday 08:00–17:30; nothing is started in the last hour.
    if (d.getDay() === 0) d = day(1, 8);
    else if (minutes < 8 * 60) d = day(0, 8);
    else if (minutes > 16 * 60 + 30) d = day(1, 8);
    else return d.getTime();
  }
  return d.getTime();
}

/** Typical quantities a customer orders of an item, by its unit price: cheap items go by the ten thousand. */
function quantityOf(rng: Rng, p: Product): number {
  const ladder = p.price < 1 ? [5000, 10000, 15000, 20000, 30000, 50000]
    : p.price < 5 ? [1000, 2000, 3000, 5000, 8000, 10000, 15000, 20000]
      : [300, 500, 800, 1000, 1500, 2000, 3000, 5000];
  const q = rng.pick(ladder);
  // Whole bundles or boxes when the item packs by a fixed count.
  const per = p.rate2 && Number.isInteger(p.rate2) ? p.rate2 : 1;
  return Math.max(per, Math.round(q / per) * per);
}

/**
 * The line's property columns (src/domain/rules/property-columns.ts) for board products: card weight = kg of board
 * per piece as cut (blank plus trim), effective card weight = kg per piece once trimmed (the item's weight); metres =
 * running metres of board at the corrugator's 1.8 m usable width, effective metres without the trim; kilograms and
 * effective kilograms for the whole line. Not every line fills them in.
 */
const TRIM = 1.06;
const BOARD_WIDTH_M = 1.8;

function propsOf(rng: Rng, p: Product, quantity: number): Partial<Record<PropsKey, number>> | null {
  if (!p.weight || !rng.chance(0.75)) return null;
  const out: Partial<Record<PropsKey, number>> = {
    card_weight: roundTo(p.weight * TRIM, 4), effective_card_weight: roundTo(p.weight, 4),
    kilograms: roundTo(p.weight * TRIM * quantity, 2), effective_kilograms: roundTo(p.weight * quantity, 2),
  };
  if (p.area) {
    out.metres = roundTo(p.area * TRIM * quantity / BOARD_WIDTH_M, 2);
    out.effective_metres = roundTo(p.area * quantity / BOARD_WIDTH_M, 2);
  }
  return out;
}

const ORDER_REMARKS = ['加急，请优先安排', '客户自提', '分两批交货', '按上次样品颜色', '送货前电话联系仓库', '含税价'] as const;
const LINE_REMARKS = ['首件确认后批量生产', '按客户样品配色', '加强边压', '外箱唛头按附件', '单独打托'] as const;
const PRINTERS = ['ZDesigner ZT410', 'TSC TTP-244 Pro'] as const;

/** How the cards of a line are made: by count (1–6, whole pieces each) or by size (full pallets). */
function cardQuantities(rng: Rng, quantity: number): number[] {
  if (rng.chance(0.55)) {
    const count = weighted(rng, [[1, 1], [2, 2], [3, 3], [4, 4], [5, 5], [6, 5]] as const);
    if (quantity % count === 0) return splitQuantities(quantity, { count });
  }
  const sizes = [300, 500, 1000, 1500, 2000, 2500, 3000, 5000, 8000, 10000]
    .filter(s => quantity / s >= 3 && quantity / s <= 8);
  if (sizes.length === 0) return splitQuantities(quantity, { count: quantity >= 2 ? 2 : 1 });
  return splitQuantities(quantity, { size: rng.pick(sizes) });
}

/** Times of one card at each node of its route, before `now` decides what has happened yet. */
interface Step {
  node: NodeInfo;
  start: number;
  end: number;
  person: number | null;
  device: number | null;
  good: number;
  bad: number;
}

class Planner {
  private readonly head = Rng.for('orders');
  private readonly check = Rng.for('orders.check');
  private readonly linesRng = Rng.for('orders.lines');
  private readonly cardsRng = Rng.for('orders.cards');
  private readonly floor = Rng.for('orders.floor');
  private readonly printRng = Rng.for('orders.prints');
  private readonly nowMs: number;
  private readonly pool: Catalog['customers'];
  private readonly portfolios = new Map<number, Product[]>();
  readonly prints: PlannedPrint[] = [];

  constructor(private readonly catalog: Catalog, private readonly now: Date) {
    this.nowMs = now.getTime();
    // About 90 regular customers order in a quarter, a few of them often (picked by a skewed draw below).
    const shuffled = [...catalog.customers];
    const rng = Rng.for('orders.customers');
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = rng.int(0, i);
      [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
    }
    this.pool = shuffled.slice(0, Math.min(shuffled.length, 90));
  }

  /** The few products a customer keeps ordering, the same every run (a stream per customer code). */
  private portfolio(c: Catalog['customers'][number]): Product[] {
    let list = this.portfolios.get(c.id);
    if (!list) {
      const rng = Rng.for(`orders.portfolio:${c.code}`);
      const set = new Set<Product>();
      const want = Math.min(this.catalog.products.length, rng.int(4, 12));
      while (set.size < want) set.add(rng.pick(this.catalog.products));
      list = [...set];
      this.portfolios.set(c.id, list);
    }
    return list;
  }

  order(status: OrderStatus, cancelled: boolean): PlannedOrder {
    const rng = this.head;
    const entered = officeTime(rng, this.now, cancelled ? CANCELLED_AGE : AGE[status]);
    const customer = this.pool[Math.floor(this.pool.length * rng.next() ** 1.8)]!;
    const order_date = ymd(new Date(entered));
    const dueAt = new Date(entered + rng.int(10, 30) * DAY);
    const contract = rng.chance(0.45) ? `HT${order_date.slice(0, 7).replace('-', '')}-${pad(rng.int(1, 999), 3)}` : null;
    const remark = rng.chance(0.15) ? rng.pick(ORDER_REMARKS) : null;
    let check_code = '';
    for (let i = 0; i < CHECK_LENGTH; i++) check_code += CHECK_ALPHABET[this.check.int(0, CHECK_ALPHABET.length - 1)]!;

    // The order's life: confirmed, then cards generated, each some time after the step before and before now.
    const confirmed = status === 'draft' ? null : this.after(entered, rng.int(30, 2 * 24 * 60) * MINUTE, 0.3);
    const carded = status === 'producing' || status === 'finished' || status === 'shipped';
    const generated = carded ? this.after(confirmed!, rng.int(60, 36 * 60) * MINUTE, 0.3) : null;

    const order: PlannedOrder = {
      entered_at: new Date(entered), order_date, due_date: ymd(dueAt), status, canceled: cancelled,
      customer_id: customer.id, saler_id: customer.saler_id, contract_no: contract, check_code, remark, version: 1,
      quantity: 0, amount: 0, updated_at: new Date(confirmed ?? entered), lines: [],
    };
    this.lines(order, customer, entered, dueAt.getTime());
    if (generated !== null) this.card(order, generated);

    let last = Math.max(order.updated_at.getTime(), ...order.lines.map(l => l.updated_at.getTime()));
    if (status === 'finished' || status === 'shipped') {
      last = this.after(last, rng.int(60, 12 * 60) * MINUTE, 0.5); // the supervisor marks it finished
      if (status === 'shipped') last = this.after(last, rng.int(4 * 60, 4 * 24 * 60) * MINUTE, 0.5);
    }
    if (cancelled) {
      last = this.after(last, rng.int(60, 4 * 24 * 60) * MINUTE, 0.5);
      for (const l of order.lines) {
        if (l.canceled) continue;
        l.canceled = true;
        l.version += 1;
        l.updated_at = new Date(last);
        for (const c of l.cards) {
          c.canceled = true;
          c.version += 1;
          c.updated_at = new Date(last);
        }
        // Its cards are no longer live: the line holds none.
        l.card_quantity = 0;
        l.finished_quantity = 0;
      }
    }
    order.updated_at = at(last);
    order.version = 1 + MOVES[status] + (cancelled ? 1 : 0);

    const counted = order.lines.filter(l => !l.canceled);
    order.quantity = fromUnits(counted.reduce((s, l) => s + units(l.quantity), 0));
    order.amount = fromUnits(counted.reduce((s, l) => s + units(l.amount), 0));
    return order;
  }

  /**
   * A moment `delay` after `from`, but within `share` of the time left until now: recent orders move on in
   * proportion, so nothing lands in the future and nothing piles up just before now.
   */
  private after(from: number, delay: number, share: number): number {
    return from + Math.round(Math.max(MINUTE, Math.min(delay, (this.nowMs - from) * share)));
  }

  private lines(order: PlannedOrder, customer: Catalog['customers'][number], entered: number, due: number): void {
    const rng = this.linesRng;
    const count = weighted(rng, [[1, 12], [2, 18], [3, 25], [4, 20], [5, 15], [6, 10]] as const);
    const products = this.portfolio(customer);
    const used = new Set<Product>();
    for (let n = 1; n <= count; n++) {
      let p = rng.pick(products);
      if (used.has(p)) p = rng.pick(this.catalog.products);
      used.add(p);
      const quantity = quantityOf(rng, p);
      const price = Math.max(0.01, roundTo(p.price * (0.95 + 0.1 * rng.next()), 3));
      const lineDue = rng.chance(0.7) ? due : Math.max(entered + 3 * DAY, due - rng.int(1, 7) * DAY);
      order.lines.push({
        line_no: n, product: p, quantity,
        quantity2: convertQuantity(quantity, p.rate2) ?? null, quantity3: convertQuantity(quantity, p.rate3) ?? null,
        price, amount: roundTo(quantity * price, 4), due_date: ymd(new Date(lineDue)), props: propsOf(rng, p, quantity),
        remark: rng.chance(0.1) ? rng.pick(LINE_REMARKS) : null, canceled: false, version: 1, card_quantity: 0,
        finished_quantity: 0, updated_at: order.entered_at, cards: [],
      });
    }
    // Now and then a line is removed from an order still being worked out (cancelled, in no sum).
    if (order.status !== 'finished' && order.status !== 'shipped' && !order.canceled && count >= 2 && rng.chance(0.12)) {
      const removed = order.lines[rng.int(1, count - 1)]!;
      removed.canceled = true;
      removed.version += 1;
    }
  }

  /** Generates the cards of a carded order at `generated`, and runs them through the plant up to now. */
  private card(order: PlannedOrder, generated: number): void {
    const rng = this.cardsRng;
    const status = order.status;
    const complete = status === 'finished' || status === 'shipped';
    const live = order.lines.filter(l => !l.canceled);
    const steps: Step[][] = [];
    const owners: PlannedCard[] = [];
    live.forEach((line, index) => {
      // Finished and shipped orders are fully carded; a producing order has its first line carded, and of the others
      // most fully, some partly, a few not yet. A cancelled producing order never started any.
      let quantity = line.quantity;
      if (status === 'producing' && index > 0) {
        const share = weighted(rng, [['full', 70], ['part', 18], ['none', 12]] as const);
        if (share === 'none') return;
        if (share === 'part') {
          const per = line.product.rate2 && Number.isInteger(line.product.rate2) ? line.product.rate2 : 1;
          const part = Math.floor(line.quantity * (0.3 + 0.5 * rng.next()) / per) * per;
          if (part > 0) quantity = part;
        }
      }
      // The planner generates the lines one after another, a few minutes apart.
      const at0 = generated + Math.round(Math.min(index * rng.int(2, 6) * MINUTE, (this.nowMs - generated) * 0.2));
      const quantities = cardQuantities(rng, quantity);
      // The line waits for its first machine: mostly soon, sometimes days (material, a busier order first).
      const hold = weighted(rng, [[rng.int(1, 12) * HOUR, 60], [rng.int(1, 3) * DAY, 30], [rng.int(4, 9) * DAY, 10]]);
      let previousFirst = at0 + hold;
      quantities.forEach((q, i) => {
        const card: PlannedCard = {
          seq: i + 1, quantity: q, generated_at: new Date(at0), derived: deriveCard([]), printed: 0, canceled: false,
          version: 1, updated_at: new Date(at0), nodes: [],
        };
        const run = this.run(line.product.route, q, previousFirst);
        if (run.length > 0) previousFirst = run[0]!.end;
        steps.push(run);
        owners.push(card);
        line.cards.push(card);
      });
      line.card_quantity = fromUnits(line.cards.reduce((s, c) => s + units(c.quantity), 0));
      line.updated_at = new Date(at0);
    });

    // What has happened by now; a cancelled order was cancelled before any of its cards started.
    let cutoff = order.canceled ? -Infinity : this.nowMs;
    // Finished and shipped orders: every step is done, hours before the order was marked finished; a run that would
    // end later is squeezed into the time there was (rare: their orders are old enough).
    if (complete) {
      const limit = this.nowMs - (status === 'shipped' ? 30 : 3) * HOUR;
      const end = Math.max(...steps.flat().map(s => s.end));
      if (end > limit) {
        const scale = (limit - generated) / (end - generated);
        for (const s of steps.flat()) {
          s.start = generated + (s.start - generated) * scale;
          s.end = generated + (s.end - generated) * scale;
        }
      }
      cutoff = Infinity;
    }
    steps.forEach((run, i) => this.settle(owners[i]!, run, cutoff));

    for (const line of live) {
      line.finished_quantity = fromUnits(line.cards.filter(c => c.derived.status === 'done')
        .reduce((s, c) => s + units(c.derived.finished_quantity), 0));
      const changed = Math.max(line.updated_at.getTime(), ...line.cards.map(c => c.updated_at.getTime()));
      line.updated_at = new Date(changed);
      this.print(order, line);
    }
  }

  /** A card's way through its route from `ready`: who, on which machine, when, and what came out. */
  private run(route: readonly number[], quantity: number, ready: number): Step[] {
    const rng = this.floor;
    const out: Step[] = [];
    let t = ready;
    let input = quantity;
    for (const id of route) {
      const node = this.catalog.nodes.get(id)!;
      const open = workOpen(t, node.hours);
      // Work waiting at the start of the day is taken up one job after another through the morning.
      const start = open === t ? t : open + (node.hours === 'day' ? rng.int(5, 300) : rng.int(5, 40)) * MINUTE;
      const hours = node.hours === 'day' ? 0.3 + 1.2 * rng.next()
        : Math.min(10, 0.25 + 0.5 * rng.next() + quantity / rng.int(1500, 6000));
      // Whole seconds: `workOpen` tells a moment it moved by comparing it with the one it was given.
      const end = start + Math.round(hours * 3600) * 1000 + rng.int(0, 59) * 1000;
      // Scrap is whole pieces, a little at some steps: trimming, misprints, a jammed blank.
      const bad = Number.isInteger(input) && input > 1 && rng.chance(0.35)
        ? Math.min(input - 1, rng.int(1, Math.max(1, Math.round(input * 0.012)))) : 0;
      out.push({ node, start, end, person: node.operators.length ? rng.pick(node.operators) : null,
        device: node.devices.length ? rng.pick(node.devices) : null, good: input - bad, bad });
      input -= bad;
      // The card waits for the next step: mostly hours, sometimes a day or more (the machine has other work).
      t = end + (rng.chance(0.15) ? rng.int(24, 48) * HOUR : rng.int(60, 16 * 60) * MINUTE);
    }
    return out;
  }

  /** The card's nodes as they stand at `cutoff`, and the card derived from them. */
  private settle(card: PlannedCard, run: readonly Step[], cutoff: number): void {
    let open = true;
    card.nodes = run.map((s, i) => {
      let status: CardNodeStatus = 'waiting';
      if (open && s.end <= cutoff) status = 'done';
      else if (open && s.start <= cutoff) status = 'running';
      if (status !== 'done') open = false;
      const device = status === 'running'
        ? (s.node.runningDevices.includes(s.device ?? -1) ? s.device : s.node.runningDevices[0] ?? null) : s.device;
      return {
        worknode_id: s.node.id, seq: i + 1, status,
        started_at: status === 'waiting' ? null : at(s.start), finished_at: status === 'done' ? at(s.end) : null,
        person_id: status === 'waiting' ? null : s.person, device_id: status === 'waiting' ? null : device,
        good_quantity: status === 'done' ? s.good : null, bad_quantity: status === 'done' ? s.bad : null,
      };
    });
    card.derived = deriveCard(card.nodes);
    const moved = card.nodes.flatMap(n => [n.started_at, n.finished_at]).filter((d): d is Date => d !== null);
    if (moved.length > 0) card.updated_at = new Date(Math.max(...moved.map(d => d.getTime())));
  }

  /** The labels of a line's cards, printed right after the generation (and now and then one reprinted). */
  private print(order: PlannedOrder, line: PlannedLine): void {
    const rng = this.printRng;
    if (line.cards.length === 0) return;
    const started = line.cards.some(c => c.derived.status !== 'waiting');
    if (!started && !rng.chance(0.5)) return;
    const generated = line.cards[0]!.generated_at.getTime();
    const firstStart = Math.min(...line.cards.flatMap(c => c.nodes.map(n => n.started_at?.getTime() ?? Infinity)));
    const helper = rng.chance(0.35);
    // Soon after the generation, before the first card reaches a machine, and before now.
    const room = Math.min(firstStart, this.nowMs) - generated;
    const printedAt = generated + Math.min(rng.int(3, 40) * MINUTE, room / 2);
    this.prints.push({ at: at(printedAt), cards: line.cards, order, how: helper ? 'helper' : 'browser',
      printer: helper ? rng.pick(PRINTERS) : null });
    for (const c of line.cards) c.printed = 1;
    // A label torn off on the floor is printed again, after the card started.
    const worn = line.cards.find(c => c.derived.status !== 'waiting' && rng.chance(0.08));
    if (worn) {
      const onFloor = worn.nodes.find(n => n.started_at)!.started_at!.getTime();
      const again = onFloor + Math.min(rng.int(10, 300) * MINUTE, (this.nowMs - onFloor) / 2);
      worn.printed = 2;
      this.prints.push({ at: at(again), cards: [worn], order, how: 'browser', printer: null });
    }
  }
}

/** The whole book, planned in memory; pure for a catalogue and a seeding moment. */
export function planOrders(catalog: Catalog, now: Date): Plan {
  if (catalog.customers.length === 0 || catalog.products.length === 0) return { orders: [], prints: [] };
  const planner = new Planner(catalog, now);
  const orders: PlannedOrder[] = [];
  for (const [status, count, cancelled] of STATUS_PLAN) {
    for (let i = 0; i < count; i++) orders.push(planner.order(status, cancelled));
  }
  // Entered one after another: numbers follow the order of entry.
  orders.sort((a, b) => a.entered_at.getTime() - b.entered_at.getTime());
  return { orders, prints: planner.prints.sort((a, b) => a.at.getTime() - b.at.getTime()) };
}

// Writing ------------------------------------------------------------------------------------------------------------

/**
 * Numbers for `items` from a pattern config, taken per day of `dateOf` in time order (one `nextNumbers` per day, in
 * the seed's transaction), so the counter of each period ends at the highest number handed out.
 */
async function numberAll<T>(tx: Db, config: PatternConfig, items: readonly T[],
  dateOf: (x: T) => Date): Promise<Map<T, string>> {
  const sorted = [...items].sort((a, b) => dateOf(a).getTime() - dateOf(b).getTime());
  const out = new Map<T, string>();
  for (let i = 0; i < sorted.length;) {
    const first = dateOf(sorted[i]!);
    let j = i;
    while (j < sorted.length && ymd(dateOf(sorted[j]!)) === ymd(first)) j++;
    const numbers = await nextNumbers(tx, config, j - i, first);
    for (let k = i; k < j; k++) out.set(sorted[k]!, numbers[k - i]!);
    i = j;
  }
  return out;
}

/** Writes a plan: numbers, then orders, lines, cards, card nodes and print logs. Returns the rows it inserted. */
export async function writePlan(tx: Db, plan: Plan, planner: number | null): Promise<number> {
  const orderNo = await numberAll(tx, 'order_no_pattern', plan.orders, o => o.entered_at);
  const cards = plan.orders.flatMap(o => o.lines.flatMap(l => l.cards));
  const cardNo = await numberAll(tx, 'card_no_pattern', cards, c => c.generated_at);

  const orderIds = await insertAll(tx, 'orders', plan.orders.map(o => ({
    show_id: orderNo.get(o)!, customer_id: o.customer_id, saler_id: o.saler_id, contract_no: o.contract_no,
    order_date: o.order_date, due_date: o.due_date, status: o.status, quantity: o.quantity, amount: o.amount,
    check_code: o.check_code, remark: o.remark, canceled: o.canceled, version: o.version, created_at: o.entered_at,
    updated_at: o.updated_at,
  })), 'show_id');

  const lineCode = new Map<PlannedLine, string>();
  const lineRows: Record<string, unknown>[] = [];
  for (const o of plan.orders) {
    const showId = orderNo.get(o)!;
    for (const l of o.lines) {
      const code = `${showId}-${l.line_no}`;
      lineCode.set(l, code);
      lineRows.push({
        order_id: orderIds.get(showId)!, line_no: l.line_no, code, item_id: l.product.id, unit: l.product.unit,
        quantity: l.quantity, unit2: l.product.unit2, quantity2: l.quantity2, unit3: l.product.unit3,
        quantity3: l.quantity3, workflow_id: l.product.workflow_id, price: l.price, amount: l.amount,
        due_date: l.due_date, props: l.props, card_quantity: l.card_quantity, finished_quantity: l.finished_quantity,
        remark: l.remark, canceled: l.canceled, version: l.version, created_at: o.entered_at, updated_at: l.updated_at,
      });
    }
  }
  const lineIds = await insertAll(tx, 'details', lineRows, 'code');

  const cardRows: Record<string, unknown>[] = [];
  for (const o of plan.orders) {
    const showId = orderNo.get(o)!;
    for (const l of o.lines) {
      for (const c of l.cards) {
        cardRows.push({
          show_id: cardNo.get(c)!, order_show_id: showId, order_id: orderIds.get(showId)!,
          detail_id: lineIds.get(lineCode.get(l)!)!, item_id: l.product.id, workflow_id: l.product.workflow_id,
          seq: c.seq, quantity: c.quantity, unit: l.product.unit, status: c.derived.status,
          worknode_id: c.derived.worknode_id, finished_quantity: c.derived.finished_quantity,
          bad_quantity: c.derived.bad_quantity, printed: c.printed, remark: null, canceled: c.canceled,
          version: c.version, created_at: c.generated_at, updated_at: c.updated_at,
        });
      }
    }
  }
  const cardIds = await insertAll(tx, 'cards', cardRows, 'show_id');

  const nodeRows: Record<string, unknown>[] = [];
  for (const c of cards) {
    const showId = cardNo.get(c)!;
    for (const n of c.nodes) {
      nodeRows.push({
        card_id: cardIds.get(showId)!, card_show_id: showId, worknode_id: n.worknode_id, seq: n.seq, status: n.status,
        started_at: n.started_at, finished_at: n.finished_at, person_id: n.person_id, device_id: n.device_id,
        good_quantity: n.good_quantity, bad_quantity: n.bad_quantity, canceled: c.canceled, created_at: c.generated_at,
        updated_at: n.finished_at ?? n.started_at ?? c.generated_at,
      });
    }
  }
  await insertAll(tx, 'cardnodes', nodeRows);
  const inspectionRows = await finishedInspectionRows(tx, plan, cardNo, cardIds);
  await insertAll(tx, 'inventorydetails', inspectionRows);

  const printRows = plan.prints.map(p => ({
    title: `流程卡标签 × ${p.cards.length}`, category: 'cards',
    ids: p.cards.map(c => cardIds.get(cardNo.get(c)!)!), count: p.cards.length, how: p.how, template: '流程卡标签',
    printer: p.printer, created_by: planner, updated_by: planner, created_at: p.at, updated_at: p.at,
  }));
  await insertAll(tx, 'printlogs', printRows);

  return plan.orders.length + lineRows.length + cardRows.length + nodeRows.length + inspectionRows.length + printRows.length;
}

/**
 * The finished-goods inspections of the plan (issue 30: /reports/products showed nothing on the demo): every live
 * card whose inspection step (质检) is done was inspected there, by whoever did the step, when it finished — the
 * good quantity passed, the bad one refused, weighed when the item has a weight.
 */
async function finishedInspectionRows(tx: Db, plan: Plan, cardNo: ReadonlyMap<PlannedCard, string>,
  cardIds: ReadonlyMap<string, number>): Promise<Record<string, unknown>[]> {
  const [node] = await rows<{ id: number }>(tx, sql`select id from worknodes where name = '质检' order by id limit 1`);
  if (!node) return [];
  const out: Record<string, unknown>[] = [];
  for (const o of plan.orders) {
    for (const l of o.lines) {
      for (const c of l.cards) {
        const step = c.nodes.find(n => n.worknode_id === Number(node.id) && n.status === 'done');
        if (c.canceled || !step || step.finished_at === null || step.person_id === null) continue;
        const showId = cardNo.get(c)!;
        const good = step.good_quantity ?? c.quantity;
        out.push({
          card_id: cardIds.get(showId)!, card_show_id: showId, item_id: l.product.id, worknode_id: Number(node.id),
          quantity: good, bad_quantity: step.bad_quantity ?? 0,
          weight: l.product.weight === null ? null : Math.round(l.product.weight * good * 10_000) / 10_000,
          grade: (step.bad_quantity ?? 0) > 0 ? 'B' : 'A', person_id: step.person_id, inspected_at: step.finished_at,
          created_at: step.finished_at, updated_at: step.finished_at,
        });
      }
    }
  }
  return out;
}

/**
 * Seeds the order book when the orders table is empty (see the rules above); returns the rows it inserted. Runs in
 * the demo seed's transaction, after the catalogue, customers, staff and machines.
 */
export async function seedOrders(tx: Db, now: Date = new Date()): Promise<number> {
  const [any] = await rows(tx, sql`select 1 from orders limit 1`);
  if (any) return 0;
  const catalog = await loadCatalog(tx);
  return writePlan(tx, planOrders(catalog, now), catalog.planner);
}
