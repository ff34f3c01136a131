import type { CardNodeStatus } from './card-status';

/**
 * What a card swipe at a work node does (docs/shopfloor.md "Tap rules"), decided the same way by the kiosk (from its
 * offline copy, to answer at once) and by the server (from the database, when the fact arrives). Pure.
 *
 * - A work node's `tap_mode`: `start_finish` — a waiting step starts, a running one finishes; `single` — one swipe passes
 *   the step (started and finished at once).
 * - `sequence_check`: the previous live step of the card (by `seq`, skipped ones passed over) must be done — `strict`
 *   refuses, `warn` accepts with a warning, `off` does not look.
 * - A finish records good and bad quantities: by default everything left of the card at that step is good; good + bad
 *   never exceed the card's quantity.
 */
export const TAP_MODES = ['start_finish', 'single'] as const;
export type TapMode = (typeof TAP_MODES)[number];
export const SEQUENCE_CHECKS = ['strict', 'warn', 'off'] as const;
export type SequenceCheck = (typeof SEQUENCE_CHECKS)[number];
export const TAP_ACTIONS = ['start', 'finish', 'pass'] as const;
export type TapAction = (typeof TAP_ACTIONS)[number];

export interface TapStep {
  id: number;
  seq: number;
  worknode_id: number;
  status: CardNodeStatus;
  good_quantity: number | null;
  bad_quantity: number | null;
}

export interface TapCard {
  id: number;
  show_id: string;
  quantity: number;
  canceled: boolean;
  steps: readonly TapStep[];
}

export interface TapPolicy { tap_mode: TapMode; sequence_check: SequenceCheck }

/** Why a swipe is refused: a message key of the catalog (src/domain/messages/shopfloor.ts), shown by the kiosk and the server alike. */
export type TapRefusal =
  | 'tap_card_canceled' | 'tap_no_step' | 'tap_sequence' | 'tap_already_done' | 'tap_quantity';

export type TapDecision =
  | { ok: true; action: TapAction; step: TapStep; warning?: 'tap_sequence_warn'; noop?: boolean }
  | { ok: false; reason: TapRefusal };

const closed = (s: CardNodeStatus) => s === 'done' || s === 'skipped';

/** Whole 1/10 000 units, as quantities are stored. */
const units = (x: number | null | undefined) => Math.round(Number(x ?? 0) * 10_000);

/**
 * What a swipe of `card` at `worknode` does under `policy`: the kiosk calls it with its offline copy (plus its
 * pending facts) to choose the action and answer at once; `requested` is the action a fact names, which the server
 * checks against its own state (a kiosk's `finish` of a step the server still has waiting passes it; a `start` of a
 * step already running changes nothing).
 */
export function decideTap(card: TapCard, worknodeId: number, policy: TapPolicy,
  requested?: { action: TapAction; good?: number | null; bad?: number | null }): TapDecision {
  if (card.canceled) return { ok: false, reason: 'tap_card_canceled' };
  const steps = [...card.steps].sort((a, b) => a.seq - b.seq);
  const step = steps.find(s => s.worknode_id === worknodeId && !closed(s.status))
    ?? steps.find(s => s.worknode_id === worknodeId);
  if (!step) return { ok: false, reason: 'tap_no_step' };
  if (closed(step.status)) return { ok: false, reason: 'tap_already_done' };
  let warning: 'tap_sequence_warn' | undefined;
  if (policy.sequence_check !== 'off') {
    const before = steps.filter(s => s.seq < step.seq && s.status !== 'skipped');
    const previous = before[before.length - 1];
    if (previous && previous.status !== 'done') {
      if (policy.sequence_check === 'strict') return { ok: false, reason: 'tap_sequence' };
      warning = 'tap_sequence_warn';
    }
  }
  const warned = warning ? { warning } : {};
  const wanted: TapAction = requested?.action
    ?? (policy.tap_mode === 'single' ? 'pass' : step.status === 'running' ? 'finish' : 'start');
  if (wanted === 'start') {
    // Started already (another kiosk, or this one's earlier fact): nothing to change.
    if (step.status === 'running') return { ok: true, action: 'start', step, ...warned, noop: true };
    return { ok: true, action: 'start', step: { ...step, status: 'running' }, ...warned };
  }
  const bad = units(requested?.bad ?? 0);
  const good = requested?.good === undefined || requested.good === null ? units(card.quantity) - bad : units(requested.good);
  if (good < 0 || bad < 0 || good + bad > units(card.quantity)) return { ok: false, reason: 'tap_quantity' };
  const action: TapAction = wanted === 'finish' && step.status === 'waiting' ? 'pass' : wanted;
  return { ok: true, action, step: { ...step, status: 'done', good_quantity: good / 10_000, bad_quantity: bad / 10_000 }, ...warned };
}
