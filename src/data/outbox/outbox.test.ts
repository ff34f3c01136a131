import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FACT_VERSION } from '../../domain/contract/facts';
import type { PushReply } from '../../domain/contract/sync';
import { OfflineDb, type OutboxRecord } from '../offline/db';
import { rememberComputer, storedComputer } from './device';
import { addToKioskDay, kioskDay, localDay, swipeDelta } from './kioskday';
import {
  deadLetters, FactArgsError, newFactId, onFactRecorded, outboxIsEmpty, outboxStats, pendingFacts, recordFact, settlePush,
} from './outbox';

let n = 0;
const opened: OfflineDb[] = [];
function open(name = `outbox-test-${++n}`): OfflineDb {
  const db = new OfflineDb(name);
  opened.push(db);
  return db;
}
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
  vi.restoreAllMocks();
});

const tap = (card = 'C1', action: 'start' | 'finish' | 'pass' = 'start') => ({ card, worknode_id: 3, person_id: 5, action });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('recordFact', () => {
  it('queues a fact with a uuid, the next seq, the time and the payload version, after checking its arguments', async () => {
    const db = open();
    const at = new Date('2025-03-01T08:30:00.000Z');
    const f = await recordFact('tap', { ...tap(), card: '  C1 ' }, { db, at });
    expect(f).toMatchObject({ seq: 1, name: 'tap', at: '2025-03-01T08:30:00.000Z', v: FACT_VERSION, card: 'C1' });
    expect(f.id).toMatch(UUID);
    // The arguments as the contract reads them (trimmed), which is what the server will see.
    expect(f.args).toEqual({ card: 'C1', worknode_id: 3, person_id: 5, action: 'start' });
    expect(await db.outbox.get(1)).toEqual(f);
    const g = await recordFact('precheck', { card: 'C2', person_id: 5, quantity: 10, defects: [{ reason: '划痕', quantity: 1 }] }, { db });
    expect(g.seq).toBe(2);
    expect(g.id).not.toBe(f.id);
  });

  it('refuses arguments the contract refuses, and writes nothing', async () => {
    const db = open();
    await expect(recordFact('tap', { card: 'C1', worknode_id: 3, action: 'start' }, { db })).rejects.toBeInstanceOf(FactArgsError);
    await expect(recordFact('tap', { ...tap(), action: 'jump' }, { db })).rejects.toThrow(/action/);
    await expect(recordFact('tap', { ...tap(), extra: 1 }, { db })).rejects.toBeInstanceOf(FactArgsError);
    await expect(recordFact('inspect', { card: 'C1', person_id: 5, quantity: 1.23456 }, { db })).rejects.toBeInstanceOf(FactArgsError);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.counters.count()).toBe(0);
    // The refused attempts took no number.
    expect((await recordFact('tap', tap(), { db })).seq).toBe(1);
  });

  it('writes the projection in the fact\'s transaction: both or neither', async () => {
    const db = open();
    await recordFact('tap', tap(), { db, project: ({ db: d }) => addToKioskDay(d, '2025-03-01', 3, { started: 1 }).then(() => undefined) });
    await expect(recordFact('tap', tap('C2'), {
      db,
      project: async ({ db: d }) => {
        await addToKioskDay(d, '2025-03-01', 3, { started: 1 });
        throw new Error('projection failed');
      },
    })).rejects.toThrow('projection failed');
    expect(await db.outbox.count()).toBe(1);
    expect(await kioskDay('2025-03-01', 3, { db })).toMatchObject({ started: 1, finished: 0 });
    // The aborted fact's number was not taken either.
    expect((await recordFact('tap', tap('C3'), { db })).seq).toBe(2);
  });

  it('resolves only after the commit, and tells the listeners then', async () => {
    const db = open();
    const seen: number[] = [];
    const off = onFactRecorded((_db, f) => { seen.push(f.seq); });
    try {
      const f = await recordFact('tap', tap(), { db });
      expect(seen).toEqual([f.seq]);
      // A second handle (another tab) sees the committed row.
      const other = open(db.name);
      expect(await other.outbox.get(f.seq)).toEqual(f);
    } finally {
      off();
    }
  });

  it('numbers facts without reuse across tabs writing at once (two handles on one database)', async () => {
    const name = `outbox-tabs-${++n}`;
    const a = open(name), b = open(name);
    const writes = Array.from({ length: 60 }, (_, i) => recordFact('tap', tap(`C${i}`), { db: i % 2 ? a : b }));
    const facts = await Promise.all(writes);
    const seqs = facts.map(f => f.seq).sort((x, y) => x - y);
    expect(seqs).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(new Set(facts.map(f => f.id)).size).toBe(60);
    expect((await a.counters.get('seq'))?.value).toBe(61);
    expect(await b.outbox.count()).toBe(60);
  });

  it('never reuses a number once its fact has left the outbox, and starts above the server\'s watermark', async () => {
    const db = open();
    const f = await recordFact('tap', tap(), { db });
    await settlePush(db, 'K-01', [f], { msg: 'OK', lastSeq: 1, results: [{ id: f.id, status: 'applied' }] });
    expect(await outboxIsEmpty({ db })).toBe(true);
    expect((await recordFact('tap', tap(), { db })).seq).toBe(2);
    // A device login says the server holds up to 40 (storage wiped elsewhere, a restore …): numbering goes above it.
    await rememberComputer(db, { id: 9, code: 'K-01', name: 'Kiosk 1', worknode_ids: [3], device_id: null, last_seq: 40 });
    expect((await recordFact('tap', tap(), { db })).seq).toBe(41);
    // A lower watermark never lowers the counter.
    await rememberComputer(db, { id: 9, code: 'K-01', name: 'Kiosk 1', worknode_ids: [3], device_id: null, last_seq: 5 });
    const g = await recordFact('tap', tap(), { db });
    expect(g.seq).toBe(42);
    expect(g.device).toBe('K-01');
    expect(await storedComputer(db)).toMatchObject({ code: 'K-01', worknode_ids: [3], last_seq: 5 });
  });

  it('on a full disk evicts caches and writes again; the outbox is never evicted', async () => {
    const db = open();
    const first = await recordFact('tap', tap(), { db });
    await db.queries.put({ key: 'query-cache', owner: 'a|b', savedAt: 1, state: {} });
    const real = db.transaction.bind(db) as (...a: unknown[]) => Promise<unknown>;
    let calls = 0;
    vi.spyOn(db, 'transaction').mockImplementation(((...args: unknown[]) => {
      if (++calls === 1) return Promise.reject(new DOMException('full', 'QuotaExceededError'));
      return real(...args);
    }) as typeof db.transaction);
    const f = await recordFact('tap', tap('C2'), { db });
    expect(f.seq).toBe(2);
    expect(await db.queries.count()).toBe(0);
    expect((await db.outbox.toArray()).map(r => r.id)).toEqual([first.id, f.id]);
  });

  it('fails, writing nothing, when nothing is left to evict', async () => {
    const db = open();
    vi.spyOn(db, 'transaction').mockImplementation((() => Promise.reject(new DOMException('full', 'QuotaExceededError'))) as unknown as typeof db.transaction);
    await expect(recordFact('tap', tap(), { db })).rejects.toMatchObject({ name: 'QuotaExceededError' });
  });

  it('makes v4 uuids even where crypto.randomUUID is missing (an insecure origin)', () => {
    const saved = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
      const ids = new Set(Array.from({ length: 100 }, () => newFactId()));
      expect(ids.size).toBe(100);
      for (const id of ids) expect(id).toMatch(UUID);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: saved, configurable: true });
    }
  });
});

describe('reading the outbox', () => {
  it('lists pending facts in seq order, by name or card, and counts them with the oldest time', async () => {
    const db = open();
    await recordFact('tap', tap('A'), { db, at: new Date('2025-03-01T08:00:00Z') });
    await recordFact('precheck', { card: 'B', person_id: 5, quantity: 3 }, { db, at: new Date('2025-03-01T09:00:00Z') });
    await recordFact('tap', tap('A', 'finish'), { db, at: new Date('2025-03-01T10:00:00Z') });
    expect((await pendingFacts({ db })).map(f => f.seq)).toEqual([1, 2, 3]);
    expect((await pendingFacts({ db, card: 'A' })).map(f => f.seq)).toEqual([1, 3]);
    expect((await pendingFacts({ db, name: 'precheck' })).map(f => f.args.card)).toEqual(['B']);
    expect(await outboxStats({ db })).toEqual({ pending: 3, oldestAt: Date.parse('2025-03-01T08:00:00Z'), deadLetters: 0 });
  });

  it('an empty outbox has no oldest fact', async () => {
    expect(await outboxStats({ db: open() })).toEqual({ pending: 0, oldestAt: null, deadLetters: 0 });
  });
});

describe('settling a push reply', () => {
  async function queued(db: OfflineDb, count: number): Promise<OutboxRecord[]> {
    const out: OutboxRecord[] = [];
    for (let i = 0; i < count; i++) out.push(await recordFact('tap', tap(`C${i + 1}`), { db }));
    return out;
  }
  const reply = (lastSeq: number, results: PushReply['results']): PushReply => ({ msg: 'OK', lastSeq, results });

  it('deletes the facts up to the watermark only', async () => {
    const db = open();
    const facts = await queued(db, 5);
    const s = await settlePush(db, 'K-01', facts, reply(3, facts.map(f => ({ id: f.id, status: 'applied' as const }))));
    expect(s).toEqual({ acknowledged: 3, rejected: 0, removed: 3 });
    expect((await pendingFacts({ db })).map(f => f.seq)).toEqual([4, 5]);
  });

  it('takes a rejected swipe out of the kiosk\'s day: the day counts what the server applied or still waits (issue 30)', async () => {
    const db = open();
    const swipe = async (action: 'start' | 'finish', card: string, good?: number) => {
      const args = { ...tap(card, action), ...(good === undefined ? {} : { good }) };
      return recordFact('tap', args, { db, project: async ({ db: d, fact }) => {
        await addToKioskDay(d, localDay(new Date(fact.at)), 3, swipeDelta(args));
      } });
    };
    const facts = [await swipe('start', 'C1'), await swipe('start', 'C2'), await swipe('finish', 'C1', 40)];
    const today = localDay(new Date(facts[0]!.at));
    expect(await kioskDay(today, 3, { db })).toMatchObject({ started: 2, finished: 1, good: 40 });
    await settlePush(db, 'K-01', facts, reply(3, [
      { id: facts[0]!.id, status: 'applied' },
      { id: facts[1]!.id, status: 'rejected', reason: '卡片不存在' },
      { id: facts[2]!.id, status: 'rejected', reason: '数量超出' },
    ]));
    expect(await kioskDay(today, 3, { db })).toMatchObject({ started: 1, finished: 0, good: 0 });
  });

  it('deletes nothing above what the push sent, whatever watermark comes back (issue 29: a forged floor)', async () => {
    const db = open();
    const facts = await queued(db, 5);
    const s = await settlePush(db, 'K-01', facts.slice(0, 2), reply(2_147_483_646, facts.slice(0, 2).map(f => ({ id: f.id, status: 'applied' as const }))));
    expect(s).toEqual({ acknowledged: 2, rejected: 0, removed: 2 });
    expect((await pendingFacts({ db })).map(f => f.seq)).toEqual([3, 4, 5]);
    expect((await settlePush(db, 'K-01', [], reply(2_147_483_646, []))).acknowledged).toBe(0);
    expect((await pendingFacts({ db })).map(f => f.seq)).toEqual([3, 4, 5]);
  });

  it('moves the rejected facts to the dead letters with the reason and its key, wherever they are', async () => {
    const db = open();
    const facts = await queued(db, 4);
    const s = await settlePush(db, 'K-01', facts, reply(2, [
      { id: facts[0]!.id, status: 'applied' },
      { id: facts[1]!.id, status: 'rejected', reason: '卡片不存在', key: 'shopfloor.unknown_card' },
      { id: facts[2]!.id, status: 'applied' },
      { id: facts[3]!.id, status: 'rejected', reason: '数量超出', key: 'shopfloor.too_many' },
    ]), 1234);
    expect(s).toEqual({ acknowledged: 1, rejected: 2, removed: 3 });
    expect((await pendingFacts({ db })).map(f => f.seq)).toEqual([3]);
    const dead = await deadLetters({ db });
    expect(dead.map(d => [d.seq, d.reason, d.key, d.rejectedAt])).toEqual([
      [2, '卡片不存在', 'shopfloor.unknown_card', 1234], [4, '数量超出', 'shopfloor.too_many', 1234],
    ]);
    expect(dead[0]).toMatchObject({ id: facts[1]!.id, name: 'tap', args: facts[1]!.args, at: facts[1]!.at });
    expect((await outboxStats({ db })).deadLetters).toBe(2);
  });

  it('drops duplicates under the watermark like applied facts; a duplicate that carries a reason is a dead letter', async () => {
    const db = open();
    const facts = await queued(db, 3);
    await settlePush(db, 'K-01', facts, reply(3, [
      { id: facts[0]!.id, status: 'duplicate' },
      { id: facts[1]!.id, status: 'duplicate', reason: '卡片不存在', key: 'shopfloor.unknown_card' },
      { id: facts[2]!.id, status: 'applied' },
    ]));
    expect(await outboxIsEmpty({ db })).toBe(true);
    expect((await deadLetters({ db })).map(d => d.seq)).toEqual([2]);
  });

  it('a gap holds the facts above it back, applied or not, until the watermark passes them', async () => {
    const db = open();
    const facts = await queued(db, 4);
    // The server misses seq 2 (in flight from elsewhere): the watermark stays at 1.
    const s = await settlePush(db, 'K-01', facts, reply(1, facts.map(f => ({ id: f.id, status: 'applied' as const }))));
    expect(s.removed).toBe(1);
    expect((await pendingFacts({ db })).map(f => f.seq)).toEqual([2, 3, 4]);
    const rest = await pendingFacts({ db });
    await settlePush(db, 'K-01', rest, reply(4, rest.map(f => ({ id: f.id, status: 'duplicate' as const }))));
    expect(await outboxIsEmpty({ db })).toBe(true);
  });

  it('raises the counter above the watermark the server reports', async () => {
    const db = open();
    const facts = await queued(db, 1);
    await settlePush(db, 'K-01', facts, reply(90, [{ id: facts[0]!.id, status: 'applied' }]));
    expect((await recordFact('tap', tap(), { db })).seq).toBe(91);
  });

  it('a fact another tab already settled is not moved twice', async () => {
    const name = `outbox-settle-${++n}`;
    const a = open(name), b = open(name);
    const facts = await queued(a, 2);
    const r = reply(0, [{ id: facts[0]!.id, status: 'rejected', reason: 'x' }, { id: facts[1]!.id, status: 'applied' }]);
    await settlePush(a, 'K-01', facts, r, 1);
    await settlePush(b, 'K-01', facts, r, 2);
    expect((await deadLetters({ db: a })).map(d => [d.seq, d.rejectedAt])).toEqual([[1, 1]]);
    expect((await pendingFacts({ db: a })).map(f => f.seq)).toEqual([2]);
  });
});
