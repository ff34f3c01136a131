import { sql } from 'drizzle-orm';
import { insertRows, updateRows } from '../../../db/bulk-write';
import { rows, type Db } from '../../../db/connection';
import { withoutRowChecks } from '../../../db/reference-checks';
import { cardnodes } from '../../../../src/domain/resources/orders/cardnodes';
import { facts as factsTable } from '../../../../src/domain/resources/shopfloor/facts';
import { insertValued, readValuation, workOf, type PerUnit, type Valuation, type ValuationRead } from '../../piece-work/node-works';
import { periodOf } from '../../../../src/domain/rules/piece-work';
import { lockPeriods } from '../../piece-work/periods';
import type { ParsedArgs } from './args';
import { localDateString } from '../../../../src/domain/rules/date-single';
import { writeDerivedCards } from '../../production/derived';
import type { Decision, InspectionRow } from './decide';
import type { CardState, StepState, World } from './state';

/**
 * The effects of decided facts, written set-based (docs/shopfloor.md "Push"): a statement per kind of row for the
 * whole batch, never one per fact, so draining a queue costs about what inserting its facts does (bench/sync).
 *
 * - facts: one insert of every new fact, applied or rejected;
 * - card steps: one update of the steps the batch changed (their final state);
 * - cards and their lines' sums: re-derived once, from the steps in memory (writeDerivedCards);
 * - piece work: a record per finished step, made once per step and person (insertNodeWorks, source `swipe`); the
 *   fact is the record of why, so no history is written for them, nor for the steps and cards;
 * - inspections: one insert per table, then one of their defects.
 */

/** Arrays as parameters of `unnest(...)`: one array per column. */
const arr = (xs: readonly unknown[]) => sql.param([...xs]);

/** A fact as it is stored. */
export interface FactRow {
  uuid: string;
  computer_id: number | null;
  seq: number | null;
  name: string;
  v: number;
  /** The arguments as storable JSON text (args.ts `readArgs`). */
  argsJson: string;
  at: Date;
  decision: Decision;
}

/**
 * Inserts the facts; with `withIds`, returns the id of each by uuid (the inspections of a batch need them; a batch of
 * swipes skips reading 500 rows back). A uuid already stored (only another device's transaction can have put it
 * there meanwhile: one device's pushes are serialised by its computer row) fails the insert with a unique violation of
 * facts.uuid, which undoes the batch (push.ts decides it again).
 */
export async function insertFacts(tx: Db, facts: readonly FactRow[], by: number, withIds: boolean): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  if (facts.length === 0) return ids;
  const made = facts.map(r => {
    const d = r.decision;
    return {
      uuid: r.uuid, computer_id: r.computer_id, seq: r.seq, name: r.name, v: r.v, at: r.at.toISOString(), status: d.status,
      reason: d.reason?.key ?? null, reason_params: d.reason?.params ?? null, person_id: d.columns.person_id, card_id: d.columns.card_id,
      card_show_id: d.columns.card_show_id, cardnode_id: d.columns.cardnode_id, worknode_id: d.columns.worknode_id,
      device_id: d.columns.device_id, action: d.columns.action, good: d.columns.good, bad: d.columns.bad,
    };
  });
  // The rows go as one JSON text, each fact's arguments spliced in as the text they came as (bulk-write.ts).
  const stored = await insertRows<typeof factsTable, { id: number; uuid: string }>(tx, factsTable, made, {
    jsonText: { args: facts.map(f => f.argsJson) },
    computed: { created_by: sql`${by}::int`, updated_by: sql`${by}::int` },
    tail: withIds ? sql`returning id, uuid` : undefined,
  });
  for (const m of stored) ids.set(m.uuid, Number(m.id));
  return ids;
}

/**
 * The tables `writeBatch` writes with the row-by-row foreign-key checks off (decision 141): the facts, the steps, the
 * cards and their lines' sums, the piece-work records, and the computer's watermark, which push.ts queues behind the
 * facts. tests/api/reference-checks.test.ts holds them to the rules of server/db/reference-checks.ts.
 */
export const WRITTEN_WITHOUT_ROW_CHECKS = ['facts', 'cardnodes', 'cards', 'details', 'works', 'computers'] as const;

/**
 * A batch's facts and the effects of their decisions (push.ts), in the order that keeps the database busy while the
 * rows are built (the transaction's client runs statements one after another): the steps' update first (its rows are
 * ready at once), the facts' insert built while it runs, and the cards' update and the piece-work records (valued by
 * `valuing`: `readSwipeValuation`) built while those run. Built the other way round, the facts' rows (the longest to
 * build) were made while the database waited (bench/sync). Returns the facts' ids by uuid when `withIds`.
 *
 * Their foreign keys are checked once per row they name, not per row written (`withoutRowChecks`, decision 141, when
 * `skippable`): every row is written by the bulk writers (server/db/bulk-write.ts), which note what it names in the
 * stretch's checks themselves; the card steps the world holds locked need no second lock. The first statement is
 * submitted at the call, so the caller can queue its next one behind the writes.
 */
export function writeBatch(tx: Db, world: World, facts: readonly FactRow[], by: number, withIds: boolean,
  valuing: SwipeValuation | null, skippable: boolean): Promise<Map<string, number>> {
  const held = new Map([['cardnodes', new Set([...world.cards.values()].flatMap(c => c.steps.map(s => s.id)))]]);
  return withoutRowChecks(tx, skippable, held, async () => {
    const effects = writeSteps(tx, world, by, valuing);
    const inserted = insertFacts(tx, facts, by, withIds);
    // Both awaited at once, so a failure of either is observed (and the other's is not left unhandled).
    const [ids] = await Promise.all([inserted, effects]);
    return ids;
  });
}

/** What values the piece-work records a batch of swipes can make (`readSwipeValuation`). */
export type SwipeValuation = Promise<ValuationRead>;

/** A pushed fact whose arguments read, with its time. */
type ReadFact = { at: Date; parsed: ParsedArgs };

/** A batch's swipes: those that can finish a step, and so make a piece-work record. */
const swipesOf = (facts: readonly ReadFact[]) => facts.filter(f => f.parsed.name === 'tap');

/** The pay months a batch's swipes can make records in: a finish is recorded on the local day of its time. */
const swipeMonths = (facts: readonly ReadFact[]) => [...new Set(swipesOf(facts).map(f => periodOf(localDateString(f.at))))];

/**
 * Takes the shared locks of the pay months a batch's swipes can make piece-work records in (submitted at the call:
 * push.ts queues them with the world's reads), so `readSwipeValuation` reads without them.
 */
export function lockSwipeMonths(tx: Db, facts: readonly ReadFact[]): Promise<unknown> {
  return lockPeriods(tx, swipeMonths(facts), 'shared');
}

/**
 * Reads, before the facts are decided (the read runs while they are), what values the piece-work records the batch's
 * swipes can make: their months (locked already: `lockSwipeMonths`), their work nodes, and the lines and items of the
 * world's cards (every step the batch finishes is of one of them). A record it does not cover (none should) is valued
 * by a read of its own (`swipeWorkSources`). Null when the batch has no swipe.
 */
export function readSwipeValuation(tx: Db, world: World, facts: readonly ReadFact[]): SwipeValuation | null {
  const taps = swipesOf(facts);
  if (taps.length === 0) return null;
  const cards = [...world.cards.values()];
  const itemIds = cards.map(c => c.item_id);
  return readValuation(tx, {
    periods: swipeMonths(taps), locked: true,
    worknodeIds: taps.flatMap(f => (f.parsed.name !== 'tap' ? [] : [f.parsed.args.worknode_id])),
    itemIds, perUnit: { detailIds: cards.map(c => c.detail_id), itemIds },
  });
}

/**
 * The steps the batch changed, in their final state (a step started and finished in one batch is written once), then
 * their cards and lines re-derived and the finished steps' piece-work records made (valued by `valuing` when given:
 * `swipeWorkSources`). The steps' update is submitted at the call, before the caller's next statement.
 */
export async function writeSteps(tx: Db, world: World, by: number, valuing?: SwipeValuation | null): Promise<void> {
  if (world.changed.size === 0) return;
  const stepsWritten = updateSteps(tx, world, by);
  await Promise.all([stepsWritten,
    swipeWorkSources(tx, world, valuing).then(works => writeCardsAndWorks(tx, world, by, works))]);
}

/** The update of the steps the batch changed (at least one), in their final state, submitted at the call. */
function updateSteps(tx: Db, world: World, by: number): Promise<unknown> {
  return updateRows(tx, cardnodes, [...world.changed].map(s => ({
    id: s.id, status: s.status, started_at: s.started_at, finished_at: s.finished_at, person_id: s.person_id, device_id: s.device_id,
    good_quantity: s.good_quantity, bad_quantity: s.bad_quantity,
  })), { computed: { version: sql`t.version + 1`, rev: sql`next_rev()`, updated_at: sql`now()`, updated_by: sql`${by}::int` } });
}

/**
 * The cards of the steps the batch changed, re-derived from the steps in memory (all in the world, locked and as now
 * written: no read), with their lines, and the piece-work records of `sources` (`swipeWorkSources`).
 */
async function writeCardsAndWorks(tx: Db, world: World, by: number, sources: SwipeWorkSources | null): Promise<void> {
  const touched = new Set([...world.changed].map(s => s.card_id));
  // Submitted together (the transaction's client runs them one after the other; neither reads what the other writes).
  await Promise.all([
    writeDerivedCards(tx, [...world.cards.values()].filter(c => touched.has(c.id)).map(c => ({ ...c, nodes: c.steps }))),
    insertSwipeWorks(tx, sources, by),
  ]);
}

/** The steps a batch finished that make piece-work records (at least one), with what values them (`swipeWorkSources`). */
interface SwipeWorkSources {
  done: StepState[];
  cardById: Map<number, CardState>;
  perUnit: PerUnit;
  valuation: Valuation;
}

/**
 * What the piece-work records of the steps the batch finished need beyond the steps and cards in memory: their lines'
 * and items' per-unit values and the valuation — `valuing`'s when it covers every record (its months and work nodes;
 * it read every card of the world), else one read behind the months' locks; null when no step makes one.
 */
async function swipeWorkSources(tx: Db, world: World, valuing?: SwipeValuation | null): Promise<SwipeWorkSources | null> {
  const cardById = new Map([...world.cards.values()].map(c => [c.id, c]));
  const done = [...world.changed].filter(s => world.finished.has(s.id) && s.status === 'done' && s.person_id !== null
    && s.finished_at !== null && cardById.get(s.card_id)?.canceled === false)
    .sort((a, b) => a.finished_at!.getTime() - b.finished_at!.getTime() || a.id - b.id);
  if (done.length === 0) return null;
  const cardOf = (s: StepState) => cardById.get(s.card_id)!;
  const pre = valuing ? await valuing : null;
  const covered = pre !== null && done.every(s => pre.periods.has(periodOf(localDateString(s.finished_at!)))
    && pre.worknodes.has(s.worknode_id));
  const { perUnit, ...valuation } = covered ? pre : await readValuation(tx, {
    periods: done.map(s => periodOf(localDateString(s.finished_at!))), worknodeIds: done.map(s => s.worknode_id),
    itemIds: done.map(s => cardOf(s).item_id), perUnit: {
      detailIds: done.map(s => cardOf(s).detail_id), itemIds: done.map(s => cardOf(s).item_id),
    },
  });
  return { done, cardById, perUnit, valuation };
}

/**
 * A piece-work record per step the batch finished, made from the steps and cards in memory. Exactly one per step and
 * person, whatever was pushed twice: the unique index on (step, person) of live records skips a step that has one,
 * and settles a race with a supervisor's "from card steps".
 */
async function insertSwipeWorks(tx: Db, sources: SwipeWorkSources | null, by: number): Promise<void> {
  if (!sources) return;
  const { done, cardById, perUnit: { lines, itemWeights }, valuation } = sources;
  await insertValued(tx, done.map(s => {
    const c = cardById.get(s.card_id)!;
    const line = c.detail_id === null ? undefined : lines.get(c.detail_id);
    return workOf({
      cardnode_id: s.id, card_id: c.id, show_id: c.show_id, worknode_id: s.worknode_id, device_id: s.device_id, person_id: s.person_id,
      status: s.status, finished_at: s.finished_at, item_id: c.item_id, good: s.good_quantity ?? 0, bad: s.bad_quantity ?? 0,
      item_weight: c.item_id === null ? null : itemWeights.get(c.item_id) ?? null, line_quantity: line?.quantity ?? null,
      line_kg: line?.kg ?? null, line_metres: line?.metres ?? null,
    });
  }), valuation, 'swipe', by);
}

/** Defects by reason: a reason named twice counts once, with both quantities. */
function defectsByReason(defects: InspectionRow['defects']): { reason: string; quantity: number }[] {
  const by = new Map<string, number>();
  for (const d of defects) by.set(d.reason, Math.round(((by.get(d.reason) ?? 0) + d.quantity) * 10_000) / 10_000);
  return [...by].map(([reason, quantity]) => ({ reason, quantity }));
}

/** The inspections of applied `precheck` and `inspect` facts (by fact id) and their defects. */
export async function writeInspections(tx: Db, made: readonly { factId: number; computerId: number | null; row: InspectionRow }[],
  by: number): Promise<void> {
  for (const kind of ['precheck', 'inspect'] as const) {
    const list = made.filter(m => m.row.kind === kind);
    if (list.length === 0) continue;
    const table = kind === 'precheck' ? sql`predetails` : sql`inventorydetails`;
    const col = <T>(f: (m: (typeof list)[number]) => T) => arr(list.map(f));
    const rowsMade = await rows<{ id: number; fact_id: number }>(tx, sql`
      insert into ${table} (card_id, card_show_id, item_id, worknode_id, quantity, bad_quantity, weight, grade, defects, photos,
        person_id, computer_id, inspected_at, fact_id, remark, created_by, updated_by)
      select x.card_id, x.card_show_id, x.item_id, x.worknode_id, x.quantity, x.bad_quantity, x.weight, x.grade,
        array(select jsonb_array_elements_text(x.defects::jsonb)), array(select jsonb_array_elements_text(x.photos::jsonb)),
        x.person_id, x.computer_id, x.inspected_at, x.fact_id, x.remark, ${by}::int, ${by}::int
      from unnest(${col(m => m.row.card_id)}::int[], ${col(m => m.row.card_show_id)}::text[], ${col(m => m.row.item_id)}::int[],
        ${col(m => m.row.worknode_id)}::int[], ${col(m => m.row.quantity)}::numeric[], ${col(m => m.row.bad_quantity)}::numeric[],
        ${col(m => m.row.weight)}::numeric[], ${col(m => m.row.grade)}::text[],
        ${col(m => JSON.stringify(defectsByReason(m.row.defects).map(d => d.reason)))}::text[],
        ${col(m => JSON.stringify(m.row.photos))}::text[], ${col(m => m.row.person_id)}::int[], ${col(m => m.computerId)}::int[],
        ${col(m => m.row.inspected_at.toISOString())}::timestamptz[], ${col(m => m.factId)}::int[], ${col(m => m.row.remark)}::text[])
        as x(card_id, card_show_id, item_id, worknode_id, quantity, bad_quantity, weight, grade, defects, photos, person_id,
          computer_id, inspected_at, fact_id, remark)
      returning id, fact_id`);
    const idOf = new Map(rowsMade.map(r => [Number(r.fact_id), Number(r.id)]));
    const defects = list.flatMap(m => defectsByReason(m.row.defects).map(d => ({ ...d, m, inspection: idOf.get(m.factId)! })));
    if (defects.length === 0) continue;
    const dc = <T>(f: (d: (typeof defects)[number]) => T) => arr(defects.map(f));
    const parent = kind === 'precheck' ? sql`predetail_id` : sql`inventorydetail_id`;
    await tx.execute(sql`
      insert into baddetails (source, ${parent}, card_id, card_show_id, item_id, worknode_id, reason, quantity, person_id, found_at,
        created_by, updated_by)
      select ${kind}::text, x.parent, x.card_id, x.card_show_id, x.item_id, x.worknode_id, x.reason, x.quantity, x.person_id, x.found_at,
        ${by}::int, ${by}::int
      from unnest(${dc(d => d.inspection)}::int[], ${dc(d => d.m.row.card_id)}::int[], ${dc(d => d.m.row.card_show_id)}::text[],
        ${dc(d => d.m.row.item_id)}::int[], ${dc(d => d.m.row.worknode_id)}::int[], ${dc(d => d.reason)}::text[],
        ${dc(d => d.quantity)}::numeric[], ${dc(d => d.m.row.person_id)}::int[], ${dc(d => d.m.row.inspected_at.toISOString())}::timestamptz[])
        as x(parent, card_id, card_show_id, item_id, worknode_id, reason, quantity, person_id, found_at)`);
  }
}
