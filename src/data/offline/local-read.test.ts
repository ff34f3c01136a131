import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OfflineDb, setMeta } from './db';
import { forgetOfflineReads, readOfflineList, readOfflineRow } from './local-read';
import { declared } from '../test-helpers';

const items = declared('items');
const customers = declared('customers');

let n = 0;
const opened: OfflineDb[] = [];
function fresh(): OfflineDb {
  const db = new OfflineDb(`local-read-test-${++n}-${Date.now()}`);
  opened.push(db);
  return db;
}
beforeEach(() => { forgetOfflineReads(); });
afterEach(() => { for (const db of opened.splice(0)) db.close(); });

async function pulled(db: OfflineDb, at = 1_700_000_000_000): Promise<void> {
  await db.rows.bulkPut([
    { t: 'items', id: 1, row: { id: 1, code: 'A-001', name: 'Steel bolt', weight: 2 } },
    { t: 'items', id: 2, row: { id: 2, code: 'A-002', name: 'Steel nut', weight: 1 } },
    { t: 'items', id: 3, row: { id: 3, code: 'B-001', name: 'Copper wire', weight: 5 } },
    { t: 'customers', id: 1, row: { id: 1, name: 'Steel Works Ltd', code: 'C1' } },
  ]);
  await setMeta(db, 'cursor:items', 30);
  await setMeta(db, 'pulledAt:items', at);
}

describe('readOfflineList', () => {
  it('is null when the table has never been completely pulled, even with rows in the copy', async () => {
    const db = fresh();
    await db.rows.put({ t: 'items', id: 1, row: { id: 1, code: 'A' } });
    await setMeta(db, 'cursor:items', 10);
    expect(await readOfflineList(db, items, {})).toBeNull();
  });

  it('answers the list of its own table by the contract, with the time of the pull', async () => {
    const db = fresh();
    await pulled(db);
    const r = await readOfflineList(db, items, { keyword: 'steel', sort: ['-weight'], totals: true });
    expect(r).toEqual({ value: { msg: 'OK', dt: [{ id: 1, code: 'A-001', name: 'Steel bolt', weight: 2 }, { id: 2, code: 'A-002', name: 'Steel nut', weight: 1 }], total: 2, totals: {} }, asOf: 1_700_000_000_000 });
    // Another resource of the same copy was never pulled.
    expect(await readOfflineList(db, customers, { keyword: 'steel' })).toBeNull();
  });

  it('reads the rows once per pull: rows written without a new cursor or pull time are not seen', async () => {
    const db = fresh();
    await pulled(db);
    expect((await readOfflineList(db, items, {}))?.value.total).toBe(3);
    await db.rows.put({ t: 'items', id: 4, row: { id: 4, code: 'B-002', name: 'Paint' } });
    expect((await readOfflineList(db, items, {}))?.value.total).toBe(3);
  });

  it('reads them again when the cursor changes (a pulled page)', async () => {
    const db = fresh();
    await pulled(db);
    expect((await readOfflineList(db, items, {}))?.value.dt.map(r => r.id)).toEqual([1, 2, 3]);
    await db.rows.put({ t: 'items', id: 4, row: { id: 4, code: 'B-002', name: 'Paint' } });
    await db.rows.delete(['items', 2]);
    await setMeta(db, 'cursor:items', 31);
    const r = await readOfflineList(db, items, {});
    expect(r?.value.dt.map(x => x.id)).toEqual([1, 3, 4]);
    expect(r?.asOf).toBe(1_700_000_000_000);
  });

  it('reads them again when the pull time changes, and answers the new time', async () => {
    const db = fresh();
    await pulled(db);
    expect((await readOfflineList(db, items, {}))?.value.total).toBe(3);
    await db.rows.put({ t: 'items', id: 4, row: { id: 4, code: 'B-002', name: 'Paint' } });
    await setMeta(db, 'pulledAt:items', 1_700_000_600_000);
    const r = await readOfflineList(db, items, {});
    expect(r?.value.total).toBe(4);
    expect(r?.asOf).toBe(1_700_000_600_000);
  });

  it('keeps one memo per database: another copy with the same stamp is read on its own', async () => {
    const a = fresh();
    const b = fresh();
    await pulled(a);
    await pulled(b);
    await b.rows.delete(['items', 1]);
    expect((await readOfflineList(a, items, {}))?.value.total).toBe(3);
    expect((await readOfflineList(b, items, {}))?.value.total).toBe(2);
  });

  it('forgetOfflineReads drops the memo', async () => {
    const db = fresh();
    await pulled(db);
    expect((await readOfflineList(db, items, {}))?.value.total).toBe(3);
    await db.rows.delete(['items', 3]);
    forgetOfflineReads();
    expect((await readOfflineList(db, items, {}))?.value.total).toBe(2);
  });
});

describe('readOfflineRow', () => {
  it('is null when the table has never been pulled', async () => {
    const db = fresh();
    await db.rows.put({ t: 'items', id: 1, row: { id: 1, code: 'A' } });
    expect(await readOfflineRow(db, items, 1)).toBeNull();
  });

  it('answers the row with the time of the pull, and undefined for a row the copy does not hold', async () => {
    const db = fresh();
    await pulled(db);
    expect(await readOfflineRow(db, items, 3)).toEqual({ value: { id: 3, code: 'B-001', name: 'Copper wire', weight: 5 }, asOf: 1_700_000_000_000 });
    expect(await readOfflineRow(db, items, 99)).toEqual({ value: undefined, asOf: 1_700_000_000_000 });
    expect(await readOfflineRow(db, customers, 1)).toBeNull();
  });

  it('reads the copy as it is now', async () => {
    const db = fresh();
    await pulled(db);
    await readOfflineList(db, items, {});
    await db.rows.put({ t: 'items', id: 3, row: { id: 3, code: 'B-001', name: 'Copper cable' } });
    expect((await readOfflineRow(db, items, 3))?.value?.name).toBe('Copper cable');
  });
});
