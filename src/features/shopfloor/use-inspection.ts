import { useCallback, useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { accountPersonId } from '../../data/account-person';
import { connectivityStore, onReconnect } from '../../data/connectivity';
import { isAbort } from '../../data/errors';
import { flushHeldInspections, heldInspections, type HeldInspection } from '../../data/held-inspections';
import { badgeSalt, loadKioskRows } from '../../data/kiosk-data';
import { syncStore } from '../../data/offline/sync-engine';
import { resourceClient } from '../../data/resource-client';
import { cards } from '../../domain/resources/orders/cards';
import { createBadgeHasher, type BadgeHasher } from '../../ui/scanner/badge';
import type { InspectedCard } from './inspection-form';
import type { CardRow } from './kiosk-state';
import type { Operator } from './kiosk-swipe';

/**
 * What an inspection tablet works from (docs/shopfloor.md), offline or not: the offline copy's open cards, people
 * (with their badge hashes) and work nodes, read into memory and read again after each pull; the badge salt; the
 * person of the logged-in account; and the inspections held for their photos (src/data/held-inspections.ts), sent
 * when the screen opens, when the server comes back and every minute while any wait.
 *
 * A scanned code is a badge when its hash is a person's (the inspector changes), else a card number. A card is looked
 * up in the copy, then — the copy holds only unfinished cards, and finished goods are inspected after the last step —
 * on the server when it answers; when neither can say, the card is taken unverified and the server checks it.
 */
const PULLED = ['cards', 'persons', 'worknodes'] as const;
const HELD_RETRY_MS = 60_000;
const cardsClient = resourceClient(cards);

export interface InspectionCopy {
  cards: ReadonlyMap<string, CardRow & { worknode_id?: number }>;
  persons: ReadonlyMap<number, string>;
  badges: ReadonlyMap<string, Operator>;
  worknodes: ReadonlyMap<number, string>;
  asOf: number | null;
}

export type Scanned =
  | { kind: 'inspector'; inspector: Operator }
  | { kind: 'card'; card: InspectedCard }
  /** The server answered that no such card exists: the server would refuse the inspection. */
  | { kind: 'not_found'; code: string };

function cardOf(row: Partial<CardRow> & { show_id: string; worknode_id?: number | null }, unverified = false): InspectedCard {
  const q = Number(row.quantity);
  return {
    show_id: row.show_id, quantity: row.quantity == null || !Number.isFinite(q) ? null : q,
    ...(row.item_id_name ? { item: row.item_id_name } : {}), ...(row.order_show_id ? { order: row.order_show_id } : {}),
    ...(row.unit ? { unit: row.unit } : {}), worknode_id: row.worknode_id ?? null, unverified,
  };
}

export function useInspection(o: { mayLookUpCards: boolean }) {
  const [copy, setCopy] = useState<InspectionCopy | null>(null);
  const [hasher, setHasher] = useState<BadgeHasher | null>(null);
  const [accountPerson, setAccountPerson] = useState<number | null>(null);
  const [badgeInspector, setBadgeInspector] = useState<Operator | null>(null);
  const [held, setHeld] = useState<HeldInspection[]>([]);
  const pulledAt = useStore(syncStore, s => s.pulledAt);
  const reachable = useStore(connectivityStore, s => s.reachable);
  const stamp = PULLED.map(t => pulledAt[t] ?? 0).join('|');

  useEffect(() => {
    let live = true;
    void loadKioskRows().then(rows => {
      if (!live) return;
      const cardMap = new Map<string, CardRow & { worknode_id?: number }>();
      for (const c of rows.cards as unknown as (CardRow & { worknode_id?: number })[]) if (!c.canceled && c.show_id) cardMap.set(c.show_id, c);
      const persons = new Map<number, string>();
      const badges = new Map<string, Operator>();
      for (const p of rows.persons) {
        if (typeof p.id !== 'number') continue;
        persons.set(p.id, String(p.name ?? ''));
        // Badge hashes reach only roles that may recognise badges (decision 67); without one, nobody badges in.
        if (typeof p.card_no_hash === 'string' && p.active !== false) {
          badges.set(p.card_no_hash.toLowerCase(), { id: p.id, name: String(p.name ?? ''), code: typeof p.code === 'string' ? p.code : undefined });
        }
      }
      const worknodes = new Map(rows.worknodes.filter(w => typeof w.id === 'number').map(w => [w.id as number, String(w.name ?? '')]));
      setCopy({ cards: cardMap, persons, badges, worknodes, asOf: rows.asOf });
    }).catch(() => { if (live) setCopy({ cards: new Map(), persons: new Map(), badges: new Map(), worknodes: new Map(), asOf: null }); });
    return () => { live = false; };
  }, [stamp]);

  useEffect(() => {
    let live = true;
    void badgeSalt().then(async salt => {
      if (!salt) return;
      const h = await createBadgeHasher(salt);
      if (live) setHasher(() => h);
    }).catch(() => undefined);
    const ctl = new AbortController();
    void accountPersonId({ signal: ctl.signal }).then(id => { if (live) setAccountPerson(id); }).catch(() => undefined);
    return () => { live = false; ctl.abort(); };
  }, []);

  const refreshHeld = useCallback(async () => {
    try { setHeld(await heldInspections()); } catch { /* no IndexedDB: nothing can be held either */ }
  }, []);
  const sendHeld = useCallback(async () => {
    try {
      await flushHeldInspections();
    } catch {
      // Kept for the next trigger: nothing held is ever dropped.
    }
    await refreshHeld();
  }, [refreshHeld]);

  useEffect(() => {
    void sendHeld();
    return onReconnect(() => void sendHeld());
  }, [sendHeld]);
  useEffect(() => {
    if (held.length === 0 || !reachable) return undefined;
    const timer = setInterval(() => void sendHeld(), HELD_RETRY_MS);
    return () => clearInterval(timer);
  }, [held.length, reachable, sendHeld]);

  /** The inspector: the badge scanned, else the account's person. */
  const inspector: Operator | null = badgeInspector
    ?? (accountPerson !== null ? { id: accountPerson, name: copy ? copy.persons.get(accountPerson) ?? `#${accountPerson}` : '…' } : null);

  const lookUpCard = useCallback(async (code: string, signal?: AbortSignal): Promise<Scanned> => {
    const known = copy?.cards.get(code);
    if (known) return { kind: 'card', card: cardOf(known) };
    if (o.mayLookUpCards && connectivityStore.getState().reachable) {
      try {
        const r = await cardsClient.list({ filter: [{ field: 'show_id', op: 'eq', value: code }], limit: 1 }, { signal });
        const row = r.dt[0];
        if (row) return { kind: 'card', card: cardOf(row as unknown as CardRow & { worknode_id?: number }) };
        if (r.source === 'server') return { kind: 'not_found', code };
      } catch (e) {
        if (isAbort(e)) throw e;
        // Out of reach or refused: the card is taken on trust, as offline.
      }
    }
    return { kind: 'card', card: { show_id: code, quantity: null, unverified: true } };
  }, [copy, o.mayLookUpCards]);

  /** A scanned code: a known badge makes its person the inspector; anything else is a card number. */
  const scan = useCallback(async (raw: string, signal?: AbortSignal): Promise<Scanned> => {
    const code = raw.trim();
    if (hasher && copy && copy.badges.size > 0) {
      const who = copy.badges.get((await hasher(code)).toLowerCase());
      if (who) {
        setBadgeInspector(who);
        return { kind: 'inspector', inspector: who };
      }
    }
    return lookUpCard(code, signal);
  }, [hasher, copy, lookUpCard]);

  return {
    ready: copy !== null, copy, inspector, fromBadge: badgeInspector !== null, clearBadge: () => setBadgeInspector(null),
    scan, held, refreshHeld, sendHeld,
  };
}
