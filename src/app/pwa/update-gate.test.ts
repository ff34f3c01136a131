import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { outboxDb } from '../../data/outbox/device';
import { rememberComputer } from '../../data/outbox/device';
import { settlePush } from '../../data/outbox/outbox';
import { applyUpdateWhenSent } from './update-gate';

describe('an app update waits for the outbox', () => {
  it('is applied when nothing is pending, and held back (the sender asked to send) while facts wait', async () => {
    const apply = vi.fn(async () => undefined);
    expect(await applyUpdateWhenSent(apply)).toBe(0);
    expect(apply).toHaveBeenCalledOnce();

    const db = outboxDb();
    await db.outbox.bulkAdd([1, 2].map(seq => ({ id: `f${seq}`, seq, name: 'tap' as const, args: {}, at: new Date().toISOString(), v: 1 })));
    apply.mockClear();
    expect(await applyUpdateWhenSent(apply)).toBe(2);
    expect(apply).not.toHaveBeenCalled();

    // The sender pushed both and the server holds them (a reply acknowledges only what its push sent).
    const sent = await db.outbox.toArray();
    await settlePush(db, 'K', sent, { msg: 'OK', lastSeq: 2, results: sent.map(f => ({ id: f.id, status: 'applied' as const })) });
    expect(await applyUpdateWhenSent(apply)).toBe(0);
    expect(apply).toHaveBeenCalledOnce();
  });

  it('does not wait for facts queued under another terminal: they wait for its login, kept through the update', async () => {
    const db = outboxDb();
    await db.outbox.clear();
    await rememberComputer(db, { id: 2, code: 'K-02', name: 'Kiosk 2', worknode_ids: [1], device_id: null, last_seq: 0 });
    const fact = (seq: number, device?: string) => ({
      id: `g${seq}`, seq, name: 'tap' as const, args: {}, at: new Date().toISOString(), v: 1, ...(device ? { device } : {}),
    });
    await db.outbox.bulkAdd([fact(10, 'K-01'), fact(11, 'K-01')]);
    const apply = vi.fn(async () => undefined);
    expect(await applyUpdateWhenSent(apply)).toBe(0);
    expect(apply).toHaveBeenCalledOnce();
    expect(await db.outbox.count()).toBe(2);
    // This terminal's own fact, or one queued before any device login, holds the update back.
    for (const f of [fact(12, 'K-02'), fact(13)]) {
      await db.outbox.clear();
      await db.outbox.bulkAdd([fact(10, 'K-01'), f]);
      apply.mockClear();
      expect(await applyUpdateWhenSent(apply)).toBe(1);
      expect(apply).not.toHaveBeenCalled();
    }
  });
});
