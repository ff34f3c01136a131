import type { ContractLineRow } from '../../domain/contract/contracts';
import { lineAmount as amountOf, units } from '../../domain/rules/numbers';
import { moneyText } from '../../resources/form/form-values';

/**
 * The lines of the contract entry as typed (docs/sales-office.md §1): text as typed until saved, the saved row's id
 * and version, and what the server keeps of it (ordered, delivered, billed). Pure, so the save plan is tested alone.
 */
export interface ContractLineDraft {
  key: string;
  id: number | null;
  version: number | null;
  line_no: number | null;
  item_id: number | null;
  itemLabel: string;
  description: string;
  unit: string;
  quantity: string;
  price: string;
  remark: string;
  ordered_quantity: number;
  delivered_quantity: number;
  billed_quantity: number;
}

/** The fields a line's save sends, in order. */
const SENT = ['item_id', 'description', 'unit', 'quantity', 'price', 'remark'] as const;
type Sent = (typeof SENT)[number];

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

export function blankContractLine(key: string): ContractLineDraft {
  return {
    key, id: null, version: null, line_no: null, item_id: null, itemLabel: '', description: '', unit: '', quantity: '', price: '',
    remark: '', ordered_quantity: 0, delivered_quantity: 0, billed_quantity: 0,
  };
}

export function contractLineFromRow(row: ContractLineRow): ContractLineDraft {
  return {
    key: `saved-${row.id}`, id: row.id, version: row.version, line_no: row.line_no ?? null, item_id: row.item_id,
    itemLabel: text((row as Record<string, unknown>).item_id_name) || `#${row.item_id}`,
    description: text(row.description), unit: text(row.unit), quantity: row.quantity == null ? '' : text(row.quantity),
    price: row.price == null ? '' : moneyText(Number(row.price)), remark: text(row.remark),
    ordered_quantity: Number(row.ordered_quantity ?? 0), delivered_quantity: Number(row.delivered_quantity ?? 0),
    billed_quantity: Number(row.billed_quantity ?? 0),
  };
}

/** A number typed, or undefined when empty or not a number. */
export function numberOf(s: string): number | undefined {
  const t = s.trim().replace(/,/g, '');
  if (t === '') return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
}

/** quantity × price at 4 decimals; null while either is missing. */
export function contractLineAmount(l: Pick<ContractLineDraft, 'quantity' | 'price'>): number | null {
  const q = numberOf(l.quantity), p = numberOf(l.price);
  return q === undefined || p === undefined ? null : amountOf(q, p);
}

/** Whether a new line was left untouched (it is not sent). */
export function isBlank(l: ContractLineDraft): boolean {
  return l.id === null && l.item_id === null && [l.description, l.unit, l.quantity, l.price, l.remark].every(v => v.trim() === '');
}

/** The value a field is sent as: text as typed (empty = null), numbers as typed (the server's validator reads them). */
function sentValue(l: ContractLineDraft, k: Sent): unknown {
  if (k === 'item_id') return l.item_id;
  const v = l[k].trim();
  return v === '' ? null : v;
}

const same = (a: unknown, b: unknown) => {
  if (typeof a === 'string' && typeof b === 'string') {
    const na = Number(a), nb = Number(b);
    if (a !== '' && b !== '' && Number.isFinite(na) && Number.isFinite(nb)) return units(na) === units(nb);
  }
  return (a ?? null) === (b ?? null);
};

export type LineErrorKey = 'required' | 'not_number' | 'too_small';

export interface ContractLinesPlan {
  /** The lines to send (new ones without id, changed ones with id and version, only their changed fields). */
  lines: Record<string, unknown>[];
  /** The draft key of each line sent, by its index (the server's `lines.<i>.<field>` errors name that index). */
  sentKeys: string[];
  /** Errors found before sending, by line key and field. */
  errors: Record<string, Partial<Record<Sent, LineErrorKey>>>;
}

/**
 * What a save sends of the lines: each new line that is not blank, and each saved line with a change against its
 * baseline (only the changed fields). A line needs its item and a price ≥ 0; a quantity is ≥ 0 or empty.
 */
export function planContractLines(lines: readonly ContractLineDraft[], baseline: ReadonlyMap<number, ContractLineDraft>): ContractLinesPlan {
  const out: ContractLinesPlan = { lines: [], sentKeys: [], errors: {} };
  for (const l of lines) {
    if (isBlank(l)) continue;
    const e: Partial<Record<Sent, LineErrorKey>> = {};
    if (l.item_id === null) e.item_id = 'required';
    const price = numberOf(l.price);
    if (l.price.trim() === '') e.price = 'required';
    else if (price === undefined) e.price = 'not_number';
    else if (price < 0) e.price = 'too_small';
    const q = numberOf(l.quantity);
    if (l.quantity.trim() !== '' && q === undefined) e.quantity = 'not_number';
    else if (q !== undefined && q < 0) e.quantity = 'too_small';
    if (Object.keys(e).length > 0) { out.errors[l.key] = e; continue; }
    const before = l.id === null ? undefined : baseline.get(l.id);
    const changed: Record<string, unknown> = {};
    for (const k of SENT) {
      const v = sentValue(l, k);
      if (!before || !same(v, sentValue(before, k))) changed[k] = v;
    }
    if (before && Object.keys(changed).length === 0) continue;
    out.lines.push(before ? { id: l.id, version: l.version, ...changed } : changed);
    out.sentKeys.push(l.key);
  }
  return out;
}
