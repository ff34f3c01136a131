import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { CACHE_TABLES, dropTable, getMeta, isQuotaError, KEPT_TABLES, OfflineDb, offlineDbName, rowsOf, SCHEMA_VERSIONS, setMeta } from './db';

let n = 0;
const opened: OfflineDb[] = [];
function fresh(name = `db-test-${++n}`, versions = SCHEMA_VERSIONS): OfflineDb {
  const db = new OfflineDb(name, versions);
  opened.push(db);
  return db;
}
afterEach(() => { for (const db of opened.splice(0)) db.close(); });

describe('the offline database', () => {
  it('is named after the server address, one per origin', () => {
    expect(offlineDbName('http://10.0.0.5:8080/api/')).toBe('ipos-offline:http://10.0.0.5:8080');
    expect(offlineDbName('https://factory.example')).toBe('ipos-offline:https://factory.example');
  });

  it('holds every resource in one table keyed [t+id], and drops one resource without touching the others', async () => {
    const db = fresh();
    await db.rows.bulkPut([
      { t: 'items', id: 2, row: { id: 2 } }, { t: 'items', id: 1, row: { id: 1 } }, { t: 'customers', id: 1, row: { id: 1, name: 'A' } },
    ]);
    await setMeta(db, 'cursor:items', 9);
    await setMeta(db, 'pulledAt:items', 123);
    expect((await rowsOf(db, 'items')).map(r => r.id)).toEqual([1, 2]);
    await dropTable(db, 'items');
    expect(await rowsOf(db, 'items')).toEqual([]);
    expect(await getMeta(db, 'cursor:items')).toBeUndefined();
    expect(await getMeta(db, 'pulledAt:items')).toBeUndefined();
    expect((await rowsOf(db, 'customers')).map(r => r.row.name)).toEqual(['A']);
  });

  it('a schema upgrade (a new entry of SCHEMA_VERSIONS) keeps every stored row and meta value', async () => {
    const name = `db-upgrade-${++n}`;
    const v1 = fresh(name, SCHEMA_VERSIONS.slice(0, 1));
    const rows = Array.from({ length: 500 }, (_, i) => ({ t: i % 2 ? 'items' : 'persons', id: i + 1, row: { id: i + 1, name: `r${i}` } }));
    await v1.rows.bulkPut(rows);
    await setMeta(v1, 'cursor:items', 77);
    await v1.queries.put({ key: 'query-cache', owner: 'alice|b1', savedAt: 1, state: {} });
    v1.close();
    // Opened by the current app: the shop floor's tables appear, nothing of the copy is lost.
    const v2 = fresh(name);
    expect(await v2.rows.count()).toBe(500);
    expect((await rowsOf(v2, 'items')).length).toBe(250);
    expect(await getMeta(v2, 'cursor:items')).toBe(77);
    expect(await v2.queries.count()).toBe(1);
    expect(await v2.outbox.count()).toBe(0);
    expect(await v2.counters.count()).toBe(0);
  });

  it('a later upgrade keeps a non-empty outbox, its dead letters, counters and the kiosk\'s day', async () => {
    const name = `db-upgrade-outbox-${++n}`;
    const now = fresh(name);
    const facts = Array.from({ length: 300 }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, seq: i + 1, name: 'tap' as const,
      args: { card: `C${i}`, worknode_id: 1, person_id: 2, action: 'start' }, at: '2025-01-01T08:00:00.000Z', v: 1, card: `C${i}`,
    }));
    await now.outbox.bulkAdd(facts);
    await now.deadletters.put({ ...facts[0]!, id: 'dead-1', seq: 0, reason: 'unknown card', rejectedAt: 1 });
    await now.counters.put({ key: 'seq', value: 301 });
    await now.kioskday.put({ day: '2025-01-01', worknode_id: 1, started: 3, finished: 1, good: 10, bad: 0 });
    now.close();
    // A future version adds an index to the outbox and a table: IndexedDB rebuilds the index over the kept rows.
    const next = [...SCHEMA_VERSIONS, {
      version: SCHEMA_VERSIONS.at(-1)!.version + 1,
      stores: { outbox: 'seq, &id, name, card, at', photos: '++id' },
    }];
    const later = fresh(name, next);
    expect(await later.outbox.count()).toBe(300);
    expect((await later.outbox.orderBy('seq').toArray()).map(f => f.id)).toEqual(facts.map(f => f.id));
    expect(await later.outbox.where('at').equals('2025-01-01T08:00:00.000Z').count()).toBe(300);
    expect(await later.deadletters.count()).toBe(1);
    expect((await later.counters.get('seq'))?.value).toBe(301);
    expect(await later.kioskday.get(['2025-01-01', 1])).toMatchObject({ started: 3, good: 10 });
  });

  it('names every table either a cache (cleared at will) or a kept table (never cleared), none both', () => {
    const tables = new Set(SCHEMA_VERSIONS.flatMap(v => Object.keys(v.stores)));
    const cache = new Set<string>(CACHE_TABLES), kept = new Set<string>(KEPT_TABLES);
    expect([...tables].sort()).toEqual([...cache, ...kept].sort());
    expect([...cache].filter(t => kept.has(t))).toEqual([]);
  });

  it('dropping a resource leaves the outbox and its neighbours alone', async () => {
    const db = fresh();
    await db.rows.put({ t: 'items', id: 1, row: { id: 1 } });
    await db.outbox.add({ id: 'f1', seq: 1, name: 'tap', args: {}, at: '2025-01-01T00:00:00Z', v: 1 });
    await db.counters.put({ key: 'seq', value: 2 });
    await dropTable(db, 'items');
    expect(await db.outbox.count()).toBe(1);
    expect(await db.counters.get('seq')).toEqual({ key: 'seq', value: 2 });
  });

  it('recognises a quota error however Dexie wraps it', () => {
    expect(isQuotaError({ name: 'AbortError', inner: { name: 'QuotaExceededError' } })).toBe(true);
    expect(isQuotaError(new DOMException('full', 'QuotaExceededError'))).toBe(true);
    expect(isQuotaError(new Error('other'))).toBe(false);
  });
});
