import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../src/domain/messages/catalog';
import { post, postJson } from '../client';
import {
  cardOf, computer, deviceLogin, factsOf, lineWithCards, person, push, pushOk, stepsOf, tap, worksOf, type Line,
} from './fixtures';

/**
 * `POST /sync/push/` (docs/shopfloor.md "Push"): mixed batches answered per fact, exactly once under replays after
 * a lost reply, two devices at once and two tabs of one device pushing overlapping batches together; the watermark
 * held back by a gap and moved past it by the floor; bad input refused whole with a 4xx.
 */

const en = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => translate('en', key, params);

let operator = 0;

beforeAll(async () => {
  operator = await person();
});

/** A line of `count` cards through one start-and-finish node, a terminal at it, logged in. */
async function kiosk(count: number): Promise<{ line: Line; pc: { id: number; code: string }; session: string; token: string }> {
  const line = await lineWithCards([{}], count, count * 10);
  const pc = await computer(line.nodes);
  const { session, token } = await deviceLogin(pc.code);
  return { line, pc, session, token };
}

describe('a batch', () => {
  it('answers each fact applied, duplicate or rejected, in the caller\'s language, and stores every fact', async () => {
    const { line, pc, session } = await kiosk(2);
    const node = line.nodes[0]!;
    const [a, b] = line.cards;
    const first = tap(1, { card: a!.show_id, worknode_id: node, person_id: operator, action: 'start' });
    ok200(await pushOk(session, pc.code, [first]), 1);
    const batch = [
      first,
      tap(2, { card: 'NO-SUCH-CARD', worknode_id: node, person_id: operator, action: 'start' }),
      tap(3, { card: b!.show_id, worknode_id: node, person_id: operator, action: 'pass' }),
      tap(4, { card: a!.show_id, worknode_id: node, person_id: operator, action: 'finish', good: 9, bad: 1 }),
      // A fact whose arguments do not read is rejected, not the batch.
      { id: randomUUID(), seq: 5, name: 'tap', args: { card: a!.show_id, worknode_id: 'x' }, at: new Date().toISOString(), v: 1 },
    ];
    const r = await push(session, pc.code, batch, undefined, 'en');
    expect(r.status).toBe(200);
    expect(r.body.lastSeq).toBe(5);
    expect(r.body.results).toEqual([
      { id: batch[0]!.id, status: 'duplicate' },
      { id: batch[1]!.id, status: 'rejected', key: 'tap_card_unknown', reason: en('tap_card_unknown', { card: 'NO-SUCH-CARD' }) },
      { id: batch[2]!.id, status: 'applied' },
      { id: batch[3]!.id, status: 'applied' },
      { id: batch[4]!.id, status: 'rejected', key: 'fact_bad_args', reason: expect.stringContaining('worknode_id') as unknown },
    ]);
    const facts = await factsOf(pc.id);
    expect(facts.map(f => [f.seq, f.status, f.reason])).toEqual([
      [1, 'applied', null], [2, 'rejected', 'tap_card_unknown'], [3, 'applied', null], [4, 'applied', null], [5, 'rejected', 'fact_bad_args'],
    ]);
    expect(facts[3]).toMatchObject({ card_id: a!.id, card_show_id: a!.show_id, worknode_id: node, person_id: operator, action: 'finish', good: 9, bad: 1 });
    expect(facts[1]).toMatchObject({ card_id: null, card_show_id: 'NO-SUCH-CARD', reason_params: { card: 'NO-SUCH-CARD' } });
  });

  it('replayed after a lost reply changes nothing and answers the same watermark', async () => {
    const { line, pc, session } = await kiosk(3);
    const node = line.nodes[0]!;
    const batch = line.cards.flatMap((c, i) => [
      tap(2 * i + 1, { card: c.show_id, worknode_id: node, person_id: operator, action: 'start' }),
      tap(2 * i + 2, { card: c.show_id, worknode_id: node, person_id: operator, action: 'finish' }),
    ]);
    batch.push(tap(7, { card: 'NOPE-1', worknode_id: node, person_id: operator, action: 'start' }));
    const first = await pushOk(session, pc.code, batch);
    expect(first.lastSeq).toBe(7);
    expect(first.results.map(r => r.status)).toEqual([...Array(6).fill('applied'), 'rejected']);
    const stepsBefore = await Promise.all(line.cards.map(c => stepsOf(c.id)));
    // The reply was lost: the sender sends the same batch again (twice, to be sure).
    for (let i = 0; i < 2; i++) {
      const again = await pushOk(session, pc.code, batch);
      expect(again.lastSeq).toBe(7);
      expect(again.results.map(r => r.status)).toEqual(Array(7).fill('duplicate'));
      // The rejected one says why again: the first reply may never have reached the sender's dead letters.
      expect(again.results[6]).toMatchObject({ key: 'tap_card_unknown' });
    }
    expect((await factsOf(pc.id)).length).toBe(7);
    expect(await Promise.all(line.cards.map(c => stepsOf(c.id)))).toEqual(stepsBefore);
    for (const steps of stepsBefore) expect(await worksOf(steps[0]!.id as number)).toHaveLength(1);
  });
});

describe('the watermark', () => {
  it('stops at a gap until the missing fact arrives', async () => {
    const { line, pc, session } = await kiosk(4);
    const node = line.nodes[0]!;
    const t = (seq: number, i: number) => tap(seq, { card: line.cards[i]!.show_id, worknode_id: node, person_id: operator, action: 'start' });
    expect((await pushOk(session, pc.code, [t(1, 0), t(2, 1), t(4, 3)])).lastSeq).toBe(2);
    // A push of nothing answers where it stands.
    expect((await pushOk(session, pc.code, [])).lastSeq).toBe(2);
    expect((await pushOk(session, pc.code, [t(3, 2)])).lastSeq).toBe(4);
    const login = await deviceLogin(pc.code);
    expect(login.reply.body.computer).toMatchObject({ last_seq: 4 });
  });

  it('passes a gap the sender no longer holds when its floor says so', async () => {
    const { line, pc, session } = await kiosk(3);
    const node = line.nodes[0]!;
    const t = (seq: number, i: number) => tap(seq, { card: line.cards[i]!.show_id, worknode_id: node, person_id: operator, action: 'start' });
    expect((await pushOk(session, pc.code, [t(1, 0), t(3, 1)])).lastSeq).toBe(1);
    // Seq 2 is gone from the sender (its storage was cleared): its outbox starts at 3.
    expect((await pushOk(session, pc.code, [], 3)).lastSeq).toBe(3);
    // A wiped kiosk starts above the watermark: its floor moves it even with nothing held below, but no further than
    // the facts the server holds.
    expect((await pushOk(session, pc.code, [t(11, 2)], 10)).lastSeq).toBe(9);
    expect((await pushOk(session, pc.code, [], 11)).lastSeq).toBe(11);
    // A floor below the watermark never moves it back.
    expect((await pushOk(session, pc.code, [], 1)).lastSeq).toBe(11);
  });
});

describe('exactly once under concurrency', () => {
  it('two devices at once each apply their own facts', async () => {
    const line = await lineWithCards([{}], 20, 200);
    const node = line.nodes[0]!;
    const pcs = [await computer(line.nodes), await computer(line.nodes)];
    const sessions = [(await deviceLogin(pcs[0]!.code)).session, (await deviceLogin(pcs[1]!.code, 'inspector')).session];
    // Each kiosk starts and finishes its own ten cards; both push in batches, interleaved.
    const batches = pcs.map((_, k) => line.cards.slice(k * 10, k * 10 + 10).flatMap((c, i) => [
      tap(2 * i + 1, { card: c.show_id, worknode_id: node, person_id: operator, action: 'start' }),
      tap(2 * i + 2, { card: c.show_id, worknode_id: node, person_id: operator, action: 'finish' }),
    ]));
    // Batches of whole cards (start and finish together): they may be decided in any order.
    const replies = await Promise.all(pcs.flatMap((pc, k) => [0, 4, 8, 12, 16].map(from => pushOk(sessions[k]!, pc.code, batches[k]!.slice(from, from + 4)))));
    expect(replies.flatMap(r => r.results).every(r => r.status === 'applied')).toBe(true);
    for (const [k, pc] of pcs.entries()) {
      const facts = await factsOf(pc.id);
      expect(facts.map(f => f.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect((await pushOk(sessions[k]!, pc.code, [])).lastSeq).toBe(20);
    }
    for (const c of line.cards) {
      expect(await cardOf(c.id)).toMatchObject({ status: 'done', finished_quantity: 10 });
      expect(await worksOf((await stepsOf(c.id))[0]!.id as number)).toHaveLength(1);
    }
  });

  it('a uuid another device stored is a duplicate, and the rest of the batch is applied once', async () => {
    const line = await lineWithCards([{}], 2, 20);
    const node = line.nodes[0]!;
    const pcs = [await computer(line.nodes), await computer(line.nodes)];
    const sessions = [(await deviceLogin(pcs[0]!.code)).session, (await deviceLogin(pcs[1]!.code)).session];
    const [a, b] = line.cards;
    const first = tap(1, { card: a!.show_id, worknode_id: node, person_id: operator, action: 'start' });
    expect((await pushOk(sessions[0]!, pcs[0]!.code, [first])).results).toEqual([{ id: first.id, status: 'applied' }]);
    // A broken sender on the second device reuses that uuid under its own first seq: above everything the second
    // device has stored, so the push does not look it up; the facts' insert meets it and the batch is decided again.
    const reused = { ...tap(1, { card: b!.show_id, worknode_id: node, person_id: operator, action: 'start' }), id: first.id };
    const next = tap(2, { card: b!.show_id, worknode_id: node, person_id: operator, action: 'start' });
    const r = await pushOk(sessions[1]!, pcs[1]!.code, [reused, next]);
    expect(r.results).toEqual([{ id: first.id, status: 'duplicate' }, { id: next.id, status: 'applied' }]);
    expect((await factsOf(pcs[1]!.id)).map(f => [f.seq, f.status])).toEqual([[2, 'applied']]);
    expect((await factsOf(pcs[0]!.id)).map(f => f.uuid)).toEqual([first.id]);
    expect((await stepsOf(b!.id))[0]).toMatchObject({ status: 'running' });
  });

  it('two tabs of one device pushing overlapping batches together store and apply each fact once', async () => {
    const { line, pc, session, token } = await kiosk(15);
    const node = line.nodes[0]!;
    // The second tab re-opens a session of the device's own login (one device, one enrolment).
    const other = (await post('/accounts/login/', { token })).body.sessionid as string;
    const facts = line.cards.flatMap((c, i) => [
      tap(2 * i + 1, { card: c.show_id, worknode_id: node, person_id: operator, action: 'start' }),
      tap(2 * i + 2, { card: c.show_id, worknode_id: node, person_id: operator, action: 'finish', good: 9, bad: 1 }),
    ]);
    // Tab A sends 1–20, tab B 11–30, then A 15–30 and B 1–14, all at once.
    const replies = await Promise.all([
      pushOk(session, pc.code, facts.slice(0, 20)), pushOk(other, pc.code, facts.slice(10, 30)),
      pushOk(session, pc.code, facts.slice(14, 30)), pushOk(other, pc.code, facts.slice(0, 14)),
    ]);
    const applied = replies.flatMap(r => r.results).filter(r => r.status === 'applied').map(r => r.id);
    expect(applied.sort()).toEqual(facts.map(f => f.id).sort());
    expect(replies.flatMap(r => r.results).every(r => r.status === 'applied' || r.status === 'duplicate')).toBe(true);
    const stored = await factsOf(pc.id);
    expect(stored.map(f => f.uuid)).toEqual(facts.map(f => f.id));
    expect(stored.every(f => f.status === 'applied')).toBe(true);
    expect((await pushOk(session, pc.code, [])).lastSeq).toBe(30);
    for (const c of line.cards) {
      const [step] = await stepsOf(c.id);
      expect(step).toMatchObject({ status: 'done', good_quantity: 9, bad_quantity: 1 });
      expect(await worksOf(step!.id as number)).toHaveLength(1);
    }
  });
});

describe('bad input', () => {
  it('refuses a malformed push with a 4xx and a message, and stores nothing', async () => {
    const { line, pc, session } = await kiosk(1);
    const good = tap(1, { card: line.cards[0]!.show_id, worknode_id: line.nodes[0]!, person_id: operator, action: 'start' });
    const bodies: Record<string, unknown>[] = [
      {},
      { device: pc.code },
      { device: pc.code, mutations: '[1,' },
      { device: pc.code, mutations: '{"a":1}' },
      { device: pc.code, mutations: [{ ...good, id: 'not-a-uuid' }] },
      { device: pc.code, mutations: [{ ...good, seq: 0 }] },
      { device: pc.code, mutations: [{ ...good, seq: 2 ** 31 }] },
      { device: pc.code, mutations: [{ ...good, seq: 1.5 }] },
      { device: pc.code, mutations: [{ ...good, name: 'explode' }] },
      { device: pc.code, mutations: [{ ...good, at: 'yesterday' }] },
      { device: pc.code, mutations: [{ ...good, v: 0 }] },
      { device: pc.code, mutations: [{ ...good, args: 'text' }] },
      { device: pc.code, mutations: [good, { ...good, id: randomUUID() }] },
      { device: pc.code, mutations: Array.from({ length: 501 }, (_, i) => ({ ...good, id: randomUUID(), seq: i + 1 })) },
      { device: pc.code, mutations: [], floor: 'x' },
      { device: pc.code, mutations: [], floor: 0 },
      { device: pc.code, mutations: [], floor: 2 ** 31 },
      { device: 'x'.repeat(65), mutations: [] },
      { device: pc.code, mutations: `${'['.repeat(80)}1${']'.repeat(80)}` },
    ];
    // Each as a form (the contract's structured value in one field) and as a JSON body (what the kiosk sends), and
    // JSON bodies that do not parse or nest too deep.
    const sends = [
      ...bodies.flatMap(b => [() => post('/sync/push/', b, { session }), () => postJson('/sync/push/', b, { session })]),
      () => postJson('/sync/push/', '{"device":', { session }),
      () => postJson('/sync/push/', `{"device":${JSON.stringify(pc.code)},"mutations":${'['.repeat(80)}${']'.repeat(80)}}`, { session }),
    ];
    for (const [i, send] of sends.entries()) {
      const r = await send();
      expect(r.status, `${i}: ${JSON.stringify(bodies[i >> 1] ?? '').slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(r.status, `${i}`).toBeLessThan(500);
      expect(r.body.msg).toBeTruthy();
    }
    expect(await factsOf(pc.id)).toEqual([]);
  });

  it('reads a push sent as a form (the structured value in one field) as it reads a JSON body', async () => {
    const { line, pc, session } = await kiosk(1);
    const a = tap(1, { card: line.cards[0]!.show_id, worknode_id: line.nodes[0]!, person_id: operator, action: 'start' });
    const r = await post('/sync/push/', { device: pc.code, mutations: [a] }, { session });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ lastSeq: 1, results: [{ id: a.id, status: 'applied' }] });
    expect((await stepsOf(line.cards[0]!.id))[0]).toMatchObject({ status: 'running' });
  });

  it('rejects, and stores, a fact with characters a database cannot hold or a payload version it does not know', async () => {
    const { line, pc, session } = await kiosk(1);
    const args = { card: line.cards[0]!.show_id, worknode_id: line.nodes[0]!, person_id: operator, action: 'start' as const };
    const nul = { ...tap(1, args), args: { ...args, card: `${line.cards[0]!.show_id}\u0000` } };
    const surrogate = { ...tap(2, args), args: { ...args, 'k\ud800': 1 } };
    const later = { ...tap(3, args), v: 2 };
    const big = { ...tap(4, args), args: { ...args, pad: 'x'.repeat(20_000) } };
    const r = await pushOk(session, pc.code, [nul, surrogate, later, big]);
    expect(r.lastSeq).toBe(4);
    expect(r.results.map(x => [x.status, x.key])).toEqual(Array(4).fill(['rejected', 'fact_bad_args']));
    expect((await factsOf(pc.id)).map(f => f.status)).toEqual(Array(4).fill('rejected'));
    expect((await stepsOf(line.cards[0]!.id))[0]).toMatchObject({ status: 'waiting' });
  });
});

function ok200(r: { lastSeq: number; results: { status: string }[] }, lastSeq: number): void {
  expect(r.lastSeq).toBe(lastSeq);
  expect(r.results.every(x => x.status === 'applied')).toBe(true);
}
