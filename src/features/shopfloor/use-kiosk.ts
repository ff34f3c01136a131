import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { badgeSalt, loadKioskRows } from '../../data/kiosk-data';
import { setSyncHold, syncOffline, syncStore } from '../../data/offline/sync-engine';
import { reconcileDeadLetters } from '../../data/outbox/dead-letters';
import { addToKioskDay, kioskDay, localDay, swipeDelta } from '../../data/outbox/kioskday';
import { pendingFacts, recordFact } from '../../data/outbox/outbox';
import { outboxStatusStore } from '../../data/outbox/status';
import type { KioskDayRecord } from '../../data/offline/db';
import type { TapArgs } from '../../domain/contract/facts';
import { createBadgeHasher, type BadgeHasher } from '../../ui/scanner/badge';
import { swipeHold } from './swipe-hold';
import { indexOf, kioskReady, type CardRow, type KioskIndex, type PendingTap, type StepRow, type WorknodeRow } from './kiosk-state';
import { decideSwipe, type Operator, type SwipeOutcome } from './kiosk-swipe';

/**
 * The kiosk's working state (docs/shopfloor.md): the offline copy indexed in memory (reloaded after every pull), the
 * badge hashes, the operator, the kiosk's own swipes, the day's counts — and `swipe`, which decides a scanned code
 * from memory and, for a card, records the fact with its projection durably before it answers. The answer (and its
 * panel) therefore never waits for the network, and never claims a swipe that a power cut could lose.
 */
export interface SwipeResult { outcome: SwipeOutcome; at: number; /** ms from the scan to the recorded fact. */ ms: number; error?: string }

const PULLED = ['cards', 'cardnodes', 'worknodes', 'workflows', 'persons'] as const;
/** After a push the server holds new state: the copy is refreshed soon after, once for a burst of swipes. */
const REFRESH_AFTER_PUSH_MS = 3_000;
export function useKiosk(worknodeId: number | null, lockoutSeconds: number, isCardNumber: (code: string) => boolean) {
  const [index, setIndex] = useState<KioskIndex | null>(null);
  const [badges, setBadges] = useState<ReadonlyMap<string, Operator>>(new Map());
  const [hasher, setHasher] = useState<BadgeHasher | null>(null);
  // Whether the badge salt has been looked for (found or not): until then a badge could be mistaken for a card.
  const [saltChecked, setSaltChecked] = useState(false);
  const [operator, setOperator] = useState<Operator | null>(null);
  const [day, setDay] = useState<KioskDayRecord | null>(null);
  const [asOf, setAsOf] = useState<number | null>(null);
  const [badgesAsOf, setBadgesAsOf] = useState<number | null>(null);
  // The kiosk's swipes of this page's life, replayed with the pending ones until the copy has them (a pulled copy
  // replaces the rows, and an acknowledged fact leaves the outbox before the next pull brings its effect).
  const recent = useRef<PendingTap[]>([]);
  const lastSwipe = useRef(new Map<string, number>());
  const lastSwipeAt = useRef(0);
  const pulledAt = useStore(syncStore, s => s.pulledAt);
  const stamp = PULLED.map(t => pulledAt[t] ?? 0).join('|');

  useEffect(() => {
    let live = true;
    void loadKioskRows().then(rows => {
      if (!live) return;
      setIndex(indexOf({
        cards: rows.cards as unknown as CardRow[], steps: rows.steps as unknown as StepRow[],
        worknodes: rows.worknodes as unknown as WorknodeRow[], workflows: rows.workflows as { id: number; worknode_ids?: number[] }[],
      }));
      setAsOf(rows.asOf);
      setBadgesAsOf(rows.personsAsOf);
      // Badge hashes reach only roles that may recognise badges (decision 67); people without one cannot badge in.
      const map = new Map<string, Operator>();
      for (const p of rows.persons) {
        if (typeof p.card_no_hash === 'string' && p.active !== false) {
          map.set(p.card_no_hash, { id: p.id as number, name: String(p.name ?? ''), code: typeof p.code === 'string' ? p.code : undefined });
        }
      }
      setBadges(map);
    });
    return () => { live = false; };
  }, [stamp]);

  useEffect(() => {
    let live = true;
    void badgeSalt().then(async salt => {
      const h = salt ? await createBadgeHasher(salt) : null;
      if (!live) return;
      if (h) setHasher(() => h);
      setSaltChecked(true);
    });
    return () => { live = false; };
  }, []);

  useEffect(() => {
    if (worknodeId === null) return;
    let live = true;
    const read = () => void kioskDay(localDay(), worknodeId).then(d => { if (live) setDay(d); });
    read();
    // A swipe the server rejected leaves the day's counts (settlePush): read them again when dead letters arrive.
    const unsubscribe = outboxStatusStore.subscribe((s, prev) => { if (s.deadLetters > prev.deadLetters) read(); });
    return () => { live = false; unsubscribe(); };
  }, [worknodeId]);

  // After a push the server holds new state (and supervisors may have resolved this kiosk's dead letters): the copy
  // and the dead letters are refreshed shortly after, once for a burst of swipes; and once when the screen opens.
  // Subscribed, not rendered: a push must not re-render the kiosk while the operator swipes. Every background
  // refresh of the copy waits for a pause in the swiping (swipeHold).
  useEffect(() => {
    const hold = swipeHold(() => lastSwipeAt.current);
    setSyncHold(hold);
    let timer = setTimeout(() => void reconcileDeadLetters(), 0);
    const refreshWhenFree = () => {
      const wait = hold();
      if (wait > 0) { timer = setTimeout(refreshWhenFree, wait); return; }
      void syncOffline();
      void reconcileDeadLetters();
    };
    const unsubscribe = outboxStatusStore.subscribe((s, prev) => {
      if (s.lastSuccessAt === prev.lastSuccessAt || s.lastSuccessAt === null) return;
      clearTimeout(timer);
      timer = setTimeout(refreshWhenFree, REFRESH_AFTER_PUSH_MS);
    });
    return () => { clearTimeout(timer); unsubscribe(); setSyncHold(null); };
  }, []);

  const swipe = useCallback(async (code: string, bad: number): Promise<SwipeResult> => {
    const started = performance.now();
    const at = Date.now();
    lastSwipeAt.current = at;
    if (!index || worknodeId === null) return { outcome: { kind: 'refused', reason: 'tap_need_operator' }, at, ms: 0 };
    const hash = hasher ? await hasher(code) : null;
    const queued = (await pendingFacts({ card: code, name: 'tap' })).map(f => ({ seq: f.seq, args: f.args as PendingTap['args'] }));
    const pending = [...recent.current.filter(r => r.args.card === code && !queued.some(q => q.seq === r.seq)), ...queued];
    const outcome = decideSwipe({
      index, badges, operator, worknodeId, pending, lastSwipe: lastSwipe.current, lockoutMs: lockoutSeconds * 1000, now: at, bad,
      isCardNumber,
    }, code, hash);
    if (outcome.kind === 'operator') setOperator(outcome.operator);
    if (outcome.kind !== 'tap') return { outcome, at, ms: performance.now() - started };
    const args: TapArgs = {
      card: outcome.card, worknode_id: worknodeId, person_id: operator!.id, action: outcome.action,
      ...(outcome.good !== undefined ? { good: outcome.good } : {}), ...(outcome.bad !== undefined ? { bad: outcome.bad } : {}),
      ...(outcome.unverified ? { unverified: true } : {}),
    };
    try {
      const today = localDay(new Date(at));
      let counts: KioskDayRecord | undefined;
      const fact = await recordFact('tap', args, {
        project: async ({ db }) => {
          counts = await addToKioskDay(db, today, worknodeId, swipeDelta(args));
        },
      });
      // Shown once committed: a write that fails leaves the counts as they were.
      if (counts) setDay(counts);
      recent.current.push({ seq: fact.seq, args: { card: args.card, worknode_id: args.worknode_id, action: args.action } });
      lastSwipe.current.set(code, at);
      return { outcome, at, ms: performance.now() - started };
    } catch (e) {
      return { outcome, at, ms: performance.now() - started, error: e instanceof Error ? e.message : String(e) };
    }
  }, [index, worknodeId, hasher, badges, operator, lockoutSeconds, isCardNumber]);

  const ready = useMemo(() => kioskReady({ indexed: index !== null, saltChecked, badgeReader: hasher !== null, badgesAsOf }),
    [index, saltChecked, hasher, badgesAsOf]);
  // Loading only the badges: the copy is there, the badge list not yet (the screen says so).
  const loadingBadges = index !== null && saltChecked && !ready;
  return { ready, loadingBadges, index, operator, setOperator, day, asOf, swipe, badgeReader: hasher !== null };
}
