import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PullReply } from '../../domain/contract/sync';
import { getMeta, OfflineDb, rowsOf, setMeta } from './db';
import { pullTable, type FetchPage, type PullProgress } from './pull';

let n = 0;
const opened: OfflineDb[] = [];
function fresh(): OfflineDb {
  const db = new OfflineDb(`pull-test-${++n}-${Date.now()}`);
  opened.push(db);
  return db;
}
afterEach(() => {
  vi.useRealTimers();
  for (const db of opened.splice(0)) db.close();
});

function page(table: string, cursor: number, more: boolean, rows: Record<string, unknown>[] = [], deleted: number[] = [],
  remaining?: number): PullReply {
  const r: PullReply = { msg: 'OK', table, rows, deleted, cursor, more };
  if (remaining !== undefined) r.remaining = remaining;
  return r;
}

/** A server whose pages are answered by `since`; an unknown `since` fails the test. */
function server(pages: Readonly<Record<number, PullReply | Error>>) {
  return vi.fn<FetchPage>(async (_table, since) => {
    const p = pages[since];
    if (p === undefined) throw new Error(`unexpected since=${since}`);
    if (p instanceof Error) throw p;
    return p;
  });
}

interface Deferred<T> { promise: Promise<T>; resolve(v: T): void; reject(e: unknown): void }
function deferred<T>(): Deferred<T> {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => { resolve = res; reject = rej; });
  return { promise, resolve, reject };
}

async function rejection(p: Promise<unknown>): Promise<unknown> {
  return p.then(() => { throw new Error('resolved'); }, (e: unknown) => e);
}

describe('pullTable', () => {
  it('writes every page keyed [t+id], saves the cursor, and returns the rows written', async () => {
    const db = fresh();
    const fetchPage = server({
      0: page('items', 10, true, [{ id: 1, code: 'A' }, { id: 2, code: 'B' }]),
      10: page('items', 20, true, [{ id: 3, code: 'C' }, { code: 'no id' }]),
      20: page('items', 30, false, [{ id: 1, code: 'A2' }]),
    });
    const done = await pullTable(db, 'items', fetchPage);
    expect(done).toBe(4);
    expect(fetchPage.mock.calls).toEqual([['items', 0, true], ['items', 10, false], ['items', 20, false]]);
    expect(await db.rows.get(['items', 1])).toEqual({ t: 'items', id: 1, row: { id: 1, code: 'A2' } });
    expect((await rowsOf(db, 'items')).map(r => r.row.code)).toEqual(['A2', 'B', 'C']);
    expect(await db.rows.count()).toBe(3);
    expect(await getMeta(db, 'cursor:items')).toBe(30);
  });

  it('applies deletions to its own table only', async () => {
    const db = fresh();
    await db.rows.bulkPut([
      { t: 'items', id: 1, row: { id: 1 } }, { t: 'items', id: 2, row: { id: 2 } }, { t: 'items', id: 3, row: { id: 3 } },
      { t: 'customers', id: 2, row: { id: 2 } },
    ]);
    await setMeta(db, 'cursor:items', 5);
    const fetchPage = server({
      5: page('items', 7, true, [{ id: 4 }], [2]),
      7: page('items', 9, false, [], [3, 99]),
    });
    expect(await pullTable(db, 'items', fetchPage)).toBe(1);
    expect((await rowsOf(db, 'items')).map(r => r.id)).toEqual([1, 4]);
    expect((await rowsOf(db, 'customers')).map(r => r.id)).toEqual([2]);
    expect(await getMeta(db, 'cursor:items')).toBe(9);
  });

  it('sets pulledAt:<t> only when the server says there is no more', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2024-05-01T10:00:00.000Z'));
    const db = fresh();
    const second = deferred<PullReply>();
    const fetchPage = vi.fn<FetchPage>(async (_t, since) => (since === 0 ? page('items', 10, true, [{ id: 1 }]) : second.promise));
    const pulling = pullTable(db, 'items', fetchPage);
    await vi.waitFor(async () => { expect(await getMeta(db, 'cursor:items')).toBe(10); });
    expect(await getMeta(db, 'pulledAt:items')).toBeUndefined();
    vi.setSystemTime(new Date('2024-05-01T10:05:00.000Z'));
    second.resolve(page('items', 11, false, [{ id: 2 }]));
    expect(await pulling).toBe(2);
    expect(await getMeta(db, 'pulledAt:items')).toBe(Date.parse('2024-05-01T10:05:00.000Z'));
  });

  it('reports progress per page with the total the first page announced', async () => {
    const db = fresh();
    const progress: PullProgress[] = [];
    const fetchPage = server({
      0: page('items', 1, true, [{ id: 1 }, { id: 2 }], [], 5),
      1: page('items', 2, true, [{ id: 3 }, { id: 4 }]),
      2: page('items', 3, false, [{ id: 5 }]),
    });
    await pullTable(db, 'items', fetchPage, p => progress.push(p));
    expect(progress).toEqual([{ done: 2, total: 5 }, { done: 4, total: 5 }, { done: 5, total: 5 }]);
  });

  it('reports a null total when the server does not say', async () => {
    const db = fresh();
    const progress: PullProgress[] = [];
    await pullTable(db, 'items', server({ 0: page('items', 1, false, [{ id: 1 }]) }), p => progress.push(p));
    expect(progress).toEqual([{ done: 1, total: null }]);
  });

  it('requests the next page before writing the current one', async () => {
    const db = fresh();
    const log: string[] = [];
    db.meta.hook('creating', (key, obj) => { log.push(`write ${String(key)}=${String(obj.value)}`); });
    db.meta.hook('updating', (mods, key) => {
      const value = (mods as { value?: unknown }).value;
      log.push(`write ${String(key)}=${String(value)}`);
    });
    const pages: Record<number, PullReply> = {
      0: page('items', 10, true, [{ id: 1 }]),
      10: page('items', 20, true, [{ id: 2 }]),
      20: page('items', 30, false, [{ id: 3 }]),
    };
    const fetchPage = vi.fn<FetchPage>(async (_t, since) => {
      log.push(`fetch ${since}`);
      const p = pages[since];
      if (!p) throw new Error(`unexpected since=${since}`);
      return p;
    });
    await pullTable(db, 'items', fetchPage);
    expect(log.filter(l => !l.startsWith('write pulledAt'))).toEqual([
      'fetch 0',
      'fetch 10', 'write cursor:items=10',
      'fetch 20', 'write cursor:items=20',
      'write cursor:items=30',
    ]);
    expect(log.at(-1)).toMatch(/^write pulledAt:items=\d+$/);
  });

  it('writes a page while the next one is still on its way', async () => {
    const db = fresh();
    const second = deferred<PullReply>();
    const fetchPage = vi.fn<FetchPage>(async (_t, since) => (since === 0 ? page('items', 10, true, [{ id: 1 }]) : second.promise));
    const pulling = pullTable(db, 'items', fetchPage);
    await vi.waitFor(async () => { expect(await getMeta(db, 'cursor:items')).toBe(10); });
    expect(fetchPage).toHaveBeenCalledTimes(2);
    expect(await db.rows.get(['items', 1])).toBeDefined();
    second.resolve(page('items', 12, false, [{ id: 2 }]));
    await pulling;
    expect((await rowsOf(db, 'items')).map(r => r.id)).toEqual([1, 2]);
  });

  it('resumes from the cursor of the last written page after a failure', async () => {
    const db = fresh();
    const failing = server({
      0: page('items', 10, true, [{ id: 1 }, { id: 2 }], [], 4),
      10: new Error('network down'),
    });
    const e = await rejection(pullTable(db, 'items', failing));
    expect(e).toBeInstanceOf(Error);
    expect((e as Error).message).toBe('network down');
    expect(await getMeta(db, 'cursor:items')).toBe(10);
    expect(await getMeta(db, 'pulledAt:items')).toBeUndefined();
    expect((await rowsOf(db, 'items')).map(r => r.id)).toEqual([1, 2]);

    const resumed = server({ 10: page('items', 20, false, [{ id: 3 }, { id: 4 }]) });
    expect(await pullTable(db, 'items', resumed)).toBe(2);
    expect(resumed.mock.calls).toEqual([['items', 10, true]]);
    expect((await rowsOf(db, 'items')).map(r => r.id)).toEqual([1, 2, 3, 4]);
    expect(await getMeta(db, 'cursor:items')).toBe(20);
    expect(typeof await getMeta(db, 'pulledAt:items')).toBe('number');
  });

  it('rejects a reply that is not a pull page, and writes nothing of it', async () => {
    const db = fresh();
    const malformed = { msg: 'OK', table: 'items', rows: 'nope', deleted: [], cursor: 5, more: false } as unknown as PullReply;
    const e = await rejection(pullTable(db, 'items', server({ 0: malformed })));
    expect((e as Error).message).toMatch(/not a pull page/);
    expect(await getMeta(db, 'cursor:items')).toBeUndefined();
    expect(await getMeta(db, 'pulledAt:items')).toBeUndefined();

    const otherTable = server({ 0: page('customers', 5, false, [{ id: 1 }]) });
    await expect(pullTable(db, 'items', otherTable)).rejects.toThrow(/not a pull page/);
    expect(await db.rows.count()).toBe(0);

    const noCursor = { msg: 'OK', table: 'items', rows: [], deleted: [], more: false } as unknown as PullReply;
    await expect(pullTable(db, 'items', server({ 0: noCursor }))).rejects.toThrow(/not a pull page/);
  });

  it('a malformed later page rejects after the earlier pages are kept', async () => {
    const db = fresh();
    const fetchPage = server({
      0: page('items', 10, true, [{ id: 1 }]),
      10: { msg: 'error' } as unknown as PullReply,
    });
    await expect(pullTable(db, 'items', fetchPage)).rejects.toThrow(/not a pull page/);
    expect(await getMeta(db, 'cursor:items')).toBe(10);
    expect(await getMeta(db, 'pulledAt:items')).toBeUndefined();
  });
});
