import type { StockDocKind } from '../../domain/rules/stock';

/**
 * The lines of a stock document as the entry screen holds them (docs/stock.md "Screens"), React-free so its rules are
 * tested alone: keyboard entry edits a line's fields; a scan (what its code named, resolved by scan-codes.ts) adds or
 * changes lines; a formula's proposal fills the lines of an issue to production.
 *
 * Rules:
 * - a line shows codes (item code, location code, card no.) beside the ids the server keeps, so a code typed or scanned
 *   and the row it names never disagree: setting a code clears its id until the code is resolved again;
 * - a scanned item adds one to the line of that item at the same place and lot (the line a storekeeper is counting
 *   into), else a new line of 1 at the last scanned location;
 * - a scanned location fills the current line's location when it has none; for a move or transfer whose line has its
 *   location already, its destination; and becomes the place of the lines scanned next;
 * - a scanned card fills the lot and card of the current line when that line's item is the card's (or it has none
 *   yet); otherwise it adds a line of the card's item as a lot of that card — for semi-finished goods in the card's
 *   quantity, since a card goes into the store whole;
 * - an empty line (no item, no quantity) is never saved: it is where the next entry goes.
 */
export interface DocLine {
  /** The screen's own key of the line (saved lines: `id:<id>`). */
  key: string;
  id?: number;
  version?: number;
  item_id: number | null;
  item_code: string;
  item_name: string;
  unit: string | null;
  quantity: number | null;
  position_id: number | null;
  position_code: string;
  to_position_id: number | null;
  to_position_code: string;
  /** Kept as read or proposed (a lot's status); the screen does not edit it. */
  status_id: number | null;
  lot: string;
  card_id: number | null;
  card_code: string;
  unit_cost: number | null;
}

/** What a scanned or typed code named (scan-codes.ts). */
export type Resolved =
  | { kind: 'position'; id: number; code: string; warehouse_id: number }
  | { kind: 'item'; id: number; code: string; name: string; unit: string | null }
  | { kind: 'card'; id: number; code: string; quantity: number | null; item: { id: number; code: string; name: string; unit: string | null } }
  | { kind: 'unknown'; code: string };

/** The lines of the screen, the line being worked on and the place scans go to. */
export interface LinesState {
  lines: DocLine[];
  active: string | null;
  /** The last scanned location: where scanned items are put. */
  place: { id: number; code: string } | null;
  seq: number;
}

/** Kinds whose lines go somewhere (a destination location on the line). */
export const MOVES: readonly StockDocKind[] = ['move', 'transfer'];

export function emptyLine(key: string, place: LinesState['place'] = null): DocLine {
  return {
    key, item_id: null, item_code: '', item_name: '', unit: null, quantity: null, position_id: place?.id ?? null,
    position_code: place?.code ?? '', to_position_id: null, to_position_code: '', status_id: null, lot: '', card_id: null, card_code: '', unit_cost: null,
  };
}

/** A line with nothing entered: never saved. */
export function isBlank(l: DocLine): boolean {
  return l.item_id === null && l.item_code.trim() === '' && l.quantity === null && !l.id;
}

export function initialLines(lines: DocLine[] = []): LinesState {
  return { lines, active: lines[0]?.key ?? null, place: null, seq: 0 };
}

export type LinesAction =
  | { type: 'edit'; key: string; patch: Partial<Omit<DocLine, 'key' | 'id' | 'version'>> }
  | { type: 'add' }
  | { type: 'remove'; key: string }
  | { type: 'focus'; key: string }
  | { type: 'scan'; kind: StockDocKind; resolved: Resolved }
  | { type: 'propose'; lines: Omit<DocLine, 'key'>[] }
  | { type: 'load'; lines: DocLine[] };

function nextKey(s: LinesState): [string, number] {
  return [`new:${s.seq + 1}`, s.seq + 1];
}

function patchLine(s: LinesState, key: string, patch: Partial<DocLine>): LinesState {
  return { ...s, lines: s.lines.map(l => (l.key === key ? { ...l, ...patch } : l)) };
}

/** Adds a line (a blank one at the end is reused) and makes it current. */
function append(s: LinesState, fill: Partial<DocLine>): LinesState {
  const last = s.lines[s.lines.length - 1];
  if (last && isBlank(last)) {
    const next = patchLine(s, last.key, { ...fill });
    return { ...next, active: last.key };
  }
  const [key, seq] = nextKey(s);
  return { ...s, seq, lines: [...s.lines, { ...emptyLine(key, s.place), ...fill }], active: key };
}

export function linesReducer(s: LinesState, a: LinesAction): LinesState {
  switch (a.type) {
    case 'edit': {
      const p: Partial<DocLine> = { ...a.patch };
      // A code changed by hand names nothing until it is resolved again.
      if (a.patch.item_code !== undefined && a.patch.item_id === undefined) Object.assign(p, { item_id: null, item_name: '', unit: null });
      if (a.patch.position_code !== undefined && a.patch.position_id === undefined) p.position_id = null;
      if (a.patch.to_position_code !== undefined && a.patch.to_position_id === undefined) p.to_position_id = null;
      if (a.patch.card_code !== undefined && a.patch.card_id === undefined) p.card_id = null;
      return patchLine(s, a.key, p);
    }
    case 'add': {
      const last = s.lines[s.lines.length - 1];
      if (last && isBlank(last)) return { ...s, active: last.key };
      const [key, seq] = nextKey(s);
      return { ...s, seq, lines: [...s.lines, emptyLine(key, s.place)], active: key };
    }
    case 'remove': {
      const lines = s.lines.filter(l => l.key !== a.key);
      return { ...s, lines, active: s.active === a.key ? (lines[lines.length - 1]?.key ?? null) : s.active };
    }
    case 'focus':
      return { ...s, active: a.key };
    case 'load':
      return { ...initialLines(a.lines), seq: s.seq };
    case 'propose': {
      // The proposal replaces the lines not yet entered (blank ones); lines already entered stay.
      let next: LinesState = { ...s, lines: s.lines.filter(l => !isBlank(l)) };
      for (const l of a.lines) next = append(next, l);
      return next;
    }
    case 'scan':
      return scanInto(s, a.kind, a.resolved);
  }
}

const current = (s: LinesState) => s.lines.find(l => l.key === s.active) ?? null;

function scanInto(s: LinesState, kind: StockDocKind, r: Resolved): LinesState {
  switch (r.kind) {
    case 'unknown':
      return s;
    case 'position': {
      const place = { id: r.id, code: r.code };
      const line = current(s);
      if (line && line.position_id === null && !isBlank(line)) return { ...patchLine(s, line.key, { position_id: r.id, position_code: r.code }), place };
      if (line && MOVES.includes(kind) && line.position_id !== null && line.position_id !== r.id && line.to_position_id === null) {
        // The destination of the line in hand; the place of the next scans stays where the goods come from.
        return patchLine(s, line.key, { to_position_id: r.id, to_position_code: r.code });
      }
      const blank = s.lines.find(l => isBlank(l));
      const next = blank ? patchLine(s, blank.key, { position_id: r.id, position_code: r.code }) : s;
      return { ...next, place };
    }
    case 'item': {
      const same = s.lines.find(l => l.item_id === r.id && l.card_id === null && l.lot === ''
        && (s.place === null || l.position_id === s.place.id));
      if (same) return { ...patchLine(s, same.key, { quantity: (same.quantity ?? 0) + 1 }), active: same.key };
      return append(s, { item_id: r.id, item_code: r.code, item_name: r.name, unit: r.unit, quantity: 1 });
    }
    case 'card': {
      const line = current(s);
      const fits = line && !isBlank(line) && line.card_id === null && line.lot === '' && (line.item_id === null || line.item_id === r.item.id);
      if (line && fits) {
        const patch: Partial<DocLine> = { card_id: r.id, card_code: r.code, lot: r.code };
        if (line.item_id === null) Object.assign(patch, { item_id: r.item.id, item_code: r.item.code, item_name: r.item.name, unit: r.item.unit });
        return patchLine(s, line.key, patch);
      }
      // The same card again is the same lot: nothing to add.
      const again = s.lines.find(l => l.card_id === r.id);
      if (again) return { ...s, active: again.key };
      return append(s, {
        item_id: r.item.id, item_code: r.item.code, item_name: r.item.name, unit: r.item.unit, card_id: r.id, card_code: r.code, lot: r.code,
        quantity: kind === 'in_temp' ? r.quantity : 1,
      });
    }
  }
}

/** A line's problem before saving, as a message key of the `stock` namespace (null: fine). */
export function lineProblem(l: DocLine, kind: StockDocKind): string | null {
  if (isBlank(l)) return null;
  if (l.item_id === null) return 'line_item_unknown';
  if (l.quantity === null || (kind !== 'count' && l.quantity <= 0)) return 'line_quantity';
  if (l.position_code.trim() !== '' && l.position_id === null) return 'line_position_unknown';
  if (l.to_position_code.trim() !== '' && l.to_position_id === null) return 'line_position_unknown';
  if (l.card_code.trim() !== '' && l.card_id === null) return 'line_card_unknown';
  if (kind === 'in_temp' && l.card_id === null) return 'line_card_needed';
  return null;
}

/** The values of a line as the server's `stocklines` save takes them. */
export function lineValues(l: DocLine, kind: StockDocKind): Record<string, unknown> {
  const v: Record<string, unknown> = {
    item_id: l.item_id, quantity: l.quantity, position_id: l.position_id, status_id: l.status_id, lot: l.lot.trim(), card_id: l.card_id,
  };
  if (MOVES.includes(kind)) v.to_position_id = l.to_position_id;
  if (kind === 'in') v.unit_cost = l.unit_cost;
  return v;
}

/** Whether a saved line changed since it was read (compared on what the save writes). */
export function lineChanged(l: DocLine, saved: DocLine, kind: StockDocKind): boolean {
  return JSON.stringify(lineValues(l, kind)) !== JSON.stringify(lineValues(saved, kind));
}
