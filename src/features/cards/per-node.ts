import type { PerNodeRow } from '../../domain/contract/cards';

/** The statuses a cell of the cards per node counts, in the order the table shows them. */
export const PER_NODE_STATUSES = ['waiting', 'running', 'done'] as const;
export type PerNodeStatus = (typeof PER_NODE_STATUSES)[number];

/**
 * The rows of the cards per node table: in the workflow's order (`sort`), then by name, so the table reads as the
 * floor runs. Counts and quantities arrive as numbers or numeric text (numeric SQL columns); both read as numbers.
 */
export function perNodeRows(rows: readonly PerNodeRow[], compare: (a: string, b: string) => number): PerNodeRow[] {
  const num = (v: unknown) => { const n = Number(v); return Number.isFinite(n) ? n : 0; };
  return rows
    .map(r => ({
      ...r,
      sort: num(r.sort),
      waiting: num(r.waiting), running: num(r.running), done: num(r.done),
      waiting_quantity: num(r.waiting_quantity), running_quantity: num(r.running_quantity), done_quantity: num(r.done_quantity),
    }))
    .sort((a, b) => a.sort - b.sort || compare(a.worknode_name ?? '', b.worknode_name ?? ''));
}

export const countOf = (r: PerNodeRow, s: PerNodeStatus): number => r[s];
export const quantityOf = (r: PerNodeRow, s: PerNodeStatus): number => r[`${s}_quantity`];
