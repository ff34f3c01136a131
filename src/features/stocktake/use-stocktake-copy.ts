import { useEffect, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { syncStore } from '../../data/offline/sync-engine';
import { outboxStatusStore } from '../../data/outbox/status';
import { loadStocktakeRows, queuedCounts, refusedCounts, type QueuedCount, type StocktakeRows } from '../../data/stocktake-client';
import { patternOf } from '../../domain/rules/numbering';
import { useConfig } from '../../ui/stores';
import type { CopyItem, CopyPosition, StocktakeCopy } from './stocktake-model';

const PULLED = ['warepositions', 'items', 'cards'] as const;
type Row = Record<string, unknown>;

/**
 * What the stocktake screen counts against on the device: the offline copy's positions of the count's warehouse (of its
 * storeroom, when it counts one), the
 * items and the open cards (read again after each pull), and this device's counted lines still queued or refused
 * (read again whenever the outbox changes).
 */
export function useStocktakeCopy(warehouseId: number | null, roomId: number | null = null): {
  copy: StocktakeCopy | null; asOf: number | null; queued: QueuedCount[]; refused: QueuedCount[];
} {
  const pulledAt = useStore(syncStore, s => s.pulledAt);
  const stamp = PULLED.map(t => pulledAt[t] ?? 0).join('|');
  const pattern = useConfig(s => s.values.card_no_pattern);
  const [rows, setRows] = useState<StocktakeRows | null>(null);
  useEffect(() => {
    let live = true;
    void loadStocktakeRows().then(r => { if (live) setRows(r); })
      .catch(() => { if (live) setRows({ positions: [], items: [], cards: [], asOf: null }); });
    return () => { live = false; };
  }, [stamp]);

  const copy = useMemo((): StocktakeCopy | null => {
    if (!rows || warehouseId === null) return null;
    const positions = new Map<string, CopyPosition>();
    for (const p of rows.positions) {
      // A count of one storeroom knows only its positions: another's label is not part of this count.
      const inScope = roomId === null || Number(p.room_id) === roomId;
      if (Number(p.warehouse_id) === warehouseId && inScope && typeof p.code === 'string' && !p.canceled) {
        positions.set(p.code, { id: Number(p.id), code: p.code, name: String(p.name ?? p.code) });
      }
    }
    const items = new Map<string, CopyItem>();
    const itemsById = new Map<number, CopyItem>();
    for (const i of rows.items as Row[]) {
      if (typeof i.code !== 'string' || typeof i.id !== 'number') continue;
      const item = { id: i.id, code: i.code, name: String(i.name ?? i.code), unit: typeof i.unit === 'string' ? i.unit : null };
      items.set(i.code, item);
      itemsById.set(i.id, item);
    }
    const cards = new Map(rows.cards.filter(c => typeof c.show_id === 'string' && !c.canceled)
      .map(c => [c.show_id as string, { show_id: c.show_id as string, item_id: typeof c.item_id === 'number' ? c.item_id : null }]));
    const cardPattern = patternOf('card_no_pattern', pattern);
    return { positions, items, itemsById, cards, isCardNumber: code => cardPattern.matches(code) };
  }, [rows, warehouseId, roomId, pattern]);

  const pending = useStore(outboxStatusStore, s => s.pending);
  const dead = useStore(outboxStatusStore, s => s.deadLetters);
  const [queued, setQueued] = useState<QueuedCount[]>([]);
  const [refused, setRefused] = useState<QueuedCount[]>([]);
  useEffect(() => {
    let live = true;
    void Promise.all([queuedCounts(), refusedCounts()]).then(([q, r]) => {
      if (!live) return;
      setQueued(q);
      setRefused(r);
    }).catch(() => undefined);
    return () => { live = false; };
  }, [pending, dead]);
  return { copy, asOf: rows?.asOf ?? null, queued, refused };
}
