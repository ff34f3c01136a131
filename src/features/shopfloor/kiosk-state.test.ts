import { describe, expect, it } from 'vitest';
import { cardState, decideAt, indexOf, kioskReady, type StepRow } from './kiosk-state';

const step = (id: number, seq: number, worknode_id: number, status: StepRow['status'] = 'waiting'): StepRow =>
  ({ id, card_id: 1, seq, worknode_id, status });
const index = (steps: StepRow[], worknodes = [{ id: 7, name: '印刷' }, { id: 8, name: '模切', sequence_check: 'strict' }]) => indexOf({
  cards: [{ id: 1, show_id: 'C1', quantity: 100, workflow_id: 3 }, { id: 2, show_id: 'C2', quantity: 5, canceled: true }],
  steps, worknodes, workflows: [{ id: 3, worknode_ids: [6, 7, 8] }],
});

describe('the kiosk\'s view of a card', () => {
  it('replays its own pending swipes on the pulled copy', () => {
    const ix = index([step(11, 2, 7), step(12, 3, 8)]);
    expect(cardState(ix, 'C1', [])!.steps.map(s => s.status)).toEqual(['waiting', 'waiting']);
    const started = cardState(ix, 'C1', [{ seq: 1, args: { card: 'C1', worknode_id: 7, action: 'start' } }])!;
    expect(started.steps.map(s => s.status)).toEqual(['running', 'waiting']);
    expect(decideAt(ix, started, 7)).toMatchObject({ ok: true, action: 'finish' });
    const finished = cardState(ix, 'C1', [
      { seq: 2, args: { card: 'C1', worknode_id: 7, action: 'finish' } }, { seq: 1, args: { card: 'C1', worknode_id: 7, action: 'start' } },
    ])!;
    expect(finished.steps.map(s => s.status)).toEqual(['done', 'waiting']);
    expect(decideAt(ix, finished, 7)).toEqual({ ok: false, reason: 'tap_already_done' });
    expect(decideAt(ix, finished, 8)).toMatchObject({ ok: true, action: 'start' });
  });

  it('reads a node of the routing missing from the copy as finished, and knows neither an unknown nor a cancelled card', () => {
    const ix = index([step(12, 3, 8)]);
    expect(decideAt(ix, cardState(ix, 'C1', [])!, 7)).toEqual({ ok: false, reason: 'tap_already_done' });
    expect(decideAt(ix, cardState(ix, 'C1', [])!, 9)).toEqual({ ok: false, reason: 'tap_no_step' });
    expect(cardState(ix, 'C9', [])).toBeNull();
    expect(cardState(ix, 'C2', [])).toBeNull();
  });

  it('follows the work node\'s sequence check and takes the bad quantity keyed in for a finish', () => {
    const ix = index([step(11, 2, 7, 'running'), step(12, 3, 8)]);
    expect(decideAt(ix, cardState(ix, 'C1', [])!, 8)).toEqual({ ok: false, reason: 'tap_sequence' });
    expect(decideAt(ix, cardState(ix, 'C1', [])!, 7, { bad: 3 })).toMatchObject({ ok: true, step: { good_quantity: 97, bad_quantity: 3 } });
  });
});

describe('kioskReady (issue 30: ready before its badge list, a valid badge was refused)', () => {
  it('waits for the badge list when the kiosk recognises badges, not otherwise', () => {
    const base = { indexed: true, saltChecked: true, badgeReader: true };
    expect(kioskReady({ ...base, badgesAsOf: null })).toBe(false);
    expect(kioskReady({ ...base, badgesAsOf: 1 })).toBe(true);
    expect(kioskReady({ ...base, badgeReader: false, badgesAsOf: null })).toBe(true);
    expect(kioskReady({ ...base, indexed: false, badgesAsOf: 1 })).toBe(false);
    expect(kioskReady({ ...base, saltChecked: false, badgesAsOf: 1 })).toBe(false);
  });
});
