import { checkedPushReply } from '../../src/data/sync-client';
import { ApiError } from '../../src/data/errors';
import { OfflineDb } from '../../src/data/offline/db';
import { computerOf, rememberComputer } from '../../src/data/outbox/device';
import { recordFact } from '../../src/data/outbox/outbox';
import { createOutboxSender, type OutboxSender, type PushFn } from '../../src/data/outbox/sender';
import type { FlakyNetwork } from './flaky-network';
import { createLockManager } from './web-locks';

/**
 * A kiosk as the chaos test runs it: one browser (its own IndexedDB database and lock manager) with one or more
 * tabs, each with its own connection to that database and its own outbox sender — the app's code (recordFact,
 * createOutboxSender, settlePush) on fake-indexeddb, talking to the real server through the kiosk's flaky network.
 * Only the transport is the harness's: a fetch with the device session, failing the way the app's http layer does.
 */
export interface KioskTab {
  db: OfflineDb;
  sender: OutboxSender;
}

export interface SimKiosk {
  code: string;
  net: FlakyNetwork;
  tabs: KioskTab[];
  /** The ids of every fact this kiosk recorded. */
  recorded: string[];
  swipe(tab: number, args: Record<string, unknown>): Promise<void>;
  /** The browser's `online` event (or a tap on the screen: a focus): every tab's sender sends now. */
  poke(): void;
  pending(): Promise<number>;
  deadLetters(): Promise<number>;
}

export async function openKiosk(o: { name: string; net: FlakyNetwork; session: string; computer: unknown; tabs: number }): Promise<SimKiosk> {
  const computer = computerOf(o.computer);
  if (!computer) throw new Error(`the login named no computer: ${JSON.stringify(o.computer)}`);
  const locks = createLockManager();
  const push: PushFn = async (device, mutations, floor) => {
    let status: number;
    let body: unknown;
    try {
      const res = await fetch(`${o.net.url}/sync/push/`, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: o.session },
        body: JSON.stringify({ device, mutations, floor }), signal: AbortSignal.timeout(60_000),
      });
      status = res.status;
      body = await res.json();
    } catch (e) {
      throw new ApiError({ kind: 'network', status: 0, msg: e instanceof Error ? e.message : String(e) });
    }
    if (status === 401) throw new ApiError({ kind: 'needlogin', status, msg: 'needlogin' });
    if (status !== 200) throw new ApiError({ kind: status >= 500 ? 'server' : 'rejected', status, msg: JSON.stringify(body).slice(0, 300) });
    return checkedPushReply(body);
  };
  const tabs: KioskTab[] = [];
  for (let i = 0; i < o.tabs; i++) {
    const db = new OfflineDb(`ipos-offline:${o.name}`);
    if (i === 0) await rememberComputer(db, computer);
    const sender = createOutboxSender({
      db: () => db, push, reopen: async () => false, hasSession: () => true, reachable: () => !o.net.offline, locks: () => locks,
    });
    tabs.push({ db, sender });
  }
  const recorded: string[] = [];
  const db0 = tabs[0]!.db;
  return {
    code: computer.code,
    net: o.net,
    tabs,
    recorded,
    async swipe(tab, args) {
      const t = tabs[tab]!;
      const fact = await recordFact('tap', args, { db: t.db });
      recorded.push(fact.id);
      t.sender.poke('write');
    },
    poke() {
      for (const t of tabs) t.sender.poke();
    },
    pending: () => db0.outbox.count(),
    deadLetters: () => db0.deadletters.count(),
  };
}
