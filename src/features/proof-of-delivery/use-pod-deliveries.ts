import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { accountPersonId } from '../../data/account-person';
import {
  deliveriesCopy, keepDeliveriesCopy, queuedReceipts, refusedReceipts, takenReceipts, type Receipt,
} from '../../data/proof-of-delivery-client';
import { queryKeys } from '../../data/query-keys';
import { deliveries } from '../../domain/resources/delivery/deliveries';
import { deliverylines } from '../../domain/resources/delivery/deliverylines';
import { useResourceList } from '../../ui/data/use-resource';
import { useOutboxStatus } from '../../ui/stores';
import type { Receipts } from './pod-model';

type Row = Record<string, unknown>;

/** Which deliveries the phone lists: the driver's own (`driver_id` is the account's person), or every shipped one. */
export type PodScope = 'mine' | 'all';

/** Signed deliveries stay listed this long after their signing (the driver sees the day's work done). */
const SIGNED_SHOWN_MS = 2 * 24 * 3600_000;

export interface PodDeliveries {
  /** The scope the list holds: `all` when the account has no person, whatever was asked. */
  scope: PodScope;
  /** The account's person (the driver), null when it has none; undefined until known. */
  personId: number | null | undefined;
  /** Null until the server or the phone's copy has answered. */
  deliveries: Row[] | null;
  lines: Row[];
  /** When the copy shown was kept (ms since epoch); null while the server answers. */
  keptAt: number | null;
  failed: boolean;
  receipts: Receipts & { queued: Receipt[]; refused: Receipt[]; taken: Receipt[] };
}

/**
 * The deliveries the driver's phone signs for (docs/delivery.md "Proof of delivery", decision 206): the shipped ones,
 * not cancelled, of the driver (or all of them), and those signed lately, with their lines; read from the server and
 * kept on the phone whenever it answers, read from that copy when it does not (a reload offline lists and opens them).
 * Also the receipts the phone holds — queued, refused, taken — read again whenever the outbox changes, and the lists
 * read again once a push has settled.
 */
export function usePodDeliveries(asked: PodScope): PodDeliveries {
  const qc = useQueryClient();
  const [personId, setPersonId] = useState<number | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void accountPersonId().then(id => { if (live) setPersonId(id); }).catch(() => { if (live) setPersonId(null); });
    return () => { live = false; };
  }, []);
  const scope: PodScope = personId === null ? 'all' : asked;
  const known = personId !== undefined;
  const mine = scope === 'mine' && personId != null ? [{ field: 'driver_id' as const, op: 'eq' as const, value: personId }] : [];
  const [since] = useState(() => new Date(Date.now() - SIGNED_SHOWN_MS).toISOString());
  const shipped = useResourceList(deliveries, {
    filter: [{ field: 'status', op: 'eq', value: 'shipped' }, { field: 'canceled', op: 'eq', value: false }, ...mine],
    sort: ['date', 'id'], limit: 200,
  }, { enabled: known });
  const signed = useResourceList(deliveries, {
    filter: [{ field: 'status', op: 'eq', value: 'signed' }, { field: 'signed_at', op: 'gte', value: since }, ...mine],
    sort: ['-signed_at'], limit: 100,
  }, { enabled: known });
  const fresh = useMemo(() => (shipped.data && signed.data ? [...shipped.data.dt, ...signed.data.dt] as Row[] : null), [shipped.data, signed.data]);
  const ids = useMemo(() => (fresh ?? []).map(d => Number(d.id)), [fresh]);
  const lines = useResourceList(deliverylines, {
    filter: [{ field: 'delivery_id', op: 'in', value: ids }], sort: ['delivery_id', 'line_no'], limit: 1000,
  }, { enabled: ids.length > 0, keepPrevious: true });
  const freshLines = ids.length === 0 ? [] : (lines.data?.dt as Row[] | undefined);

  useEffect(() => {
    if (fresh && freshLines) keepDeliveriesCopy(scope, { deliveries: fresh, lines: freshLines });
  }, [scope, fresh, freshLines]);
  const kept = useMemo(() => (fresh && freshLines ? null : deliveriesCopy(scope)), [scope, fresh, freshLines]);

  // The receipts on the phone, read again when the outbox's counts change (a receipt taken, sent or refused).
  const pending = useOutboxStatus(s => s.pending);
  const dead = useOutboxStatus(s => s.deadLetters);
  const [receipts, setReceipts] = useState<PodDeliveries['receipts']>({ queued: [], refused: [], taken: [] });
  useEffect(() => {
    let live = true;
    void Promise.all([queuedReceipts(), refusedReceipts()]).then(([queued, refused]) => {
      if (live) setReceipts({ queued, refused, taken: takenReceipts() });
    }).catch(() => undefined);
    return () => { live = false; };
  }, [pending, dead]);
  // A push settled: the server's deliveries are read again (those signed now say so).
  useEffect(() => {
    void qc.invalidateQueries({ queryKey: queryKeys.all(deliveries.api) });
    void qc.invalidateQueries({ queryKey: queryKeys.all(deliverylines.api) });
  }, [pending, dead, qc]);

  return {
    scope,
    personId,
    deliveries: fresh && freshLines ? fresh : kept?.deliveries ?? null,
    lines: fresh && freshLines ? freshLines : kept?.lines ?? [],
    keptAt: fresh && freshLines ? null : kept?.savedAt ?? null,
    failed: (shipped.isError || signed.isError || lines.isError) && !kept,
    receipts,
  };
}
