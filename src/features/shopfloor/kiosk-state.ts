import type { TapArgs } from '../../domain/contract/facts';
import type { CardNodeStatus } from '../../domain/rules/card-status';
import {
  decideTap, SEQUENCE_CHECKS, TAP_MODES, type SequenceCheck, type TapCard, type TapDecision, type TapMode, type TapPolicy, type TapStep,
} from '../../domain/rules/tap';

/**
 * What the kiosk knows about a card when it is swiped, offline or not (docs/shopfloor.md): the offline copy holds the
 * open cards and their open steps (waiting, running — offlineScope), pulled from the server; the kiosk's own facts not
 * yet acknowledged are replayed on top, so a card started here a minute ago reads as running even before the server
 * has it. A step of an open card missing from the copy is finished (it left the scope). Pure: the screen keeps the
 * rows in memory and calls these on every swipe.
 */

/** The fields of the offline rows the kiosk reads (a pulled row leaves out its empty fields). */
export interface CardRow { id: number; show_id: string; quantity: number; canceled?: boolean; status?: string; workflow_id?: number; item_id?: number; item_id_name?: string; unit?: string; order_show_id?: string }
export interface StepRow { id: number; card_id: number; worknode_id: number; seq?: number; status: CardNodeStatus; good_quantity?: number; bad_quantity?: number; canceled?: boolean }
export interface WorknodeRow { id: number; name: string; tap_mode?: string; sequence_check?: string }

/** The copy, indexed for a swipe: cards by number, their open steps, the work nodes, the routings' work nodes. */
export interface KioskIndex {
  cards: ReadonlyMap<string, CardRow>;
  steps: ReadonlyMap<number, readonly StepRow[]>;
  worknodes: ReadonlyMap<number, WorknodeRow>;
  /** Workflow id → its work nodes in order (to tell a finished step from a missing one). */
  routes: ReadonlyMap<number, readonly number[]>;
}

export function indexOf(rows: { cards: readonly CardRow[]; steps: readonly StepRow[]; worknodes: readonly WorknodeRow[];
  workflows: readonly { id: number; worknode_ids?: number[] }[] }): KioskIndex {
  const cards = new Map<string, CardRow>();
  for (const c of rows.cards) if (!c.canceled) cards.set(c.show_id, c);
  const steps = new Map<number, StepRow[]>();
  for (const s of rows.steps) {
    if (s.canceled) continue;
    const list = steps.get(s.card_id);
    if (list) list.push(s); else steps.set(s.card_id, [s]);
  }
  return {
    cards, steps,
    worknodes: new Map(rows.worknodes.map(w => [w.id, w])),
    routes: new Map(rows.workflows.map(w => [w.id, w.worknode_ids ?? []])),
  };
}

export function policyOf(w: WorknodeRow | undefined): TapPolicy {
  const mode = (TAP_MODES as readonly string[]).includes(w?.tap_mode ?? '') ? w!.tap_mode as TapMode : 'start_finish';
  const check = (SEQUENCE_CHECKS as readonly string[]).includes(w?.sequence_check ?? '') ? w!.sequence_check as SequenceCheck : 'warn';
  return { tap_mode: mode, sequence_check: check };
}

/** A pending fact of the kiosk that touches a card (its arguments as recorded). */
export interface PendingTap { seq: number; args: Pick<TapArgs, 'card' | 'worknode_id' | 'action'> }

/**
 * The card as the kiosk sees it now: its open steps from the copy with the kiosk's pending swipes replayed (a start
 * runs the step, a finish or pass closes it). Null when the copy does not hold the card.
 */
export function cardState(index: KioskIndex, showId: string, pending: readonly PendingTap[]): TapCard | null {
  const card = index.cards.get(showId);
  if (!card) return null;
  const steps: TapStep[] = (index.steps.get(card.id) ?? []).map(s => ({
    id: s.id, seq: s.seq ?? 0, worknode_id: s.worknode_id, status: s.status,
    good_quantity: s.good_quantity ?? null, bad_quantity: s.bad_quantity ?? null,
  }));
  for (const f of [...pending].filter(p => p.args.card === showId).sort((a, b) => a.seq - b.seq)) {
    const open = steps.filter(s => s.worknode_id === f.args.worknode_id && s.status !== 'done' && s.status !== 'skipped')
      .sort((a, b) => a.seq - b.seq)[0];
    if (!open) continue;
    open.status = f.args.action === 'start' ? 'running' : 'done';
  }
  return { id: card.id, show_id: card.show_id, quantity: Number(card.quantity), canceled: !!card.canceled, steps };
}

/**
 * The swipe's decision at a work node. A card whose open steps miss this node, while its routing has it, finished
 * the node (the finished step left the copy): "already done", not "no such step".
 */
export function decideAt(index: KioskIndex, card: TapCard, worknodeId: number, opts: { bad?: number } = {}): TapDecision {
  const policy = policyOf(index.worknodes.get(worknodeId));
  const d = decideTap(card, worknodeId, policy);
  if (!d.ok && d.reason === 'tap_no_step') {
    const row = index.cards.get(card.show_id);
    const route = row?.workflow_id !== undefined ? index.routes.get(row.workflow_id) : undefined;
    if (route?.includes(worknodeId)) return { ok: false, reason: 'tap_already_done' };
  }
  // A finish carries the bad quantity the operator keyed in before the swipe; the rest of the card is good.
  if (d.ok && d.action !== 'start' && opts.bad) return decideTap(card, worknodeId, policy, { action: d.action, bad: opts.bad });
  return d;
}

/**
 * Whether the kiosk takes scans: its copy has been read and the badge salt looked for — and, when it can recognise
 * badges, its badge list has arrived at least once (issue 30: a kiosk that looked ready before it refused a valid badge
 * with 请先刷工牌, and took an unknown badge for a card). Until then it says it is loading the badges.
 */
export function kioskReady(s: { indexed: boolean; saltChecked: boolean; badgeReader: boolean; badgesAsOf: number | null }): boolean {
  return s.indexed && s.saltChecked && (!s.badgeReader || s.badgesAsOf !== null);
}
