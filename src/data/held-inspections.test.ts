import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { flushHeldInspections, HELD_PREFIX, heldInspections, holdInspection } from './held-inspections';
import { OfflineDb } from './offline/db';
import { FactArgsError, pendingFacts } from './outbox/outbox';

let n = 0;
const opened: OfflineDb[] = [];
function open(): OfflineDb {
  const db = new OfflineDb(`held-test-${++n}`);
  opened.push(db);
  return db;
}
afterEach(() => { for (const db of opened.splice(0)) db.close(); });

const args = { card: 'C100', person_id: 5, quantity: 9, bad_quantity: 1, defects: [{ reason: '破损', quantity: 1 }] };
const photo = (text: string) => new Blob([text], { type: 'image/jpeg' });

describe('inspections held for their photos', () => {
  it('keeps the inspection with its photos\' bytes, then records it once they are uploaded, at its own time', async () => {
    const db = open();
    const at = new Date('2026-03-02T08:00:00.000Z');
    await holdInspection('inspect', args, [{ url: '/files/?id=a' }, { blob: photo('two') }], { db, at });
    expect(await pendingFacts({ db })).toEqual([]);
    const uploaded: string[] = [];
    const r = await flushHeldInspections({ db, upload: async b => { uploaded.push(await b.text()); return '/files/?id=b'; } });
    expect(r).toEqual({ recorded: 1, waiting: 0, unreachable: false });
    expect(uploaded).toEqual(['two']);
    const [fact] = await pendingFacts({ db });
    expect(fact).toMatchObject({ name: 'inspect', at: at.toISOString(), card: 'C100' });
    expect(fact!.args).toEqual({ ...args, photos: ['/files/?id=a', '/files/?id=b'] });
    expect(await heldInspections({ db })).toEqual([]);
  });

  it('refuses to hold arguments the fact would not pass, and writes nothing', async () => {
    const db = open();
    await expect(holdInspection('precheck', { ...args, quantity: -1 }, [{ blob: photo('x') }], { db })).rejects.toBeInstanceOf(FactArgsError);
    const seven = Array.from({ length: 7 }, () => ({ blob: photo('x') }));
    await expect(holdInspection('precheck', args, seven, { db })).rejects.toBeInstanceOf(FactArgsError);
    expect(await heldInspections({ db })).toEqual([]);
  });

  it('waits while the server is out of reach, keeping what was uploaded', async () => {
    const db = open();
    await holdInspection('precheck', args, [{ blob: photo('one') }, { blob: photo('two') }], { db });
    let calls = 0;
    const r = await flushHeldInspections({
      db,
      upload: async () => {
        if (++calls === 1) return '/files/?id=1';
        throw new ApiError({ kind: 'network', status: 0, msg: 'offline' });
      },
    });
    expect(r).toEqual({ recorded: 0, waiting: 1, unreachable: true });
    const [held] = await heldInspections({ db });
    expect(held!.photos[0]).toEqual({ url: '/files/?id=1' });
    expect(held!.photos[1]!.url).toBeUndefined();
    // Back online: only the photo not yet uploaded goes up.
    const sent: string[] = [];
    await flushHeldInspections({ db, upload: async b => { sent.push(await b.text()); return '/files/?id=2'; } });
    expect(sent).toEqual(['two']);
    expect((await pendingFacts({ db }))[0]!.args.photos).toEqual(['/files/?id=1', '/files/?id=2']);
  });

  it('keeps a refused photo\'s reason on its entry and goes on with the next', async () => {
    const db = open();
    await holdInspection('precheck', args, [{ blob: photo('bad') }], { db, at: new Date('2026-03-02T08:00:00Z') });
    await holdInspection('precheck', { ...args, card: 'C200' }, [{ blob: photo('good') }], { db, at: new Date('2026-03-02T09:00:00Z') });
    const r = await flushHeldInspections({
      db,
      upload: async b => {
        if (await b.text() === 'bad') throw new ApiError({ kind: 'rejected', status: 400, msg: '文件太大' });
        return '/files/?id=g';
      },
    });
    expect(r).toEqual({ recorded: 1, waiting: 1, unreachable: false });
    expect((await heldInspections({ db }))[0]).toMatchObject({ error: '文件太大', args: { card: 'C100' } });
    expect((await pendingFacts({ db })).map(f => f.card)).toEqual(['C200']);
  });

  it('becomes a fact once: an entry another tab sent meanwhile is not recorded again', async () => {
    const db = open();
    const held = await holdInspection('inspect', args, [{ blob: photo('one') }], { db });
    const r = await flushHeldInspections({
      db,
      // While this page uploads, another tab (same database) finishes the same entry and deletes it.
      upload: async () => { await db.counters.delete(HELD_PREFIX + held.id); return '/files/?id=1'; },
    });
    expect(r).toEqual({ recorded: 0, waiting: 0, unreachable: false });
    expect(await pendingFacts({ db })).toEqual([]);
  });
});
