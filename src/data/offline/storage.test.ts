import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { getMeta, OfflineDb, rowsOf, setMeta } from './db';
import { evictCaches } from './storage';

let n = 0;
const opened: OfflineDb[] = [];
function fresh(): OfflineDb {
  const db = new OfflineDb(`storage-test-${++n}`);
  opened.push(db);
  return db;
}
afterEach(() => { for (const db of opened.splice(0)) db.close(); });

describe('evicting caches after a quota error', () => {
  it('drops the persisted queries first, then the resource pulled longest ago, one step a call, never the outbox', async () => {
    const db = fresh();
    await db.queries.put({ key: 'query-cache', owner: 'alice|b1', savedAt: 1, state: {} });
    await db.rows.bulkPut([{ t: 'items', id: 1, row: { id: 1 } }, { t: 'persons', id: 1, row: { id: 1 } }]);
    await setMeta(db, 'pulledAt:items', 2_000);
    await setMeta(db, 'pulledAt:persons', 1_000);
    await db.outbox.add({ id: 'f1', seq: 1, name: 'tap', args: {}, at: '2025-01-01T00:00:00Z', v: 1 });
    await db.deadletters.put({ id: 'f0', seq: 0, name: 'tap', args: {}, at: '2025-01-01T00:00:00Z', v: 1, reason: 'x', rejectedAt: 1 });
    await db.counters.put({ key: 'seq', value: 2 });
    await db.kioskday.put({ day: '2025-01-01', worknode_id: 1, started: 1, finished: 0, good: 0, bad: 0 });

    expect(await evictCaches(db)).toEqual({ kind: 'queries' });
    expect(await db.queries.count()).toBe(0);
    expect(await rowsOf(db, 'persons')).toHaveLength(1);

    expect(await evictCaches(db)).toEqual({ kind: 'table', table: 'persons' });
    expect(await rowsOf(db, 'persons')).toEqual([]);
    expect(await getMeta(db, 'pulledAt:persons')).toBeUndefined();
    expect(await rowsOf(db, 'items')).toHaveLength(1);

    expect(await evictCaches(db)).toEqual({ kind: 'table', table: 'items' });
    expect(await evictCaches(db)).toBeNull();

    expect(await db.outbox.count()).toBe(1);
    expect(await db.deadletters.count()).toBe(1);
    expect(await db.counters.get('seq')).toEqual({ key: 'seq', value: 2 });
    expect(await db.kioskday.count()).toBe(1);
  });
});
