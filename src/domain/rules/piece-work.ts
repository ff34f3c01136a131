import { lineAmount } from './numbers';

/**
 * Valuing piece work (DESIGN §8; docs/piece-work.md). A work record is paid by the wage table (`wages`): a rate per
 * unit of a basis — the piece (good quantity), the weight (kg) or the metre — for a work node and an item or an item
 * category, valid from a date. Rules:
 * - The rates considered are the work node's with `valid_from` on or before the record's date (none = always).
 * - The most specific wins: one naming the record's item; else one naming its category, the item's own category
 *   before its parent's; else the node's general rate (no item, no category); else the work node's own piece rate
 *   (`worknodes.piece_rate`, by the piece). Among rates of the same kind, the latest `valid_from`.
 * - amount = value of the basis × rate, at 4 decimals (half away from zero); sums keep the 4 decimals and round to 2
 *   only at the end (sumMoney). A record without a rate, or without the value its basis needs, has no amount.
 */
export const WAGE_BASES = ['piece', 'weight', 'metre'] as const;
export type WageBasis = (typeof WAGE_BASES)[number];

export interface WageRate {
  id: number;
  worknode_id: number;
  item_id: number | null;
  category_id: number | null;
  price: number;
  basis: WageBasis | null;
  /** `YYYY-MM-DD`, or null: valid always. */
  valid_from: string | null;
}

export interface WorkToValue {
  worknode_id: number;
  item_id: number | null;
  /** The item's category, then its parent, grandparent … (nearest first). */
  categories: readonly number[];
  /** `YYYY-MM-DD`. */
  work_date: string;
  quantity: number | null;
  weight: number | null;
  metres: number | null;
}

export interface Valuation {
  basis: WageBasis | null;
  rate: number | null;
  amount: number | null;
  /** The wage row used; null when the work node's own piece rate (or nothing) valued it. */
  wage_id: number | null;
}

/** The rate that values a record (rules above), or undefined when none applies. */
export function pickWage(wages: readonly WageRate[], w: Pick<WorkToValue, 'worknode_id' | 'item_id' | 'categories' | 'work_date'>):
  WageRate | undefined {
  const valid = wages.filter(r => r.worknode_id === w.worknode_id && (r.valid_from === null || r.valid_from <= w.work_date));
  const latest = (rs: WageRate[]) => rs.reduce<WageRate | undefined>((best, r) =>
    !best || (r.valid_from ?? '') > (best.valid_from ?? '') || ((r.valid_from ?? '') === (best.valid_from ?? '') && r.id > best.id)
      ? r : best, undefined);
  if (w.item_id !== null) {
    const byItem = latest(valid.filter(r => r.item_id === w.item_id));
    if (byItem) return byItem;
  }
  for (const c of w.categories) {
    const byCategory = latest(valid.filter(r => r.item_id === null && r.category_id === c));
    if (byCategory) return byCategory;
  }
  return latest(valid.filter(r => r.item_id === null && r.category_id === null));
}

/** The value a basis pays for: good pieces, kilograms or metres. */
export function basisValue(basis: WageBasis, w: Pick<WorkToValue, 'quantity' | 'weight' | 'metres'>): number | null {
  return basis === 'piece' ? w.quantity : basis === 'weight' ? w.weight : w.metres;
}

/** Values a work record by the wage table, falling back to the work node's piece rate (by the piece). */
export function valueWork(wages: readonly WageRate[], nodePieceRate: number | null, w: WorkToValue): Valuation {
  const wage = pickWage(wages, w);
  if (wage) {
    const basis = wage.basis ?? 'piece';
    return { basis, rate: wage.price, amount: lineAmount(basisValue(basis, w), wage.price), wage_id: wage.id };
  }
  if (nodePieceRate !== null) {
    return { basis: 'piece', rate: nodePieceRate, amount: lineAmount(w.quantity, nodePieceRate), wage_id: null };
  }
  return { basis: null, rate: null, amount: null, wage_id: null };
}

/** The pay month (`YYYY-MM`) of a work date (`YYYY-MM-DD`). */
export function periodOf(workDate: string): string {
  return workDate.slice(0, 7);
}

/** `YYYY-MM` of a real month. */
export const PERIOD_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
