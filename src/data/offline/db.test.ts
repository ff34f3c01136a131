import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { dropTable, getMeta, isQuotaError, OfflineDb, offlineDbName, rowsOf, SCHEMA_VERSIONS, setMeta } from './db';

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
    const v1 = fresh(name);
    const rows = Array.from({ length: 500 }, (_, i) => ({ t: i % 2 ? 'items' : 'persons', id: i + 1, row: { id: i + 1, name: `r${i}` } }));
    await v1.rows.bulkPut(rows);
    await setMeta(v1, 'cursor:items', 77);
    v1.close();
    const next = [...SCHEMA_VERSIONS, { version: SCHEMA_VERSIONS.at(-1)!.version + 1, stores: { rows: '[t+id], t', outbox: '++seq' } }];
    const v2 = fresh(name, next);
    expect(await v2.rows.count()).toBe(500);
    expect((await rowsOf(v2, 'items')).length).toBe(250);
    expect(await getMeta(v2, 'cursor:items')).toBe(77);
    expect(await v2.rows.where('t').equals('persons').count()).toBe(250);
  });

  it('recognises a quota error however Dexie wraps it', () => {
    expect(isQuotaError({ name: 'AbortError', inner: { name: 'QuotaExceededError' } })).toBe(true);
    expect(isQuotaError(new DOMException('full', 'QuotaExceededError'))).toBe(true);
    expect(isQuotaError(new Error('other'))).toBe(false);
  });
});
