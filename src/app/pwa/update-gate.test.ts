import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { outboxDb } from '../../data/outbox/device';
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

    await settlePush(db, 'K', [], { msg: 'OK', lastSeq: 2, results: [] });
    expect(await applyUpdateWhenSent(apply)).toBe(0);
    expect(apply).toHaveBeenCalledOnce();
  });
});
