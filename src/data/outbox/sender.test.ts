import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUSH_BYTES_MAX, PUSH_MAX, type Mutation, type PushReply, type PushResult } from '../../domain/contract/sync';
import { ApiError } from '../errors';
import { OfflineDb } from '../offline/db';
import { rememberComputer } from './device';
import { deadLetters, outboxIsEmpty, pendingFacts, recordFact } from './outbox';
import {
  BACKOFF_BASE_MS, BACKOFF_MAX_MS, backoffDelay, createOutboxSender, PUSH_LOCK, WRITE_MAX_WAIT_MS, WRITE_QUIET_MS, type OutboxSender,
  type SenderDeps,
} from './sender';
import { outboxStatusStore } from './status';

let n = 0;
const opened: OfflineDb[] = [];
const senders: OutboxSender[] = [];
function open(name = `sender-test-${++n}`): OfflineDb {
  const db = new OfflineDb(name);
  opened.push(db);
  return db;
}
afterEach(() => {
  for (const s of senders.splice(0)) s.stop();
  for (const db of opened.splice(0)) db.close();
  vi.useRealTimers();
});

const KIOSK = { id: 9, code: 'K-01', name: 'Kiosk 1', worknode_ids: [3], device_id: null, last_seq: 0 };
const tap = (card: string) => ({ card, worknode_id: 3, person_id: 5, action: 'start' });

async function kiosk(name?: string): Promise<OfflineDb> {
  const db = open(name);
  await rememberComputer(db, KIOSK);
  return db;
}

async function queue(db: OfflineDb, count: number, from = 0): Promise<void> {
  for (let i = 0; i < count; i++) await recordFact('tap', tap(`C${from + i}`), { db });
}

/**
 * The server's side of push as docs/shopfloor.md "Push" decides it: idempotent by uuid, every fact stored (applied
 * or rejected), the watermark moved to floor − 1 and up over every seq held without a gap.
 */
function fakeServer(o: { reject?: (m: Mutation) => string | null } = {}) {
  const held = new Map<string, Mutation>();
  const refused = new Map<string, string>();
  const seqs = new Set<number>();
  let lastSeq = 0;
  const calls: { device: string; seqs: number[]; floor: number }[] = [];
  const apply = (device: string, ms: readonly Mutation[], floor: number): PushReply => {
    calls.push({ device, seqs: ms.map(m => m.seq), floor });
    const results: PushResult[] = ms.map(m => {
      if (held.has(m.id)) {
        // A replay of a refused fact says why again (server/areas/shopfloor/facts/push.ts), in case the first reply was lost.
        const why = refused.get(m.id);
        return why === undefined ? { id: m.id, status: 'duplicate' } : { id: m.id, status: 'duplicate', reason: why, key: 'shopfloor.refused' };
      }
      held.set(m.id, m);
      seqs.add(m.seq);
      const why = o.reject?.(m) ?? null;
      if (why === null) return { id: m.id, status: 'applied' };
      refused.set(m.id, why);
      return { id: m.id, status: 'rejected', reason: why, key: 'shopfloor.refused' };
    });
    if (lastSeq < floor - 1) lastSeq = floor - 1;
    while (seqs.has(lastSeq + 1)) lastSeq++;
    return { msg: 'OK', lastSeq, results };
  };
  const push = vi.fn(async (device: string, ms: readonly Mutation[], floor: number) => apply(device, ms, floor));
  return { held, calls, push, apply };
}

function sender(db: OfflineDb, deps: Partial<SenderDeps>): OutboxSender {
  const s = createOutboxSender({
    db: () => db, hasSession: () => true, reachable: () => true, locks: () => undefined, reopen: async () => false, ...deps,
  });
  senders.push(s);
  return s;
}

const unreachable = () => new ApiError({ kind: 'network', status: 0, msg: 'network error' });

/** Web Locks as one browser has them: one holder per name; `ifAvailable` answers null while it is held. */
function fakeLocks(): LockManager {
  const held = new Set<string>();
  const request = async (name: string, opts: LockOptions, cb: (lock: Lock | null) => unknown) => {
    if (held.has(name)) {
      if (opts.ifAvailable) return cb(null);
      throw new Error('the fake grants only ifAvailable requests');
    }
    held.add(name);
    try {
      return await cb({ name, mode: 'exclusive' } as Lock);
    } finally {
      held.delete(name);
    }
  };
  return { request, query: async () => ({ held: [...held].map(name => ({ name })) }) } as unknown as LockManager;
}

beforeEach(() => {
  outboxStatusStore.setState({ pending: 0, oldestAt: null, deadLetters: 0, sending: false, lastError: null, lastSuccessAt: null, nextAttemptAt: null });
});

describe('pushing the outbox', () => {
  it('pushes in seq order, at most PUSH_MAX a call, as the kiosk, with the lowest queued seq as floor, until empty', async () => {
    const db = await kiosk();
    await db.transaction('rw', db.outbox, db.counters, async () => {
      // 1,200 facts written at once (as a long offline shift leaves them).
      const facts = Array.from({ length: 1200 }, (_, i) => ({
        id: crypto.randomUUID(), seq: i + 1, name: 'tap' as const, args: tap(`C${i}`), at: new Date().toISOString(), v: 1, device: 'K-01',
      }));
      await db.outbox.bulkAdd(facts);
      await db.counters.put({ key: 'seq', value: 1201 });
    });
    const server = fakeServer();
    const s = sender(db, { push: server.push });
    expect(await s.round()).toEqual({ kind: 'empty' });
    expect(server.calls.map(c => [c.device, c.seqs.length, c.seqs[0], c.floor])).toEqual([
      ['K-01', PUSH_MAX, 1, 1], ['K-01', PUSH_MAX, 501, 501], ['K-01', 200, 1001, 1001],
    ]);
    for (const c of server.calls) expect(c.seqs).toEqual([...c.seqs].sort((a, b) => a - b));
    expect(server.held.size).toBe(1200);
    expect(await outboxIsEmpty({ db })).toBe(true);
    expect(outboxStatusStore.getState()).toMatchObject({ lastError: null, sending: false });
    expect(outboxStatusStore.getState().lastSuccessAt).not.toBeNull();
  });

  it('ends a batch before its facts\' arguments pass PUSH_BYTES_MAX, and sends a fact heavier than that alone', async () => {
    const db = await kiosk();
    const heavy = (seq: number, bytes: number) => ({
      id: crypto.randomUUID(), seq, name: 'tap' as const, args: { ...tap(`C${seq}`), pad: 'x'.repeat(bytes) }, at: new Date().toISOString(),
      v: 1, device: 'K-01',
    });
    const third = Math.floor(PUSH_BYTES_MAX / 3);
    await db.transaction('rw', db.outbox, db.counters, async () => {
      // Three of a third each fill a push (with their other fields, a little more): two go, then the rest.
      await db.outbox.bulkAdd([heavy(1, third), heavy(2, third), heavy(3, third), heavy(4, PUSH_BYTES_MAX * 2), heavy(5, 10)]);
      await db.counters.put({ key: 'seq', value: 6 });
    });
    const server = fakeServer();
    expect(await sender(db, { push: server.push }).round()).toEqual({ kind: 'empty' });
    expect(server.calls.map(c => c.seqs)).toEqual([[1, 2], [3], [4], [5]]);
  });

  it('sends the mutations exactly as the contract has them', async () => {
    const db = await kiosk();
    await queue(db, 1);
    const [fact] = await pendingFacts({ db });
    const server = fakeServer();
    await sender(db, { push: server.push }).round();
    expect(server.push.mock.calls[0]![1]).toEqual([{ id: fact!.id, seq: 1, name: 'tap', args: fact!.args, at: fact!.at, v: 1 }]);
  });

  it('moves rejected facts to the dead letters and drops nothing else', async () => {
    const db = await kiosk();
    await queue(db, 5);
    const server = fakeServer({ reject: m => (m.args.card === 'C2' ? '卡片不存在' : null) });
    await sender(db, { push: server.push }).round();
    expect(await outboxIsEmpty({ db })).toBe(true);
    expect((await deadLetters({ db })).map(d => [d.args.card, d.reason, d.key])).toEqual([['C2', '卡片不存在', 'shopfloor.refused']]);
  });

  it('keeps everything when the server is out of reach, answers 5xx or refuses the push', async () => {
    const db = await kiosk();
    await queue(db, 3);
    for (const e of [unreachable(), new ApiError({ kind: 'server', status: 500, msg: '服务器错误' }),
      new ApiError({ kind: 'rejected', status: 403, msg: '不是此终端的会话' }), new Error('boom')]) {
      const s = sender(db, { push: vi.fn(async () => { throw e; }) });
      const outcome = await s.round();
      expect(outcome.kind).toBe('failed');
      expect((await pendingFacts({ db })).map(f => f.seq)).toEqual([1, 2, 3]);
      s.stop();
    }
    expect(outboxStatusStore.getState().lastError).toMatchObject({ kind: 'failed', message: 'boom' });
  });

  it('keeps a reply that is lost after the server committed harmless: the replay comes back duplicate', async () => {
    const db = await kiosk();
    await queue(db, 3);
    const server = fakeServer();
    let lose = true;
    const push = vi.fn(async (d: string, ms: readonly Mutation[], f: number) => {
      const r = server.apply(d, ms, f);
      if (lose) { lose = false; throw unreachable(); }
      return r;
    });
    const s = sender(db, { push });
    expect((await s.round()).kind).toBe('failed');
    expect(await db.outbox.count()).toBe(3);
    s.stop();
    await sender(db, { push }).round();
    expect(await outboxIsEmpty({ db })).toBe(true);
    expect(server.held.size).toBe(3);
  });

  it('a push that settles nothing (a gap the server waits for) stops the round and backs off', async () => {
    const db = await kiosk();
    await queue(db, 2);
    const push = vi.fn(async (_d: string, ms: readonly Mutation[]) => ({
      msg: 'OK', lastSeq: 0, results: ms.map(m => ({ id: m.id, status: 'applied' as const })),
    }));
    const s = sender(db, { push, random: () => 1 });
    expect(await s.round()).toEqual({ kind: 'stalled' });
    expect(push).toHaveBeenCalledTimes(1);
    expect(await db.outbox.count()).toBe(2);
    expect(s.failures).toBe(1);
    expect(outboxStatusStore.getState().nextAttemptAt).not.toBeNull();
  });

  it('pushes only the facts of the computer it is logged in as (and those queued before any device login)', async () => {
    const db = open();
    await queue(db, 1, 0);
    await rememberComputer(db, { ...KIOSK, code: 'K-OLD' });
    await queue(db, 1, 1);
    await rememberComputer(db, KIOSK);
    await queue(db, 1, 2);
    const server = fakeServer();
    await sender(db, { push: server.push }).round();
    // Seq 2 is not this computer's: the server's watermark waits at 1 until the floor (3) passes the gap.
    expect(server.calls).toEqual([{ device: 'K-01', seqs: [1, 3], floor: 1 }, { device: 'K-01', seqs: [3], floor: 3 }]);
    expect(server.held.size).toBe(2);
    expect((await pendingFacts({ db })).map(f => [f.seq, f.device])).toEqual([[2, 'K-OLD']]);
  });

  it('without a device login there is nothing to push as: the facts wait, the status says why', async () => {
    const db = open();
    await queue(db, 1);
    const push = vi.fn();
    expect(await sender(db, { push }).round()).toMatchObject({ kind: 'failed', error: { kind: 'no_device' } });
    expect(push).not.toHaveBeenCalled();
    expect(await db.outbox.count()).toBe(1);
  });
});

describe('a lapsed session', () => {
  it('needlogin: re-opens the session with the token and sends again, dropping nothing', async () => {
    const db = await kiosk();
    await queue(db, 2);
    const server = fakeServer();
    let session = false;
    const push = vi.fn(async (d: string, ms: readonly Mutation[], f: number) => {
      if (!session) throw new ApiError({ kind: 'needlogin', status: 401, msg: '请重新登录' });
      return server.apply(d, ms, f);
    });
    const reopen = vi.fn(async () => { session = true; return true; });
    expect(await sender(db, { push, reopen }).round()).toEqual({ kind: 'empty' });
    expect(reopen).toHaveBeenCalledOnce();
    expect(push).toHaveBeenCalledTimes(2);
    expect(server.held.size).toBe(2);
    expect(await outboxIsEmpty({ db })).toBe(true);
  });

  it('needlogin that the token cannot cure: everything kept, retried after a login', async () => {
    const db = await kiosk();
    await queue(db, 2);
    const server = fakeServer();
    let session = false;
    const push = vi.fn(async (d: string, ms: readonly Mutation[], f: number) => {
      if (!session) throw new ApiError({ kind: 'needlogin', status: 401, msg: '请重新登录' });
      return server.apply(d, ms, f);
    });
    const reopen = vi.fn(async () => false);
    const s = sender(db, { push, reopen });
    expect(await s.round()).toMatchObject({ kind: 'failed', error: { kind: 'needlogin' } });
    expect(reopen).toHaveBeenCalledOnce();
    expect(await db.outbox.count()).toBe(2);
    expect(outboxStatusStore.getState().lastError?.kind).toBe('needlogin');
    // The operator's supervisor logs the kiosk in again.
    session = true;
    expect(await s.round()).toEqual({ kind: 'empty' });
    expect(server.held.size).toBe(2);
  });

  it('a tab without a session opens one with the token before pushing', async () => {
    const db = await kiosk();
    await queue(db, 1);
    let session = false;
    const server = fakeServer();
    const reopen = vi.fn(async () => { session = true; return true; });
    await sender(db, { push: server.push, reopen, hasSession: () => session }).round();
    expect(reopen).toHaveBeenCalledOnce();
    expect(server.held.size).toBe(1);
  });
});

describe('one sender per browser', () => {
  it('a tab that finds the lock taken does not push; the holder sends every tab\'s facts', async () => {
    const name = `sender-tabs-${++n}`;
    const a = await kiosk(name), b = open(name);
    await queue(a, 3);
    const locks = fakeLocks();
    const server = fakeServer();
    let inFlight = 0, most = 0;
    let release!: () => void;
    const gate = new Promise<void>(r => { release = r; });
    const push = vi.fn(async (d: string, ms: readonly Mutation[], f: number) => {
      most = Math.max(most, ++inFlight);
      await gate;
      inFlight--;
      return server.apply(d, ms, f);
    });
    const tabA = sender(a, { push, locks: () => locks });
    const tabB = sender(b, { push, locks: () => locks, random: () => 1 });
    const first = tabA.round();
    await vi.waitFor(() => expect(push).toHaveBeenCalledTimes(1));
    // Tab B writes while tab A pushes, and tries to send itself.
    await queue(b, 2, 10);
    expect(await tabB.round()).toEqual({ kind: 'busy' });
    release();
    expect(await first).toEqual({ kind: 'empty' });
    expect(most).toBe(1);
    // Tab A's round read the outbox again after its first push and sent tab B's facts.
    expect(server.calls.map(c => c.seqs)).toEqual([[1, 2, 3], [4, 5]]);
    expect(await outboxIsEmpty({ db: b })).toBe(true);
    expect(PUSH_LOCK).toBe('ipos-outbox-push');
  });

  it('a busy tab looks again soon while facts are pending', async () => {
    const db = await kiosk();
    await queue(db, 1);
    const locks = { request: async (_n: string, _o: LockOptions, cb: (l: Lock | null) => unknown) => cb(null) } as unknown as LockManager;
    const s = sender(db, { push: vi.fn(), locks: () => locks, random: () => 1, now: () => 1_000 });
    expect(await s.round()).toEqual({ kind: 'busy' });
    expect(outboxStatusStore.getState().nextAttemptAt).toBe(1_000 + BACKOFF_BASE_MS);
    expect(s.failures).toBe(0);
  });

  it('without Web Locks it sends all the same', async () => {
    const db = await kiosk();
    await queue(db, 1);
    const server = fakeServer();
    await sender(db, { push: server.push, locks: () => undefined }).round();
    expect(server.held.size).toBe(1);
  });

  it('two tabs, a second kiosk, lost replies and refusals: every fact reaches the server once, every outbox empties', async () => {
    // A small chaos run: deterministic "random" failures before and after the server commits.
    let x = 42;
    const rand = () => { x = (x * 1103515245 + 12345) % 2 ** 31; return x / 2 ** 31; };
    const locks = fakeLocks();
    const servers = new Map<string, ReturnType<typeof fakeServer>>();
    const serverOf = (device: string) => {
      let s = servers.get(device);
      if (!s) { s = fakeServer({ reject: m => (/7$/.test(String(m.args.card)) ? 'unknown card' : null) }); servers.set(device, s); }
      return s;
    };
    let lost = 0, replayedRefusals = 0;
    const push = async (d: string, ms: readonly Mutation[], f: number) => {
      const r = rand();
      if (r < 0.2) throw unreachable();
      const reply = serverOf(d).apply(d, ms, f);
      replayedRefusals += reply.results.filter(x => x.status === 'duplicate' && x.reason).length;
      if (r < 0.5) { lost++; throw unreachable(); }
      return reply;
    };
    const name = `chaos-${++n}`;
    const tab1 = await kiosk(name), tab2 = open(name);
    const other = open(`chaos-other-${n}`);
    await rememberComputer(other, { ...KIOSK, id: 10, code: 'K-02' });
    const s1 = sender(tab1, { push, locks: () => locks, random: rand });
    const s2 = sender(tab2, { push, locks: () => locks, random: rand });
    const s3 = sender(other, { push, random: rand });
    const pushes = () => { void s1.round(); void s2.round(); void s3.round(); };
    // The kiosks swipe while their senders push: the batches are small and many, so failures hit all kinds of facts.
    for (let i = 0; i < 150; i++) {
      await Promise.all([recordFact('tap', tap(`A${i}`), { db: i % 2 ? tab1 : tab2 }), recordFact('tap', tap(`B${i}`), { db: other })]);
      if (i % 3 === 0) pushes();
    }
    for (let i = 0; i < 200 && !((await outboxIsEmpty({ db: tab1 })) && (await outboxIsEmpty({ db: other }))); i++) {
      await Promise.all([s1.round(), s2.round(), s3.round()]);
    }
    await Promise.all([s1.whenIdle(), s2.whenIdle(), s3.whenIdle()]);
    expect(await outboxIsEmpty({ db: tab1 })).toBe(true);
    expect(await outboxIsEmpty({ db: other })).toBe(true);
    for (const [code, prefix] of [['K-01', 'A'], ['K-02', 'B']] as const) {
      const held = [...serverOf(code).held.values()];
      expect(held).toHaveLength(150);
      expect(new Set(held.map(m => m.args.card)).size).toBe(150);
      expect(held.every(m => String(m.args.card).startsWith(prefix))).toBe(true);
      expect(new Set(held.map(m => m.seq)).size).toBe(150);
    }
    // The refused ones (cards …7: 15 per kiosk) are dead letters on their kiosk, once each.
    expect((await deadLetters({ db: tab2 })).map(d => d.args.card).sort()).toEqual(
      Array.from({ length: 15 }, (_, i) => `A${i * 10 + 7}`).sort());
    expect(await other.deadletters.count()).toBe(15);
    // The run did meet every case: replies lost after the server committed, and refused facts replayed.
    expect(lost).toBeGreaterThan(5);
    expect(replayedRefusals).toBeGreaterThan(0);
  });
});

describe('backoff', () => {
  it('doubles from 1 s to at most 5 min, jittered within the upper half of each step', () => {
    const steps = Array.from({ length: 12 }, (_, i) => Math.min(BACKOFF_BASE_MS * 2 ** i, BACKOFF_MAX_MS));
    steps.forEach((d, i) => {
      expect(backoffDelay(i + 1, () => 0)).toBe(d / 2);
      expect(backoffDelay(i + 1, () => 0.999999)).toBeLessThanOrEqual(d);
      expect(backoffDelay(i + 1, () => 0.999999)).toBeGreaterThan(d * 0.99);
      for (let k = 0; k < 50; k++) {
        const v = backoffDelay(i + 1);
        expect(v).toBeGreaterThanOrEqual(d / 2);
        expect(v).toBeLessThanOrEqual(d);
      }
    });
    expect(steps.slice(0, 4)).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(backoffDelay(30, () => 1)).toBe(BACKOFF_MAX_MS);
  });

  it('retries on a timer that waits longer after each failure and is reset by a reply', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const db = await kiosk();
    await queue(db, 2);
    const server = fakeServer();
    let down = true;
    const push = vi.fn(async (d: string, ms: readonly Mutation[], f: number) => {
      if (down) throw unreachable();
      return server.apply(d, ms, f);
    });
    let now = 0;
    const s = sender(db, { push, random: () => 1, now: () => now });
    await s.round();
    // After failure k the sender waits 2^(k−1) s: nothing before, one attempt at it.
    for (const [k, wait] of [[1, 1_000], [2, 2_000], [3, 4_000], [4, 8_000]] as const) {
      expect(push).toHaveBeenCalledTimes(k);
      expect(s.failures).toBe(k);
      expect(outboxStatusStore.getState().nextAttemptAt).toBe(now + wait);
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(push).toHaveBeenCalledTimes(k);
      now += wait;
      await vi.advanceTimersByTimeAsync(1);
      await s.whenIdle();
    }
    expect(push).toHaveBeenCalledTimes(5);
    down = false;
    await vi.advanceTimersByTimeAsync(16_000);
    await s.whenIdle();
    expect(push).toHaveBeenCalledTimes(6);
    expect(await outboxIsEmpty({ db })).toBe(true);
    expect(s.failures).toBe(0);
    expect(outboxStatusStore.getState().nextAttemptAt).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
    // The next failure starts again from 1 s.
    down = true;
    await queue(db, 1, 5);
    await s.round();
    expect(outboxStatusStore.getState().nextAttemptAt).toBe(now + 1_000);
  });

  it('caps the wait at 5 minutes however long the server stays away', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const db = await kiosk();
    await queue(db, 1);
    const push = vi.fn(async () => { throw unreachable(); });
    const s = sender(db, { push, random: () => 1, now: () => 0 });
    await s.round();
    for (let i = 0; i < 12; i++) {
      await vi.advanceTimersByTimeAsync(BACKOFF_MAX_MS);
      await s.whenIdle();
    }
    expect(outboxStatusStore.getState().nextAttemptAt).toBe(BACKOFF_MAX_MS);
    expect(await db.outbox.count()).toBe(1);
  });
});

describe('triggers', () => {
  it('a recorded fact is sent in the pause after the swiping, at the latest 5 s after the first; offline it waits for the timer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const db = await kiosk();
    const server = fakeServer();
    let reachable = true;
    let now = 0;
    const s = sender(db, { push: server.push, reachable: () => reachable, random: () => 1, now: () => now });
    s.start();
    await s.whenIdle();
    const swipe = async (card: string, after: number) => {
      now += after;
      await vi.advanceTimersByTimeAsync(after);
      await recordFact('tap', tap(card), { db });
    };
    // One swipe: sent once the swiping has paused WRITE_QUIET_MS.
    await swipe('C1', 0);
    await vi.advanceTimersByTimeAsync(WRITE_QUIET_MS - 1);
    expect(server.push).not.toHaveBeenCalled();
    now += WRITE_QUIET_MS;
    await vi.advanceTimersByTimeAsync(1);
    await s.whenIdle();
    expect(server.calls.map(c => c.seqs)).toEqual([[1]]);
    // A swipe every 0.6 s: no pause, so one push of everything WRITE_MAX_WAIT_MS after the first of them.
    await swipe('C2', 2_000);
    for (let i = 3; i <= 10; i++) await swipe(`C${i}`, 600);
    expect(server.calls).toHaveLength(1);
    now += WRITE_MAX_WAIT_MS - 8 * 600;
    await vi.advanceTimersByTimeAsync(WRITE_MAX_WAIT_MS - 8 * 600);
    await s.whenIdle();
    expect(server.calls.map(c => c.seqs)).toEqual([[1], [2, 3, 4, 5, 6, 7, 8, 9, 10]]);
    expect(await outboxIsEmpty({ db })).toBe(true);
    // Out of reach: a swipe does not try at all; the backoff timer (or the return of the server) does.
    reachable = false;
    await swipe('C11', 0);
    await s.whenIdle();
    expect(server.calls).toHaveLength(2);
    expect(outboxStatusStore.getState().nextAttemptAt).not.toBeNull();
    s.poke();
    await s.whenIdle();
    expect(server.held.size).toBe(11);
  });

  it('a fact written while a round pushes goes with that round, and a failure\'s backoff is not cut short by swipes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const db = await kiosk();
    await queue(db, 1);
    const server = fakeServer();
    let release!: () => void;
    const gate = new Promise<void>(r => { release = r; });
    let fail = false;
    const push = vi.fn(async (d: string, ms: readonly Mutation[], f: number) => {
      if (push.mock.calls.length === 1) await gate;
      if (fail) throw new ApiError({ kind: 'server', status: 503, msg: '服务器忙' });
      return server.apply(d, ms, f);
    });
    const s = sender(db, { push, random: () => 1, now: () => 0 });
    s.start();
    await vi.waitFor(() => expect(push).toHaveBeenCalledTimes(1));
    // Written while the round pushes: the round reads the outbox again after each reply and takes it along; the
    // timer the write armed finds nothing left.
    await recordFact('tap', tap('C9'), { db });
    release();
    await s.whenIdle();
    expect(server.held.size).toBe(2);
    await vi.advanceTimersByTimeAsync(WRITE_QUIET_MS);
    await s.whenIdle();
    expect(push).toHaveBeenCalledTimes(2);
    // The server fails: the 1 s backoff is armed, and swipes do not bring the next attempt forward... nor push it back.
    fail = true;
    await recordFact('tap', tap('C10'), { db });
    await vi.advanceTimersByTimeAsync(WRITE_QUIET_MS);
    await s.whenIdle();
    expect(push).toHaveBeenCalledTimes(3);
    expect(s.failures).toBe(1);
    await recordFact('tap', tap('C11'), { db });
    await vi.advanceTimersByTimeAsync(BACKOFF_BASE_MS - 1);
    expect(push).toHaveBeenCalledTimes(3);
    fail = false;
    await vi.advanceTimersByTimeAsync(1);
    await s.whenIdle();
    expect(push).toHaveBeenCalledTimes(4);
    expect(await outboxIsEmpty({ db })).toBe(true);
  });

  it('a poke during a round runs another round after it', async () => {
    const db = await kiosk();
    await queue(db, 1);
    const server = fakeServer();
    let release!: () => void;
    const gate = new Promise<void>(r => { release = r; });
    const push = vi.fn(async (d: string, ms: readonly Mutation[], f: number) => {
      if (push.mock.calls.length === 1) await gate;
      return server.apply(d, ms, f);
    });
    const s = sender(db, { push });
    void s.round();
    await vi.waitFor(() => expect(push).toHaveBeenCalledTimes(1));
    s.poke();
    release();
    await s.whenIdle();
    expect(await outboxIsEmpty({ db })).toBe(true);
  });

  it('the status follows the outbox: pending count, oldest time, dead letters', async () => {
    const db = await kiosk();
    const s = sender(db, { push: fakeServer({ reject: () => 'no' }).push, reachable: () => false, random: () => 1 });
    s.start();
    await recordFact('tap', tap('C1'), { db, at: new Date('2025-03-01T08:00:00Z') });
    await recordFact('tap', tap('C2'), { db });
    await vi.waitFor(() => expect(outboxStatusStore.getState()).toMatchObject({
      pending: 2, oldestAt: Date.parse('2025-03-01T08:00:00Z'), loaded: true,
    }));
    await s.round();
    await vi.waitFor(() => expect(outboxStatusStore.getState()).toMatchObject({ pending: 0, oldestAt: null, deadLetters: 2 }));
  });
});
