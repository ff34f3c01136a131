import { describe, expect, it } from 'vitest';
import { decideTap, type TapCard, type TapPolicy, type TapStep } from './tap';

const step = (seq: number, worknode_id: number, status: TapStep['status'] = 'waiting'): TapStep =>
  ({ id: seq * 10, seq, worknode_id, status, good_quantity: null, bad_quantity: null });
const card = (steps: TapStep[], extra: Partial<TapCard> = {}): TapCard => ({ id: 1, show_id: 'C1', quantity: 100, canceled: false, steps, ...extra });
const twoStep: TapPolicy = { tap_mode: 'start_finish', sequence_check: 'warn' };

describe('a swipe at a work node', () => {
  it('starts a waiting step, finishes a running one with everything good, and passes with one swipe in single mode', () => {
    const c = card([step(1, 7), step(2, 8)]);
    expect(decideTap(c, 7, twoStep)).toMatchObject({ ok: true, action: 'start', step: { id: 10, status: 'running' } });
    const running = card([step(1, 7, 'running'), step(2, 8)]);
    expect(decideTap(running, 7, twoStep)).toMatchObject({ ok: true, action: 'finish', step: { status: 'done', good_quantity: 100, bad_quantity: 0 } });
    expect(decideTap(c, 7, { tap_mode: 'single', sequence_check: 'warn' })).toMatchObject({ ok: true, action: 'pass', step: { status: 'done' } });
  });

  it('takes the good and bad quantities named, refusing more than the card', () => {
    const running = card([step(1, 7, 'running')]);
    expect(decideTap(running, 7, twoStep, { action: 'finish', bad: 2.5 })).toMatchObject({ ok: true, step: { good_quantity: 97.5, bad_quantity: 2.5 } });
    expect(decideTap(running, 7, twoStep, { action: 'finish', good: 90, bad: 10 })).toMatchObject({ ok: true });
    expect(decideTap(running, 7, twoStep, { action: 'finish', good: 90, bad: 10.0001 })).toEqual({ ok: false, reason: 'tap_quantity' });
  });

  it('checks the previous step: strict refuses, warn accepts and says so, off does not look; skipped steps are passed over', () => {
    const c = card([step(1, 7, 'running'), step(2, 8)]);
    expect(decideTap(c, 8, { tap_mode: 'start_finish', sequence_check: 'strict' })).toEqual({ ok: false, reason: 'tap_sequence' });
    expect(decideTap(c, 8, twoStep)).toMatchObject({ ok: true, action: 'start', warning: 'tap_sequence_warn' });
    expect(decideTap(c, 8, { tap_mode: 'start_finish', sequence_check: 'off' })).not.toHaveProperty('warning');
    const skipped = card([step(1, 7, 'done'), step(2, 9, 'skipped'), step(3, 8)]);
    expect(decideTap(skipped, 8, { tap_mode: 'start_finish', sequence_check: 'strict' })).toMatchObject({ ok: true });
  });

  it('as the server checks a fact: a start of a running step changes nothing, a finish of a waiting step passes it', () => {
    const running = card([step(1, 7, 'running')]);
    expect(decideTap(running, 7, twoStep, { action: 'start' })).toMatchObject({ ok: true, action: 'start', noop: true });
    expect(decideTap(card([step(1, 7)]), 7, twoStep, { action: 'finish' })).toMatchObject({ ok: true, action: 'pass', step: { status: 'done' } });
  });

  it('refuses a cancelled card, a card without the step, and a step already done', () => {
    expect(decideTap(card([step(1, 7)], { canceled: true }), 7, twoStep)).toEqual({ ok: false, reason: 'tap_card_canceled' });
    expect(decideTap(card([step(1, 7)]), 9, twoStep)).toEqual({ ok: false, reason: 'tap_no_step' });
    expect(decideTap(card([step(1, 7, 'done')]), 7, twoStep)).toEqual({ ok: false, reason: 'tap_already_done' });
  });
});
