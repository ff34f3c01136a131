import { isPropsKey } from '../../domain/rules/property-columns';
import { EDITABLE_COLUMNS, type ColumnId } from './line-columns';
import {
  blankLine, type ItemInfo, type Issue, type LineDraft, pickItem, setField, setProp, setQuantity, setWorkflow,
} from './line-model';

/**
 * Rows copied from a spreadsheet (Excel, WPS, LibreOffice put tab-separated text on the clipboard) into new lines.
 *
 * Rules:
 * - Cells are separated by tabs, rows by line breaks; a cell holding a tab, a line break or a quote comes quoted
 *   ("…", quotes doubled), as Excel writes it. Rows with no text at all are skipped; every other row becomes a line.
 * - Columns are the grid's editable columns in order (line-columns.ts): item code or name, quantity, price, unit, …;
 *   extra columns beyond the last are ignored.
 * - The item is found by its code, else by its exact name; an unknown or ambiguous one leaves the line without item
 *   and marks the cell with what was pasted and the clipboard row (`issues`). The workflow likewise, by code or name.
 * - Numbers may carry thousands separators ("1,200"); anything else is kept as typed for the save check to name.
 * - Dates: YYYY-MM-DD, YYYY/M/D or YYYY.M.D; another text marks the cell.
 */
export function isMultiCell(text: string): boolean {
  return /[\t\r\n]/.test(text.replace(/[\r\n]+$/, ''));
}

/** The cells of tab-separated text, row by row. */
export function parseClipboard(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  let atCellStart = true;
  const endCell = () => { row.push(cell); cell = ''; atCellStart = true; };
  const endRow = () => { endCell(); rows.push(row); row = []; };
  while (i < text.length) {
    const ch = text[i]!;
    if (atCellStart && ch === '"') {
      // A quoted cell: up to the closing quote; "" is one quote.
      i++;
      for (;;) {
        if (i >= text.length) break;
        if (text[i] === '"') {
          if (text[i + 1] === '"') { cell += '"'; i += 2; continue; }
          i++;
          break;
        }
        cell += text[i];
        i++;
      }
      atCellStart = false;
      continue;
    }
    atCellStart = false;
    if (ch === '\t') { endCell(); i++; continue; }
    if (ch === '\r' || ch === '\n') {
      endRow();
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
      continue;
    }
    cell += ch;
    i++;
  }
  if (cell !== '' || row.length > 0) endRow();
  return rows.filter(r => r.some(c => c.trim() !== ''));
}

/** One pasted row: its cells by column, trimmed, and its 1-based number on the clipboard. */
export interface PastedRow { row: number; cells: Partial<Record<ColumnId, string>> }

export function pastedRows(table: readonly (readonly string[])[]): PastedRow[] {
  return table.map((cells, i) => {
    const out: Partial<Record<ColumnId, string>> = {};
    EDITABLE_COLUMNS.forEach((c, j) => {
      const v = cells[j]?.trim();
      if (v) out[c.id] = v;
    });
    return { row: i + 1, cells: out };
  });
}

/** A looked-up item or workflow: found, not found, or more than one by that name. */
export type Match<T> = { found: T } | { missing: 'unknown' | 'ambiguous' };

export interface Lookups {
  item: (text: string) => Match<ItemInfo>;
  workflow: (text: string) => Match<{ id: number; label: string }>;
}

/** Texts to look up: every item cell and every workflow cell (each once). */
export function pastedTexts(rows: readonly PastedRow[]): { items: string[]; workflows: string[] } {
  const items = new Set<string>();
  const workflows = new Set<string>();
  for (const r of rows) {
    if (r.cells.item_id) items.add(r.cells.item_id);
    if (r.cells.workflow_id) workflows.add(r.cells.workflow_id);
  }
  return { items: [...items], workflows: [...workflows] };
}

/** "1,200.5" → "1200.5"; anything that is not a number with separators stays as it is. */
export function plainNumber(s: string): string {
  const t = s.trim();
  return /^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(t) ? t.replace(/,/g, '') : t;
}

/** A spreadsheet date as YYYY-MM-DD; undefined when it is not one. */
export function plainDate(s: string): string | undefined {
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(s.trim());
  if (!m) return undefined;
  const iso = `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : undefined;
}

const issue = (line: LineDraft, field: string, i: Issue): LineDraft => ({ ...line, issues: { ...line.issues, [field]: i } });

/** The new line of one pasted row. */
export function lineFromPaste(r: PastedRow, key: string, look: Lookups): LineDraft {
  let line = blankLine(key);
  const c = r.cells;
  let item: ItemInfo | undefined;
  if (c.item_id) {
    const m = look.item(c.item_id);
    if ('found' in m) {
      item = m.found;
      line = pickItem(line, item);
    } else {
      line = issue(line, 'item_id', { key: m.missing === 'unknown' ? 'unknown_item' : 'ambiguous_item', text: c.item_id, row: r.row });
    }
  }
  // Units after the item: a unit in the sheet overrides the item's.
  for (const f of ['unit', 'unit2', 'unit3', 'remark'] as const) if (c[f]) line = setField(line, f, c[f]);
  if (c.price) line = setField(line, 'price', plainNumber(c.price));
  if (c.quantity) line = setQuantity(line, plainNumber(c.quantity), item);
  // Secondary quantities in the sheet win over the conversion.
  if (c.quantity2) line = setField(line, 'quantity2', plainNumber(c.quantity2));
  if (c.quantity3) line = setField(line, 'quantity3', plainNumber(c.quantity3));
  if (c.workflow_id) {
    const m = look.workflow(c.workflow_id);
    if ('found' in m) line = setWorkflow(line, m.found.id, m.found.label);
    else line = issue(line, 'workflow_id', { key: m.missing === 'unknown' ? 'unknown_workflow' : 'ambiguous_workflow', text: c.workflow_id, row: r.row });
  }
  if (c.due_date) {
    const d = plainDate(c.due_date);
    line = d ? setField(line, 'due_date', d) : issue(line, 'due_date', { key: 'bad_date', text: c.due_date, row: r.row });
  }
  for (const [k, v] of Object.entries(c)) if (isPropsKey(k) && v) line = setProp(line, k, plainNumber(v));
  return line;
}

/**
 * Where pasted lines go: after the existing lines, replacing the line with the focus when nothing has been written
 * into it yet (the empty line Alt+N just added).
 */
export function insertPasted(lines: readonly LineDraft[], focus: number, pasted: readonly LineDraft[], blank: (l: LineDraft) => boolean): { lines: LineDraft[]; first: number } {
  const target = lines[focus];
  if (target && blank(target)) {
    const next = [...lines.slice(0, focus), ...pasted, ...lines.slice(focus + 1)];
    return { lines: next, first: focus };
  }
  return { lines: [...lines, ...pasted], first: lines.length };
}
