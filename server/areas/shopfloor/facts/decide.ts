import type { CountArgs, FormArgs, InspectionArgs, SignArgs, TapArgs } from '../../../../src/domain/contract/facts';
import type { MessageKey } from '../../../../src/domain/messages/catalog';
import { decideTap, type TapAction } from '../../../../src/domain/rules/tap';
import { decideSign, type SignedDelivery } from '../../delivery/sign-fact';
import { decideForm, type FormToWrite } from '../../forms/form-fact';
import type { ParsedArgs } from './args';
import type { World } from './state';

/**
 * The rules a fact is decided by on the server (docs/shopfloor.md "Tap rules and effects"), the same for a push and
 * for a supervisor's resubmission. A fact is decided against the World (state.ts) and, when applied, changes it in
 * memory; the writer (write.ts) then writes what changed in a few set-based statements.
 *
 * A swipe is refused, in this order, when: its work node is not one the kiosk serves (`tap_not_bound`); its person
 * is unknown or inactive (`tap_person_unknown`); its machine does not exist (`fact_bad_args`); its card is unknown
 * (`tap_card_unknown`); then as decideTap (src/domain/rules/tap.ts) says — the card cancelled, no step at that node,
 * the step already done, a strict sequence broken, a quantity beyond the card. A start of a running step is applied
 * and changes nothing; a finish of a waiting step passes it; a `warn` sequence is applied with its warning.
 *
 * An inspection is refused when its person is unknown or inactive, its work node does not exist, or its card is
 * unknown (`inspect_no_card`) or cancelled; else it makes its inspection row and one defect row per reason.
 */

export type Reason = { key: MessageKey; params?: Record<string, string | number> };

/** What a fact copies out of its arguments for the logs (only references that exist: they are foreign keys). */
export interface FactColumns {
  person_id: number | null;
  card_id: number | null;
  card_show_id: string | null;
  cardnode_id: number | null;
  worknode_id: number | null;
  device_id: number | null;
  action: TapAction | null;
  good: number | null;
  bad: number | null;
}

/** The inspection row an applied `precheck` or `inspect` makes, and its defects. */
export interface InspectionRow {
  kind: 'precheck' | 'inspect';
  card_id: number;
  card_show_id: string;
  item_id: number | null;
  worknode_id: number | null;
  quantity: number;
  bad_quantity: number | null;
  weight: number | null;
  grade: string | null;
  defects: { reason: string; quantity: number }[];
  photos: string[];
  person_id: number;
  inspected_at: Date;
  remark: string | null;
}

/** The stocktake line an applied `count` makes (server/areas/stock/counted-lines.ts writes it). */
export interface CountedLine {
  doc_id: number;
  item_id: number;
  unit: string | null;
  position_id: number | null;
  status_id: number | null;
  lot: string;
  card_id: number | null;
  quantity: number;
  /** When it was counted: its book is the place's balance then. */
  at: Date;
}

export interface Decision {
  status: 'applied' | 'rejected';
  /** Why it was rejected; for an applied fact, a warning (a `warn` sequence) or nothing. */
  reason: Reason | null;
  columns: FactColumns;
  inspection: InspectionRow | null;
  counted?: CountedLine;
  /** The receipt an applied `sign` writes (server/areas/delivery/sign-fact.ts). */
  signed?: SignedDelivery;
  /** The form an applied `form` fact writes (server/areas/forms/form-fact.ts). */
  form?: FormToWrite;
}

const NO_COLUMNS: FactColumns = {
  person_id: null, card_id: null, card_show_id: null, cardnode_id: null, worknode_id: null, device_id: null, action: null,
  good: null, bad: null,
};

/** A fact whose arguments could not be read: rejected, nothing copied out of them. */
export function badArgs(detail: string): Decision {
  return { status: 'rejected', reason: { key: 'fact_bad_args', params: { detail } }, columns: NO_COLUMNS, inspection: null };
}

function decideSwipe(world: World, a: TapArgs, at: Date): Decision {
  const node = world.worknodes.get(a.worknode_id);
  const person = world.persons.get(a.person_id);
  const device = a.device_id ?? world.computer.device_id;
  const card = world.cards.get(a.card);
  const columns: FactColumns = {
    ...NO_COLUMNS,
    person_id: person === undefined ? null : a.person_id,
    worknode_id: node ? a.worknode_id : null,
    device_id: device !== null && world.devices.has(device) ? device : null,
    card_id: card?.id ?? null,
    card_show_id: a.card,
    action: a.action,
    good: a.good ?? null,
    bad: a.bad ?? null,
  };
  const refuse = (key: MessageKey, params?: Record<string, string | number>): Decision =>
    ({ status: 'rejected', reason: { key, ...(params ? { params } : {}) }, columns, inspection: null });
  if (!node || !world.computer.worknode_ids.includes(a.worknode_id)) return refuse('tap_not_bound');
  if (!person) return refuse('tap_person_unknown');
  if (device !== null && !world.devices.has(device)) return refuse('fact_bad_args', { detail: 'device_id' });
  if (!card) return refuse('tap_card_unknown', { card: a.card });
  const d = decideTap(card, a.worknode_id, node, { action: a.action, good: a.good, bad: a.bad });
  if (!d.ok) return refuse(d.reason);
  const step = card.steps.find(s => s.id === d.step.id)!;
  const applied = (extra: Partial<FactColumns>): Decision => ({
    status: 'applied', reason: d.warning ? { key: d.warning } : null, columns: { ...columns, cardnode_id: step.id, action: d.action, ...extra },
    inspection: null,
  });
  // Started already (another kiosk, or an earlier swipe): applied, nothing changes.
  if (d.noop) return applied({ good: null, bad: null });
  if (d.action === 'start') {
    Object.assign(step, { status: 'running', started_at: at, person_id: a.person_id, device_id: device });
    world.changed.add(step);
    return applied({ good: null, bad: null });
  }
  Object.assign(step, {
    status: 'done', started_at: step.started_at ?? at, finished_at: at, person_id: a.person_id, device_id: device,
    good_quantity: d.step.good_quantity, bad_quantity: d.step.bad_quantity,
  });
  world.changed.add(step);
  world.finished.add(step.id);
  return applied({ good: d.step.good_quantity, bad: d.step.bad_quantity });
}

function decideInspection(world: World, kind: 'precheck' | 'inspect', a: InspectionArgs, at: Date): Decision {
  const person = world.persons.get(a.person_id);
  const worknodeKnown = a.worknode_id == null || world.worknodes.has(a.worknode_id);
  const card = world.cards.get(a.card);
  const columns: FactColumns = {
    ...NO_COLUMNS,
    person_id: person === undefined ? null : a.person_id,
    worknode_id: a.worknode_id != null && worknodeKnown ? a.worknode_id : null,
    card_id: card?.id ?? null,
    card_show_id: a.card,
    good: a.quantity,
    bad: a.bad_quantity ?? null,
  };
  const refuse = (key: MessageKey, params?: Record<string, string | number>): Decision =>
    ({ status: 'rejected', reason: { key, ...(params ? { params } : {}) }, columns, inspection: null });
  if (!person) return refuse('tap_person_unknown');
  if (!worknodeKnown) return refuse('fact_bad_args', { detail: 'worknode_id' });
  if (!card) return refuse('inspect_no_card', { card: a.card });
  if (card.canceled) return refuse('tap_card_canceled');
  return {
    status: 'applied', reason: null, columns,
    inspection: {
      kind, card_id: card.id, card_show_id: card.show_id, item_id: card.item_id, worknode_id: a.worknode_id ?? null,
      quantity: a.quantity, bad_quantity: a.bad_quantity ?? null, weight: a.weight ?? null, grade: a.grade || null,
      defects: a.defects ?? [], photos: a.photos ?? [], person_id: a.person_id, inspected_at: at, remark: a.remark ?? null,
    },
  };
}

/**
 * A stocktake line counted on a handheld (docs/stock.md "Stocktake"). Refused when the account may not count
 * (`stock_count_not_allowed`), the document is not a stocktake (`stock_count_doc_unknown`) or is posted or cancelled,
 * the person, card, item or status is unknown, or the position is not in the document's warehouse (or, for a count of
 * one storeroom, not in it: a line without a position is then refused too). A card gives the
 * lot (its number) and, when no item is named, the item.
 */
function decideCount(world: World, a: CountArgs, at: Date): Decision {
  const card = a.card ? world.cards.get(a.card) : undefined;
  const person = a.person_id == null ? undefined : world.persons.get(a.person_id);
  const columns: FactColumns = {
    ...NO_COLUMNS, person_id: person === undefined ? null : a.person_id!, card_id: card?.id ?? null, card_show_id: a.card ?? null,
    good: a.quantity,
  };
  const refuse = (key: MessageKey, params?: Record<string, string | number>): Decision =>
    ({ status: 'rejected', reason: { key, ...(params ? { params } : {}) }, columns, inspection: null });
  const { stock } = world;
  if (!stock.mayCount) return refuse('stock_count_not_allowed');
  const doc = stock.docs.get(a.doc_id);
  if (!doc || doc.kind !== 'count') return refuse('stock_count_doc_unknown');
  if (doc.canceled) return refuse('stock_doc_canceled');
  if (doc.status !== 'draft') return refuse('stock_doc_posted');
  if (a.person_id != null && !person) return refuse('tap_person_unknown');
  if (a.card && !card) return refuse('stock_count_card_unknown', { card: a.card });
  const itemId = a.item_id ?? card?.item_id ?? null;
  const item = itemId === null ? undefined : stock.items.get(itemId);
  if (itemId === null || !item) return refuse('stock_count_item_unknown');
  const place = a.position_id == null ? undefined : stock.positions.get(a.position_id);
  if (a.position_id != null && place?.warehouse_id !== doc.warehouse_id) return refuse('stock_count_position_elsewhere');
  if (doc.room_id !== null && place?.room_id !== doc.room_id) return refuse('stock_count_out_of_scope');
  if (a.status_id != null && !stock.statuses.has(a.status_id)) return refuse('fact_bad_args', { detail: 'status_id' });
  return {
    status: 'applied', reason: null, columns, inspection: null,
    counted: {
      doc_id: doc.id, item_id: itemId, unit: item.unit, position_id: a.position_id ?? null, status_id: a.status_id ?? null,
      lot: card ? card.show_id : (a.lot ?? ''), card_id: card?.id ?? null, quantity: a.quantity, at,
    },
  };
}

/**
 * A driver's receipt of a delivery (docs/delivery.md "Proof of delivery"), decided by the delivery's rules
 * (server/areas/delivery/sign-fact.ts); its person, when named, must exist (`tap_person_unknown`).
 */
function decideSignFact(world: World, a: SignArgs, at: Date): Decision {
  const person = a.person_id == null ? undefined : world.persons.get(a.person_id);
  const columns: FactColumns = { ...NO_COLUMNS, person_id: person === undefined ? null : a.person_id! };
  if (a.person_id != null && !person) return { status: 'rejected', reason: { key: 'tap_person_unknown' }, columns, inspection: null };
  const d = decideSign(world.sign, a, at);
  if (!d.ok) return { status: 'rejected', reason: { key: d.key, ...(d.params ? { params: d.params } : {}) }, columns, inspection: null };
  return { status: 'applied', reason: null, columns, inspection: null, signed: d.signed };
}

/** A form filled on a terminal (server/areas/forms/form-fact.ts); its filler, machine and card are copied for the logs. */
function decideFormFact(world: World, a: FormArgs): Decision {
  const d = decideForm(world.form, a);
  const columns: FactColumns = { ...NO_COLUMNS, person_id: world.form.persons.has(a.person_id) ? a.person_id : null };
  if (!d.ok) return { status: 'rejected', reason: { key: d.key, ...(d.params ? { params: d.params } : {}) }, columns, inspection: null };
  return { status: 'applied', reason: null, columns: { ...columns, card_id: d.card_id, device_id: d.device_id }, inspection: null, form: d.form };
}

/** Decides one fact against the world, changing it when the fact applies. */
export function decideFact(world: World, parsed: ParsedArgs, at: Date): Decision {
  switch (parsed.name) {
    case 'tap': return decideSwipe(world, parsed.args, at);
    case 'count': return decideCount(world, parsed.args, at);
    case 'sign': return decideSignFact(world, parsed.args, at);
    case 'form': return decideFormFact(world, parsed.args);
    default: return decideInspection(world, parsed.name, parsed.args, at);
  }
}
