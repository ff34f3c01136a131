import type {
  TraceCard, TraceDefect, TraceDelivery, TraceInspection, TraceMaterial, TracePackage, TraceReply, TraceShipment, TraceStep, TraceWork,
} from '../../domain/contract/trace';

/**
 * What the trace screen shows, as pure functions of the server's reply (docs/delivery.md "Traceability"): the goods'
 * way forward (each shipment with its customer, delivery, line and package) and, per card, what it was made of and
 * how (its steps, work, inspections, defects, materials, packages).
 */

/** One shipment as the forward table shows it. */
export interface ForwardRow {
  shipment: TraceShipment;
  card: TraceCard | undefined;
  delivery: TraceDelivery | undefined;
  lineCode: string | null;
  packageNo: string | null;
  /** Whether it is the start's own (the delivery line or delivery traced from). */
  own: boolean;
}

export function forwardRows(r: TraceReply): ForwardRow[] {
  const cards = new Map(r.cards.map(c => [c.id, c]));
  const deliveries = new Map(r.deliveries.map(d => [d.id, d]));
  const lines = new Map(r.deliverylines.map(l => [l.id, l]));
  const packs = new Map(r.packages.map(p => [p.id, p]));
  return r.shipments.map(s => ({
    shipment: s,
    card: cards.get(s.card_id),
    delivery: s.delivery_id === null ? undefined : deliveries.get(s.delivery_id),
    lineCode: s.deliveryline_id === null ? null : lines.get(s.deliveryline_id)?.code ?? null,
    packageNo: s.package_id === null ? null : packs.get(s.package_id)?.show_id ?? null,
    own: (r.start.kind === 'deliveryline' && s.deliveryline_id === r.start.id)
      || (r.start.kind === 'delivery' && s.delivery_id === r.start.id),
  }));
}

/** The customers the goods reached (of the deliveries shown, named), in the order first reached. */
export function customersReached(r: TraceReply): { id: number; name: string }[] {
  const seen = new Map<number, string>();
  const deliveries = new Map(r.deliveries.map(d => [d.id, d]));
  for (const s of r.shipments) {
    const d = s.delivery_id === null ? undefined : deliveries.get(s.delivery_id);
    if (d?.customer_id && !seen.has(d.customer_id)) seen.set(d.customer_id, d.customer_name ?? `#${d.customer_id}`);
  }
  return [...seen].map(([id, name]) => ({ id, name }));
}

/** A card's part of the trace. */
export interface CardTrace {
  id: number;
  /** The card's row; undefined when the caller may not view cards (its parts are then shown under its id). */
  card: TraceCard | undefined;
  steps: TraceStep[];
  works: TraceWork[];
  inspections: TraceInspection[];
  defects: TraceDefect[];
  /** Issued to the card, and to its order line (for every card of the line). */
  materials: TraceMaterial[];
  packages: TracePackage[];
  shipped: number;
}

const byCard = <T extends { card_id: number | null }>(list: readonly T[]) => {
  const out = new Map<number, T[]>();
  for (const x of list) {
    if (x.card_id === null) continue;
    const l = out.get(x.card_id);
    if (l) l.push(x);
    else out.set(x.card_id, [x]);
  }
  return out;
};

/** Every card of the trace (the cards shown, then any other the parts name), with its parts. */
export function cardTraces(r: TraceReply): CardTrace[] {
  const ids = [...new Set([...r.cards.map(c => c.id), ...r.steps.map(s => s.card_id), ...r.inspections.map(i => i.card_id),
    ...r.shipments.map(s => s.card_id)])];
  const cards = new Map(r.cards.map(c => [c.id, c]));
  const steps = byCard(r.steps), works = byCard(r.works), inspections = byCard(r.inspections), defects = byCard(r.defects);
  const materials = byCard(r.materials), shipments = byCard(r.shipments);
  return ids.map(id => {
    const card = cards.get(id);
    const ofLine = card?.detail_id ? r.materials.filter(m => m.card_id === null && m.detail_id === card.detail_id) : [];
    return {
      id, card,
      steps: steps.get(id) ?? [], works: works.get(id) ?? [], inspections: inspections.get(id) ?? [], defects: defects.get(id) ?? [],
      materials: [...(materials.get(id) ?? []), ...ofLine],
      packages: r.packages.filter(p => p.card_ids.includes(id)),
      shipped: (shipments.get(id) ?? []).reduce((sum, s) => sum + s.quantity, 0),
    };
  });
}
