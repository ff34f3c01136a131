import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Permissions } from '../../domain/contract/permissions';
import { getMeta, OfflineDb, rowsOf, setMeta } from './db';
import { claimOfflineCopy, clearOfflineCopy, copyOwner, OFFLINE_RESOURCES, syncStore } from './sync-engine';

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

  it('a change of the user\'s grants makes another owner: the copy read under the old ones is cleared', async () => {
    const clerk = { admin: false, resources: { items: { actions: ['view', 'edit'], scope: 'all' as const }, works: { actions: ['view'], scope: 'own' as const } } };
    const owner = copyOwner('alice', clerk);
    // The same grants listed in another order are the same owner.
    expect(copyOwner('alice', { admin: false, resources: { works: { actions: ['view'], scope: 'own' }, items: { actions: ['edit', 'view'], scope: 'all' } } }))
      .toBe(owner);
    const db = await filled(owner);
    await claimOfflineCopy(db, copyOwner('alice', clerk));
    expect(await rowsOf(db, 'items')).toHaveLength(1);
    // A narrower scope, an action fewer, a resource fewer, or admin: each is another owner.
    const changed = ([
      { ...clerk, resources: { ...clerk.resources, works: { actions: ['view'], scope: 'all' as const } } },
      { ...clerk, resources: { ...clerk.resources, items: { actions: ['view'], scope: 'all' as const } } },
      { ...clerk, resources: { items: clerk.resources.items } },
      { admin: true, resources: {} },
    ] as Permissions[]).map(p => copyOwner('alice', p));
    expect(new Set([owner, ...changed]).size).toBe(5);
    await claimOfflineCopy(db, changed[0]!);
    expect(await rowsOf(db, 'items')).toEqual([]);
    expect(await getMeta(db, 'cursor:items')).toBeUndefined();
    expect(await db.queries.count()).toBe(0);
    // Before the grants are known, the user alone.
    expect(copyOwner('alice', null)).toBe('alice');
  });

  it('clearing (logout) empties everything, owner included', async () => {
    const db = await filled('alice');
    await clearOfflineCopy(db);
    expect(await db.rows.count()).toBe(0);
    expect(await db.meta.count()).toBe(0);
    expect(await db.queries.count()).toBe(0);
  });

  it('neither another user\'s login nor a logout touches the outbox, dead letters, counters or the kiosk\'s day', async () => {
    const db = await filled('alice');
    const fact = { id: 'f1', seq: 7, name: 'tap' as const, args: { card: 'C1' }, at: '2025-01-01T00:00:00Z', v: 1, card: 'C1' };
    await db.outbox.add(fact);
    await db.deadletters.put({ ...fact, id: 'f0', seq: 6, reason: 'unknown card', rejectedAt: 1 });
    await db.counters.bulkPut([{ key: 'seq', value: 8 }, { key: 'computer', value: { id: 1, code: 'K1' } }]);
    await db.kioskday.put({ day: '2025-01-01', worknode_id: 3, started: 1, finished: 0, good: 0, bad: 0 });
    const kept = async () => ({
      outbox: await db.outbox.toArray(), dead: await db.deadletters.toArray(),
      counters: await db.counters.toArray(), day: await db.kioskday.toArray(),
    });
    const before = await kept();
    await claimOfflineCopy(db, 'bob');
    expect(await db.rows.count()).toBe(0);
    expect(await kept()).toEqual(before);
    await clearOfflineCopy(db);
    expect(await db.meta.count()).toBe(0);
    expect(await kept()).toEqual(before);
  });

  it('keeps every resource declared offline, and only those', () => {
    const names = OFFLINE_RESOURCES.map(r => r.name);
    expect(names).toEqual(expect.arrayContaining(['items', 'customers', 'persons', 'devices']));
    expect(OFFLINE_RESOURCES.every(r => r.offline === true)).toBe(true);
  });
});
