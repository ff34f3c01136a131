import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { getMeta, OfflineDb, rowsOf, setMeta } from './db';
import { claimOfflineCopy, clearOfflineCopy, OFFLINE_RESOURCES, syncStore } from './sync-engine';

let n = 0;
const opened: OfflineDb[] = [];
function fresh(): OfflineDb {
  const db = new OfflineDb(`sync-test-${++n}`);
  opened.push(db);
  return db;
}
afterEach(() => { for (const db of opened.splice(0)) db.close(); });

async function filled(owner: string): Promise<OfflineDb> {
  const db = fresh();
  await db.rows.put({ t: 'items', id: 1, row: { id: 1, name: 'secret price list' } });
  await setMeta(db, 'owner', owner);
  await setMeta(db, 'cursor:items', 5);
  await db.queries.put({ key: 'query-cache', owner: `${owner}|b1`, savedAt: Date.now(), state: {} });
  return db;
}

describe('the offline copy belongs to one user', () => {
  it('the same user keeps the copy', async () => {
    const db = await filled('alice');
    await claimOfflineCopy(db, 'alice');
    expect(await rowsOf(db, 'items')).toHaveLength(1);
    expect(await getMeta(db, 'cursor:items')).toBe(5);
  });

  it('another user finds it empty: rows, cursors and persisted queries are cleared before anything is pulled', async () => {
    const db = await filled('alice');
    syncStore.setState({ pulledAt: { items: 1 } });
    await claimOfflineCopy(db, 'bob');
    expect(await rowsOf(db, 'items')).toEqual([]);
    expect(await getMeta(db, 'cursor:items')).toBeUndefined();
    expect(await db.queries.count()).toBe(0);
    expect(await getMeta(db, 'owner')).toBe('bob');
    expect(syncStore.getState().pulledAt).toEqual({});
  });

  it('clearing (logout) empties everything, owner included', async () => {
    const db = await filled('alice');
    await clearOfflineCopy(db);
    expect(await db.rows.count()).toBe(0);
    expect(await db.meta.count()).toBe(0);
    expect(await db.queries.count()).toBe(0);
  });

  it('keeps every resource declared offline, and only those', () => {
    const names = OFFLINE_RESOURCES.map(r => r.name);
    expect(names).toEqual(expect.arrayContaining(['items', 'customers', 'persons', 'devices']));
    expect(OFFLINE_RESOURCES.every(r => r.offline === true)).toBe(true);
  });
});
