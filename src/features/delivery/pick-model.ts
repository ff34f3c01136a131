/**
 * Picking a delivery note by scanning (`/warehouses/checkout`, docs/delivery.md "Check-out"): what a scanned card or
 * package does to the note's lines. Pure: the screen reads what was scanned and writes the plan through the lines'
 * generic saves.
 *
 * Rules:
 * - A line is picked once it names a lot (a card) or a package; only lines still to pick take a scan.
 * - A card fills the first line still to pick of the card's own order line, else of its item: the line takes the
 *   card (the server makes the card's number its lot) and as much as the card has on hand loose in the note's
 *   warehouse, at most the line's quantity; what the line asked beyond that stays to pick as a new line of the same
 *   order line (the next card fills it).
 * - A package goes whole: for each item it holds, the first line still to pick of that item takes the package (the
 *   server makes its quantity what the package holds); what the line asked beyond that stays to pick as a new line.
 *   A package holding an item no line still wants is refused whole (it cannot be split at the dock).
 * - Nothing on hand: refused (`no_stock`); no line to take it: refused (`no_line`).
 */
export interface PickLine {
  id: number;
  version: number;
  detail_id: number;
  item_id: number;
  quantity: number;
  lot: string;
  card_id: number | null;
  package_id: number | null;
}

export type Scanned =
  | { kind: 'card'; id: number; code: string; item_id: number; detail_id: number; available: number }
  | { kind: 'package'; id: number; code: string; holdings: readonly { item_id: number; quantity: number }[] };

export interface PickPlan {
  /** Lines to change, each at the version read. */
  updates: { id: number; version: number; values: Record<string, unknown> }[];
  /** New lines still to pick: the rest of a line a scan filled in part. */
  creates: { detail_id: number; quantity: number }[];
  /** What the scan picked in all. */
  quantity: number;
}

export const isPicked = (l: Pick<PickLine, 'lot' | 'package_id'>): boolean => l.package_id != null || l.lot.trim() !== '';

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

export function planPick(lines: readonly PickLine[], scanned: Scanned): PickPlan | 'no_line' | 'no_stock' {
  const open = lines.filter(l => !isPicked(l));
  if (scanned.kind === 'card') {
    if (!(scanned.available > 0)) return 'no_stock';
    const line = open.find(l => l.detail_id === scanned.detail_id) ?? open.find(l => l.item_id === scanned.item_id);
    if (!line) return 'no_line';
    const q = Math.min(line.quantity, scanned.available);
    const rest = round4(line.quantity - q);
    return {
      updates: [{ id: line.id, version: line.version, values: { card_id: scanned.id, quantity: q } }],
      creates: rest > 0 ? [{ detail_id: line.detail_id, quantity: rest }] : [],
      quantity: q,
    };
  }
  const held = scanned.holdings.filter(h => h.quantity > 0);
  if (held.length === 0) return 'no_stock';
  const plan: PickPlan = { updates: [], creates: [], quantity: 0 };
  const taken = new Set<number>();
  for (const h of held) {
    const line = open.find(l => l.item_id === h.item_id && !taken.has(l.id));
    if (!line) return 'no_line';
    taken.add(line.id);
    plan.updates.push({ id: line.id, version: line.version, values: { package_id: scanned.id, quantity: h.quantity } });
    const rest = round4(line.quantity - h.quantity);
    if (rest > 0) plan.creates.push({ detail_id: line.detail_id, quantity: rest });
    plan.quantity = round4(plan.quantity + h.quantity);
  }
  return plan;
}
