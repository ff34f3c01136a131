import type { TapAction } from '../../domain/rules/tap';
import { cardState, decideAt, type KioskIndex, type PendingTap } from './kiosk-state';

/**
 * What one scanned code means at the kiosk (docs/shopfloor.md "Tap rules"), decided from memory so the answer comes at
 * once. Pure: the screen hashes the code (a badge is recognised by its hash), then asks here, then records the fact.
 *
 * - A code whose hash is a person's badge names the operator (the first swipe of a shift, or a change of hands).
 * - A code that is no card of the copy and not shaped like a card number (`card_no_pattern`) is a badge nobody has:
 *   refused as an unknown badge, nothing written (issue 30: it became a card start and a dead letter).
 * - Any other code is a card. Without an operator it is refused: every fact carries who did it.
 * - The same card again within the lockout window is ignored (a double read of one swipe).
 * - A card the offline copy does not hold is accepted unverified (the server checks it): started, or finished when
 *   this kiosk started it earlier, or passed where one swipe passes.
 * - Otherwise the tap rule decides from the copy with the kiosk's own swipes replayed.
 */
export interface Operator { id: number; name: string; code?: string }

export interface SwipeContext {
  index: KioskIndex;
  /** Badge hash → person. */
  badges: ReadonlyMap<string, Operator>;
  operator: Operator | null;
  worknodeId: number;
  /** The kiosk's swipes not yet in the copy (pending, and recorded since the copy was pulled). */
  pending: readonly PendingTap[];
  /** Card → when it was last swiped here (ms). */
  lastSwipe: ReadonlyMap<string, number>;
  lockoutMs: number;
  now: number;
  /** The bad quantity keyed in for the next finish. */
  bad: number;
  /** Whether a code is shaped like a card number (the `card_no_pattern` config, numbering.ts). */
  isCardNumber: (code: string) => boolean;
}

export type SwipeOutcome =
  | { kind: 'operator'; operator: Operator }
  | { kind: 'tap'; card: string; action: TapAction; good?: number; bad?: number; unverified?: true; warning?: 'tap_sequence_warn' }
  | { kind: 'refused'; card?: string; reason: 'tap_need_operator' | 'tap_badge_unknown' | 'tap_card_canceled' | 'tap_no_step' | 'tap_sequence' | 'tap_already_done' | 'tap_quantity' }
  | { kind: 'ignored'; card: string };

export function decideSwipe(ctx: SwipeContext, code: string, hash: string | null): SwipeOutcome {
  const person = hash === null ? undefined : ctx.badges.get(hash);
  if (person) return { kind: 'operator', operator: person };
  const card = cardState(ctx.index, code, ctx.pending);
  // The badge's number is not shown: like every badge number, it stays off screens and logs.
  if (!card && !ctx.isCardNumber(code)) return { kind: 'refused', reason: 'tap_badge_unknown' };
  if (!ctx.operator) return { kind: 'refused', reason: 'tap_need_operator' };
  const last = ctx.lastSwipe.get(code);
  if (last !== undefined && ctx.now - last < ctx.lockoutMs) return { kind: 'ignored', card: code };
  if (!card) {
    const mine = ctx.pending.filter(p => p.args.card === code && p.args.worknode_id === ctx.worknodeId);
    const started = mine.length > 0 && mine[mine.length - 1]!.args.action === 'start';
    const single = ctx.index.worknodes.get(ctx.worknodeId)?.tap_mode === 'single';
    const action: TapAction = single ? 'pass' : started ? 'finish' : 'start';
    return { kind: 'tap', card: code, action, unverified: true, ...(action !== 'start' && ctx.bad > 0 ? { bad: ctx.bad } : {}) };
  }
  const d = decideAt(ctx.index, card, ctx.worknodeId, { bad: ctx.bad });
  if (!d.ok) return { kind: 'refused', card: code, reason: d.reason };
  return {
    kind: 'tap', card: code, action: d.action,
    ...(d.action !== 'start' ? { good: d.step.good_quantity ?? 0, bad: d.step.bad_quantity ?? 0 } : {}),
    ...(d.warning ? { warning: d.warning } : {}),
  };
}
