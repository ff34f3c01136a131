import { describe, expect, it } from 'vitest';
import { indexOf } from './kiosk-state';
import { decideSwipe, type SwipeContext } from './kiosk-swipe';
import { patternOf } from '../../domain/rules/numbering';

const index = indexOf({
  cards: [{ id: 1, show_id: 'C1', quantity: 100, workflow_id: 3 }],
  steps: [{ id: 11, card_id: 1, seq: 1, worknode_id: 7, status: 'waiting' }],
  worknodes: [{ id: 7, name: '印刷' }, { id: 9, name: '入库', tap_mode: 'single' }],
  workflows: [{ id: 3, worknode_ids: [7] }],
});
const ctx = (over: Partial<SwipeContext> = {}): SwipeContext => ({
  index, badges: new Map([['h-anna', { id: 5, name: '安娜' }]]), operator: { id: 5, name: '安娜' }, worknodeId: 7, pending: [],
  lastSwipe: new Map(), lockoutMs: 10_000, now: 100_000, bad: 0, isCardNumber: () => true, ...over,
});

describe('a scanned code at the kiosk', () => {
  it('refuses a badge nobody has, and writes nothing, rather than taking it for a card (issue 30)', () => {
    const cardShaped = patternOf('card_no_pattern', null).matches;
    // A 10-digit badge number no person has: not a card of the copy, not shaped like a card number.
    expect(decideSwipe(ctx({ isCardNumber: cardShaped }), '0004471234', 'h-unknown')).toEqual({ kind: 'refused', reason: 'tap_badge_unknown' });
    expect(decideSwipe(ctx({ isCardNumber: cardShaped, operator: null }), '0004471234', 'h-unknown'))
      .toEqual({ kind: 'refused', reason: 'tap_badge_unknown' });
    // A card number of the pattern the copy does not hold yet is still taken (the server checks it), as is a card of
    // the copy whatever its shape.
    expect(decideSwipe(ctx({ isCardNumber: cardShaped }), 'C26112900017', 'h-x')).toMatchObject({ kind: 'tap', unverified: true });
    expect(decideSwipe(ctx({ isCardNumber: cardShaped }), 'C1', 'h-c1')).toMatchObject({ kind: 'tap', card: 'C1' });
  });

  it('names the operator when it is a badge, and asks for one before any card', () => {
    expect(decideSwipe(ctx({ operator: null }), '0012345', 'h-anna')).toEqual({ kind: 'operator', operator: { id: 5, name: '安娜' } });
    expect(decideSwipe(ctx({ operator: null }), 'C1', 'h-other')).toEqual({ kind: 'refused', reason: 'tap_need_operator' });
  });

  it('starts a waiting card, then finishes it once the start is pending, with the bad quantity keyed in', () => {
    expect(decideSwipe(ctx(), 'C1', 'h-c1')).toEqual({ kind: 'tap', card: 'C1', action: 'start' });
    const pending = [{ seq: 1, args: { card: 'C1', worknode_id: 7, action: 'start' as const } }];
    expect(decideSwipe(ctx({ pending, bad: 4 }), 'C1', 'h-c1')).toEqual({ kind: 'tap', card: 'C1', action: 'finish', good: 96, bad: 4 });
  });

  it('ignores the same card within the lockout window, and takes it again after', () => {
    expect(decideSwipe(ctx({ lastSwipe: new Map([['C1', 95_000]]) }), 'C1', 'h')).toEqual({ kind: 'ignored', card: 'C1' });
    expect(decideSwipe(ctx({ lastSwipe: new Map([['C1', 89_000]]) }), 'C1', 'h')).toMatchObject({ kind: 'tap' });
  });

  it('accepts a card the copy does not hold as unverified: a start, a finish after its start, a pass where one swipe passes', () => {
    expect(decideSwipe(ctx(), 'C9', 'h')).toEqual({ kind: 'tap', card: 'C9', action: 'start', unverified: true });
    const pending = [{ seq: 1, args: { card: 'C9', worknode_id: 7, action: 'start' as const } }];
    expect(decideSwipe(ctx({ pending }), 'C9', 'h')).toEqual({ kind: 'tap', card: 'C9', action: 'finish', unverified: true });
    expect(decideSwipe(ctx({ worknodeId: 9 }), 'C9', 'h')).toEqual({ kind: 'tap', card: 'C9', action: 'pass', unverified: true });
  });

  it('refuses what the tap rule refuses', () => {
    const pending = [{ seq: 1, args: { card: 'C1', worknode_id: 7, action: 'pass' as const } }];
    expect(decideSwipe(ctx({ pending }), 'C1', 'h')).toEqual({ kind: 'refused', card: 'C1', reason: 'tap_already_done' });
  });
});
