/**
 * The lines of a delivery note as the entry screen edits them (docs/delivery.md "Screens"): each keeps the ids it
 * names beside the codes shown (an order line's code, a card's number, a package's number), so what was typed is
 * resolved once (Enter) and a code typed over names nothing until resolved again. Pure: no React, no server.
 */
export interface NoteLine {
  /** Stable key on screen: `id:<id>` for a saved line, `new:<n>` for a new one. */
  key: string;
  id?: number;
  version?: number;
  detail_id: number | null;
  detail_code: string;
  item_name: string;
  unit: string | null;
  card_id: number | null;
  card_code: string;
  lot: string;
  package_id: number | null;
  package_code: string;
  quantity: number | null;
  price: number | null;
  amount: number | null;
  remark: string;
}

let fresh = 0;
export function emptyLine(key = `new:${++fresh}`): NoteLine {
  return {
    key, detail_id: null, detail_code: '', item_name: '', unit: null, card_id: null, card_code: '', lot: '', package_id: null,
    package_code: '', quantity: null, price: null, amount: null, remark: '',
  };
}

/** Nothing typed: left out of a save. */
export function isBlank(l: NoteLine): boolean {
  return l.id === undefined && l.detail_code.trim() === '' && l.detail_id === null && l.quantity === null && l.card_code.trim() === ''
    && l.package_code.trim() === '' && l.remark.trim() === '';
}

export type LineProblem = 'line_detail' | 'line_quantity' | 'line_card' | 'line_package';

/** What keeps a line from being saved (the screen names its line number), or null. */
export function lineProblem(l: NoteLine): LineProblem | null {
  if (isBlank(l)) return null;
  if (l.detail_id === null) return 'line_detail';
  if (l.card_code.trim() !== '' && l.card_id === null) return 'line_card';
  if (l.package_code.trim() !== '' && l.package_id === null) return 'line_package';
  // A package line's quantity is what the package holds: the server sets it.
  if (l.package_id === null && (l.quantity === null || !(l.quantity > 0))) return 'line_quantity';
  return null;
}

/** The code cells of a line: an order line's code, a card's number (the lot's source), a package's number. */
export type CodeCell = 'line' | 'card' | 'package';

/**
 * What typing `value` into a code cell changes: the code, and the id it named (a code typed over names nothing until
 * resolved again). The card is the lot's source: typed over or cleared, the line's lot goes with it, so a save never
 * keeps the lot of a card the line no longer names.
 */
export function codeTyped(cell: CodeCell, value: string): Partial<NoteLine> {
  if (cell === 'line') return { detail_code: value, detail_id: null };
  if (cell === 'card') return { card_code: value, card_id: null, lot: '' };
  return { package_code: value, package_id: null };
}

/**
 * The values a save sends for a line (the server derives order, item, unit, amount, and the lot of a card named). The
 * lot goes too: a card's when one is named (the server writes it again), else what the line holds — empty once its
 * card was cleared.
 */
export function lineValues(l: NoteLine): Record<string, unknown> {
  return {
    detail_id: l.detail_id, card_id: l.card_id, package_id: l.package_id, lot: l.lot,
    // A package line's quantity is replaced by what the package holds.
    quantity: l.quantity ?? 0, price: l.price, remark: l.remark,
  };
}

/** Whether a saved line was changed on screen since it was read. */
export function lineChanged(now: NoteLine, was: NoteLine): boolean {
  return now.detail_id !== was.detail_id || now.card_id !== was.card_id || now.package_id !== was.package_id
    || now.quantity !== was.quantity || now.price !== was.price || now.remark !== was.remark;
}

export interface LinesState { lines: NoteLine[] }

export type LinesAction =
  | { type: 'load'; lines: NoteLine[] }
  | { type: 'add' }
  | { type: 'append'; lines: Omit<NoteLine, 'key'>[] }
  | { type: 'edit'; key: string; patch: Partial<NoteLine> }
  | { type: 'remove'; key: string };

export function linesReducer(s: LinesState, a: LinesAction): LinesState {
  switch (a.type) {
    case 'load':
      return { lines: a.lines };
    case 'add':
      return { lines: [...s.lines, emptyLine()] };
    case 'append': {
      // Lines from the picker go before a trailing blank line, which stays last for the keyboard.
      const kept = s.lines.filter(l => !isBlank(l));
      return { lines: [...kept, ...a.lines.map(l => ({ ...l, key: emptyLine().key })), emptyLine()] };
    }
    case 'edit':
      return { lines: s.lines.map(l => (l.key === a.key ? withAmount({ ...l, ...a.patch }) : l)) };
    case 'remove': {
      const left = s.lines.filter(l => l.key !== a.key);
      return { lines: left.length ? left : [emptyLine()] };
    }
  }
}

/** The line's amount as the server will compute it: quantity × price at 4 decimals. */
function withAmount(l: NoteLine): NoteLine {
  const amount = l.quantity === null || l.price === null ? null : Math.round(l.quantity * l.price * 10_000) / 10_000;
  return amount === l.amount ? l : { ...l, amount };
}

/**
 * The open order line an order line's code names: its exact code, else the one code ending with what was typed
 * (`-3` of a long order number); none or several: null.
 */
export function lineByCode<T extends { code: string | null }>(open: readonly T[], typed: string): T | null {
  const text = typed.trim().toUpperCase();
  if (!text) return null;
  const exact = open.filter(o => (o.code ?? '').toUpperCase() === text);
  if (exact.length === 1) return exact[0]!;
  const tail = open.filter(o => (o.code ?? '').toUpperCase().endsWith(text));
  return tail.length === 1 ? tail[0]! : null;
}
