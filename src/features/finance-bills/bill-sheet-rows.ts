import { groupByNote } from '../../domain/rules/bill-groups';
import { chineseAmount } from '../../domain/rules/chinese-amount';
import { fromUnits, units } from '../../domain/rules/numbers';

/** A bill line as the export needs it. */
export interface ExportLine {
  delivery_id: number | null;
  delivery_no: string;
  delivery_date: string;
  line_no: number | null;
  description: string;
  quantity: number | null;
  unit: string;
  price: number | null;
  amount: number | null;
  adjustment: number | null;
  adjustment_reason: string;
  remark: string;
}

/** The bill's figures the export ends with. */
export interface ExportTotals { amount: number; adjustment: number; total: number; allocated: number }

/** The words of the export in the user's language (the columns, then the summary rows' labels). */
export interface ExportWords {
  columns: readonly string[];
  subtotal: string;
  total: string;
  capitals: string;
  received: string;
  balance: string;
}

type Cell = string | number | null;

/**
 * The rows of a bill's excel.xlsx (docs/finance.md "Print and export": the same as the printed bill): the lines
 * grouped by delivery note, a subtotal row under each note's lines (the lines by hand have none), then the total, the
 * total in Chinese capitals, received and the balance. Money stays at 4 decimals in the cells (the sheet is read
 * again); the columns are those of `words.columns`: line, note, date, description, quantity, unit, price, amount,
 * adjustment, reason, remark.
 */
export function billSheetRows(lines: readonly ExportLine[], totals: ExportTotals, words: ExportWords): Cell[][] {
  const out: Cell[][] = [];
  for (const g of groupByNote(lines)) {
    for (const l of g.lines) {
      out.push([l.line_no, l.delivery_no, l.delivery_date, l.description, l.quantity, l.unit, l.price, l.amount, l.adjustment,
        l.adjustment_reason, l.remark]);
    }
    if (g.delivery_id !== null) out.push([null, `${words.subtotal} ${g.lines[0]!.delivery_no}`, null, null, null, null, null, g.amount, g.adjustment, null, null]);
  }
  const balance = fromUnits(units(totals.total) - units(totals.allocated));
  out.push([null, words.total, null, null, null, null, null, totals.amount, totals.adjustment, totals.total, null]);
  out.push([null, words.capitals, chineseAmount(totals.total), null, null, null, null, null, null, null, null]);
  out.push([null, words.received, null, null, null, null, null, totals.allocated, null, null, null]);
  out.push([null, words.balance, null, null, null, null, null, balance, null, null, null]);
  return out;
}
