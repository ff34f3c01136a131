import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectivityStore } from '../connectivity';
import { OfflineDb } from '../offline/db';
import { rememberComputer } from './device';
import { recordFact } from './outbox';
import { outboxStatusStore, pendingAgeMs } from './status';

const opened: OfflineDb[] = [];
afterEach(() => { for (const db of opened.splice(0)) db.close(); });

describe('the sync status', () => {
  it('counts each recorded fact at once, with the oldest one\'s time and the computer', async () => {
    const db = new OfflineDb('status-test-1');
    opened.push(db);
    await rememberComputer(db, { id: 1, code: 'K-01', name: 'K', worknode_ids: [], device_id: null, last_seq: 0 });
    await recordFact('tap', { card: 'C1', worknode_id: 3, person_id: 5, action: 'start' }, { db, at: new Date('2025-03-01T08:00:00Z') });
    await vi.waitFor(() => expect(outboxStatusStore.getState()).toMatchObject({
      pending: 1, oldestAt: Date.parse('2025-03-01T08:00:00Z'), deadLetters: 0, loaded: true, computer: { code: 'K-01' },
    }));
  });

  it('follows the server\'s reachability', () => {
    connectivityStore.setState({ reachable: false });
    expect(outboxStatusStore.getState().online).toBe(false);
    connectivityStore.setState({ reachable: true });
    expect(outboxStatusStore.getState().online).toBe(true);
  });

  it('says how long the oldest fact has waited', () => {
    expect(pendingAgeMs({ oldestAt: null })).toBeNull();
    expect(pendingAgeMs({ oldestAt: 1_000 }, 61_000)).toBe(60_000);
    // A device clock set back never shows a negative age.
    expect(pendingAgeMs({ oldestAt: 5_000 }, 1_000)).toBe(0);
  });
});
