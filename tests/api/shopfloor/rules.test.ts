import { beforeAll, describe, expect, it } from 'vitest';
import { post, sessionOf } from '../client';
import {
  cardOf, computer, deviceLogin, factsOf, lineWithCards, machine, ok, person, pushOk, stepsOf, tap, worksOf, type Line, type Row,
} from './fixtures';
import { get } from '../client';

/**
 * The tap rules and their effects on the server (docs/shopfloor.md "Tap rules and effects"): every refusal, the
 * accepted oddities (a start of a running step, a finish of a waiting one, a warned sequence), and what an applied
 * swipe writes — the step, the card moving on and finishing, the line's finished quantity, one piece-work record per
 * finished step.
 */

let operator = 0;

beforeAll(async () => {
  operator = await person();
});

interface Kiosk { line: Line; pc: { id: number; code: string }; session: string; seq: number; device: number }

/** A line through `specs` nodes, a terminal at every node of it (and `extra` nodes) at its own machine, logged in. */
async function kiosk(specs: Parameters<typeof lineWithCards>[0], count = 2, extra: number[] = [], quantity = 20): Promise<Kiosk> {
  const line = await lineWithCards(specs, count, quantity);
  const device = await machine(line.nodes[0]!);
  const pc = await computer([...line.nodes, ...extra], device);
  const { session } = await deviceLogin(pc.code);
  return { line, pc, session, seq: 0, device };
}

type TapArgs = Parameters<typeof tap>[1];
/** Pushes swipes of the kiosk (numbered on from its last); their results. */
async function swipe(k: Kiosk, ...args: (Partial<TapArgs> & { card: string; worknode_id: number; action: TapArgs['action'] } & { at?: Date })[]) {
  const ms = args.map(({ at, ...a }) => tap(++k.seq, { person_id: operator, ...a }, at));
  const r = await pushOk(k.session, k.pc.code, ms);
  expect(r.lastSeq).toBe(k.seq);
  return r.results;
}

const timeOf = (v: unknown) => new Date(String(v)).getTime();

describe('refusals', () => {
  it('refuses an unknown card, a cancelled card, a node the card lacks, a node the kiosk does not serve, an unknown person', async () => {
    const other = (await lineWithCards([{}], 1)).nodes[0]!;
    const stranger = (await lineWithCards([{}], 1)).nodes[0]!;
    const k = await kiosk([{}], 2, [other]);
    const [a, b] = k.line.cards;
    const admin = await sessionOf('admin');
    const card = await cardOf(b!.id);
    ok(await post('/orders/cards/cancel/', { id: b!.id, version: card.version }, { session: admin }), 'cancel card');
    const gone = await person(false);
    const node = k.line.nodes[0]!;
    const r = await swipe(k,
      { card: 'C-NOT-A-CARD', worknode_id: node, action: 'start' },
      { card: b!.show_id, worknode_id: node, action: 'start' },
      { card: a!.show_id, worknode_id: other, action: 'start' },
      { card: a!.show_id, worknode_id: stranger, action: 'start' },
      { card: a!.show_id, worknode_id: node, action: 'start', person_id: gone },
      { card: a!.show_id, worknode_id: node, action: 'start', person_id: 2_000_000_000 },
      { card: a!.show_id, worknode_id: node, action: 'start', device_id: 2_000_000_000 });
    expect(r.map(x => [x.status, x.key])).toEqual([
      ['rejected', 'tap_card_unknown'], ['rejected', 'tap_card_canceled'], ['rejected', 'tap_no_step'], ['rejected', 'tap_not_bound'],
      ['rejected', 'tap_person_unknown'], ['rejected', 'tap_person_unknown'], ['rejected', 'fact_bad_args'],
    ]);
    // Every refusal is stored, with the references that exist.
    const facts = await factsOf(k.pc.id);
    expect(facts.map(f => f.status)).toEqual(Array(7).fill('rejected'));
    expect(facts[3]).toMatchObject({ worknode_id: stranger, card_id: a!.id, person_id: operator });
    expect(facts[5]).toMatchObject({ person_id: null, card_id: a!.id });
    expect(facts[6]).toMatchObject({ device_id: null });
    expect((await stepsOf(a!.id))[0]).toMatchObject({ status: 'waiting' });
  });

  it('refuses a strict sequence broken, a quantity beyond the card, and a finish of a finished step', async () => {
    const k = await kiosk([{}, { sequence_check: 'strict' }]);
    const [n1, n2] = k.line.nodes as [number, number];
    const a = k.line.cards[0]!;
    expect((await swipe(k, { card: a.show_id, worknode_id: n2, action: 'start' }))[0]).toMatchObject({ status: 'rejected', key: 'tap_sequence' });
    const r = await swipe(k,
      { card: a.show_id, worknode_id: n1, action: 'finish', good: a.quantity + 1 },
      { card: a.show_id, worknode_id: n1, action: 'finish', good: a.quantity - 1, bad: 2 },
      { card: a.show_id, worknode_id: n1, action: 'finish', good: 5, bad: 1 },
      { card: a.show_id, worknode_id: n1, action: 'finish', good: 1 },
      { card: a.show_id, worknode_id: n1, action: 'start' });
    expect(r.map(x => [x.status, x.key ?? null])).toEqual([
      ['rejected', 'tap_quantity'], ['rejected', 'tap_quantity'], ['applied', null], ['rejected', 'tap_already_done'],
      ['rejected', 'tap_already_done'],
    ]);
    // With the first step done, the strict step takes the card.
    expect((await swipe(k, { card: a.show_id, worknode_id: n2, action: 'start' }))[0]).toMatchObject({ status: 'applied' });
  });
});

describe('accepted swipes', () => {
  it('a start of a running step is applied and changes nothing; a finish of a waiting step passes it', async () => {
    const k = await kiosk([{}, {}]);
    const [n1] = k.line.nodes as [number, number];
    const [a, b] = k.line.cards as [Line['cards'][number], Line['cards'][number]];
    const other = await person();
    const t0 = new Date(Date.now() - 60_000);
    await swipe(k, { card: a.show_id, worknode_id: n1, action: 'start', at: t0 });
    const before = (await stepsOf(a.id))[0]!;
    const r = await swipe(k, { card: a.show_id, worknode_id: n1, action: 'start', person_id: other });
    expect(r[0]).toMatchObject({ status: 'applied' });
    expect((await stepsOf(a.id))[0]).toEqual(before);
    expect((await factsOf(k.pc.id)).at(-1)).toMatchObject({ status: 'applied', action: 'start', cardnode_id: before.id });
    const t1 = new Date(Date.now() - 30_000);
    const passed = await swipe(k, { card: b.show_id, worknode_id: n1, action: 'finish', at: t1 });
    expect(passed[0]).toMatchObject({ status: 'applied' });
    const step = (await stepsOf(b.id))[0]!;
    expect(step).toMatchObject({ status: 'done', good_quantity: b.quantity, bad_quantity: 0, person_id: operator, device_id: k.device });
    expect(timeOf(step.started_at)).toBe(t1.getTime());
    expect(timeOf(step.finished_at)).toBe(t1.getTime());
    expect((await factsOf(k.pc.id)).at(-1)).toMatchObject({ action: 'pass', good: b.quantity, bad: 0 });
  });

  it('applies a broken warn sequence with its warning, and a node without checks silently', async () => {
    const k = await kiosk([{}, { sequence_check: 'warn' }, { sequence_check: 'off' }]);
    const [, n2, n3] = k.line.nodes as [number, number, number];
    const a = k.line.cards[0]!;
    const r = await swipe(k, { card: a.show_id, worknode_id: n2, action: 'start' }, { card: a.show_id, worknode_id: n3, action: 'pass' });
    expect(r[0]).toMatchObject({ status: 'applied', key: 'tap_sequence_warn', reason: expect.any(String) as unknown });
    expect(r[1]).toEqual({ id: r[1]!.id, status: 'applied' });
    expect((await factsOf(k.pc.id))[0]).toMatchObject({ status: 'applied', reason: 'tap_sequence_warn' });
  });

  it('decides each fact against what the facts before it in the batch left', async () => {
    const k = await kiosk([{ tap_mode: 'single' }, { sequence_check: 'strict' }]);
    const [n1, n2] = k.line.nodes as [number, number];
    const a = k.line.cards[0]!;
    const r = await swipe(k,
      { card: a.show_id, worknode_id: n1, action: 'pass' },
      { card: a.show_id, worknode_id: n2, action: 'start' },
      { card: a.show_id, worknode_id: n2, action: 'finish', bad: 1 },
      { card: a.show_id, worknode_id: n2, action: 'finish' });
    expect(r.map(x => [x.status, x.key ?? null])).toEqual([['applied', null], ['applied', null], ['applied', null], ['rejected', 'tap_already_done']]);
    const steps = await stepsOf(a.id);
    expect(steps.map(s => [s.status, s.good_quantity, s.bad_quantity])).toEqual([['done', a.quantity, 0], ['done', a.quantity - 1, 1]]);
  });
});

describe('effects', () => {
  it('starts and finishes steps, moves the card on, finishes it and its line, and makes one work record per finished step', async () => {
    const k = await kiosk([{}, { tap_mode: 'single' }], 2, [], 30);
    const [n1, n2] = k.line.nodes as [number, number];
    const [a, b] = k.line.cards as [Line['cards'][number], Line['cards'][number]];
    const admin = await sessionOf('admin');
    const t0 = new Date(Date.now() - 120_000);
    await swipe(k, { card: a.show_id, worknode_id: n1, action: 'start', at: t0 });
    let steps = await stepsOf(a.id);
    expect(steps[0]).toMatchObject({ status: 'running', person_id: operator, device_id: k.device, finished_at: null });
    expect(timeOf(steps[0]!.started_at)).toBe(t0.getTime());
    expect(await cardOf(a.id)).toMatchObject({ status: 'running', worknode_id: n1 });

    const t1 = new Date(Date.now() - 60_000);
    await swipe(k, { card: a.show_id, worknode_id: n1, action: 'finish', good: 14, bad: 1, at: t1 });
    steps = await stepsOf(a.id);
    expect(steps[0]).toMatchObject({ status: 'done', good_quantity: 14, bad_quantity: 1 });
    expect(timeOf(steps[0]!.finished_at)).toBe(t1.getTime());
    expect(timeOf(steps[0]!.started_at)).toBe(t0.getTime());
    // The card moves to its next node.
    expect(await cardOf(a.id)).toMatchObject({ status: 'running', worknode_id: n2, bad_quantity: 1, finished_quantity: 0 });
    const works = await worksOf(steps[0]!.id as number);
    expect(works).toHaveLength(1);
    expect(works[0]).toMatchObject({ person_id: operator, card_id: a.id, worknode_id: n1, quantity: 14, bad_quantity: 1, source: 'swipe' });

    // The last step finishes the card, and the line's finished quantity follows.
    await swipe(k, { card: a.show_id, worknode_id: n2, action: 'pass', good: 14 });
    expect(await cardOf(a.id)).toMatchObject({ status: 'done', worknode_id: null, finished_quantity: 14, bad_quantity: 1 });
    let line = ok(await get('/orders/details/detail/', { id: k.line.detail }, { session: admin })).body.dt as Row;
    expect(line.finished_quantity).toBe(14);
    expect(await worksOf((await stepsOf(a.id))[1]!.id as number)).toHaveLength(1);

    // Card b in one batch, pushed twice: one record per step all the same.
    const batch = [
      tap(++k.seq, { card: b.show_id, worknode_id: n1, person_id: operator, action: 'pass' }),
      tap(++k.seq, { card: b.show_id, worknode_id: n2, person_id: operator, action: 'pass' }),
    ];
    expect((await pushOk(k.session, k.pc.code, batch)).results.map(r => r.status)).toEqual(['applied', 'applied']);
    expect((await pushOk(k.session, k.pc.code, batch)).results.map(r => r.status)).toEqual(['duplicate', 'duplicate']);
    for (const s of await stepsOf(b.id)) expect(await worksOf(s.id as number)).toHaveLength(1);
    line = ok(await get('/orders/details/detail/', { id: k.line.detail }, { session: admin })).body.dt as Row;
    expect(line.finished_quantity).toBe(14 + b.quantity);
    expect(await cardOf(b.id)).toMatchObject({ status: 'done', finished_quantity: b.quantity });
  });

  it('finishes a step swiped on a day of a closed pay month, without a piece-work record there', async () => {
    const k = await kiosk([{ tap_mode: 'single' }], 2);
    const [a, b] = k.line.cards as [Line['cards'][number], Line['cards'][number]];
    const node = k.line.nodes[0]!;
    const admin = await sessionOf('admin');
    const closePeriod = (closed: 0 | 1) => post('/persons/works/close_period/', { period: '2019-03', closed }, { session: admin });
    ok(await closePeriod(1), 'close 2019-03');
    try {
      // One batch: a swipe dated in the closed month and one of today.
      const r = await swipe(k, { card: a.show_id, worknode_id: node, action: 'pass', good: 5, at: new Date(2019, 2, 15, 10) },
        { card: b.show_id, worknode_id: node, action: 'pass', good: 6 });
      expect(r.map(x => x.status)).toEqual(['applied', 'applied']);
      const [sa] = await stepsOf(a.id);
      const [sb] = await stepsOf(b.id);
      expect(sa).toMatchObject({ status: 'done', good_quantity: 5 });
      expect(await worksOf(sa!.id as number)).toEqual([]);
      expect(await worksOf(sb!.id as number)).toEqual([expect.objectContaining({ quantity: 6, source: 'swipe' })]);
    } finally {
      ok(await closePeriod(0), 'reopen 2019-03');
    }
  });
});
