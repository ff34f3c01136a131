import { MAX_CARDS_PER_GENERATION, splitQuantities, type GenerateParams } from '../../domain/contract/cards';
import type { FieldError } from '../../domain/registry/issue-keys';
import { roundTo } from '../../domain/rules/numbers';
import { numberOf } from './line-model';

/**
 * The card generation asked for one order line (`POST /orders/cards/generate/`), checked as the server will check
 * it, and the cards it will make (`splitQuantities`, the server's own split) for the preview.
 *
 * Rules: the quantity defaults to what the line has not yet put on cards and may not exceed it; by count, 1 to
 * 10,000 cards; by size, a positive card quantity that makes at most 10,000 cards.
 */
export type GenerateBy = 'count' | 'size';

export interface GenerateForm { by: GenerateBy; count: string; size: string; quantity: string }

/** What the line has not yet put on cards (never below 0). */
export function leftOnLine(quantity: number, cardQuantity: number): number {
  return Math.max(0, roundTo(quantity - cardQuantity, 4));
}

export type GeneratePlan =
  | { ok: true; params: GenerateParams; parts: number[] }
  | { ok: false; errors: Partial<Record<'count' | 'size' | 'quantity', FieldError>> };

export function planGenerate(detailId: number, left: number, f: GenerateForm): GeneratePlan {
  const errors: Partial<Record<'count' | 'size' | 'quantity', FieldError>> = {};
  const quantity = numberOf(f.quantity);
  if (quantity === undefined) errors.quantity = { key: f.quantity.trim() === '' ? 'required' : 'not_number' };
  else if (left <= 0) errors.quantity = { key: 'nothing_left' };
  else if (quantity <= 0) errors.quantity = { key: 'too_small', params: { min: 0.0001 } };
  else if (quantity > left) errors.quantity = { key: 'beyond_line', params: { left } };

  let by: { count: number } | { size: number } | undefined;
  if (f.by === 'count') {
    const n = numberOf(f.count);
    if (n === undefined) errors.count = { key: f.count.trim() === '' ? 'required' : 'not_number' };
    else if (!Number.isInteger(n)) errors.count = { key: 'not_integer' };
    else if (n < 1) errors.count = { key: 'too_small', params: { min: 1 } };
    else if (n > MAX_CARDS_PER_GENERATION) errors.count = { key: 'too_many_cards' };
    else by = { count: n };
  } else {
    const s = numberOf(f.size);
    if (s === undefined) errors.size = { key: f.size.trim() === '' ? 'required' : 'not_number' };
    else if (s <= 0) errors.size = { key: 'too_small', params: { min: 0.0001 } };
    else if (quantity !== undefined && quantity > 0 && Math.ceil(quantity / s) > MAX_CARDS_PER_GENERATION) errors.size = { key: 'too_many_cards' };
    else by = { size: roundTo(s, 4) };
  }
  if (Object.keys(errors).length || quantity === undefined || !by) return { ok: false, errors };
  const q = roundTo(quantity, 4);
  return { ok: true, params: { detail_id: detailId, ...by, quantity: q }, parts: splitQuantities(q, by) };
}

/** Cards of equal quantity grouped in their order, for a short preview: 9 × 100, then 1 × 50. */
export function groupParts(parts: readonly number[]): { quantity: number; count: number }[] {
  const out: { quantity: number; count: number }[] = [];
  for (const q of parts) {
    const last = out.at(-1);
    if (last && last.quantity === q) last.count += 1;
    else out.push({ quantity: q, count: 1 });
  }
  return out;
}
