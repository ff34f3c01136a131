import { fromUnits, units } from './numbers';

/** What grouping needs of a bill line (docs/finance.md "billlines"): its delivery note and its money. */
export interface GroupableLine {
  delivery_id: number | null;
  amount: number | null;
  adjustment: number | null;
}

export interface LineGroup<L> {
  /** The delivery note of the group's lines; null: lines typed by hand (a bill by hand). */
  delivery_id: number | null;
  lines: L[];
  /** The group's sums at 4 decimals (shown at 2): amount, adjustment and amount + adjustment. */
  amount: number;
  adjustment: number;
  total: number;
}

/**
 * A bill's lines grouped by delivery note, as the bill is read, printed and exported (docs/finance.md "Print and
 * export"): one group per note in the order its first line comes (the build writes lines in note order), the lines by
 * hand in one group of their own; each group's subtotals summed on whole 1/10 000 units, so they add up to the bill's
 * `amount`, `adjustment` and `total` exactly.
 */
export function groupByNote<L extends GroupableLine>(lines: readonly L[]): LineGroup<L>[] {
  const groups = new Map<number | null, { lines: L[]; amount: number; adjustment: number }>();
  for (const l of lines) {
    let g = groups.get(l.delivery_id);
    if (!g) groups.set(l.delivery_id, (g = { lines: [], amount: 0, adjustment: 0 }));
    g.lines.push(l);
    g.amount += units(l.amount);
    g.adjustment += units(l.adjustment);
  }
  return [...groups].map(([delivery_id, g]) => ({
    delivery_id, lines: g.lines, amount: fromUnits(g.amount), adjustment: fromUnits(g.adjustment),
    total: fromUnits(g.amount + g.adjustment),
  }));
}
