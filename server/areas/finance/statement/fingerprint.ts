import { createHash } from 'node:crypto';
import type { StatementLineInput } from '../../../../src/domain/contract/statement';

/**
 * A statement line's fingerprint (docs/finance.md "statementlines", decision 252), unique per bank: the bank's own
 * transaction reference when the file carries one; else a hash of the bank, the day, the amount at 4 decimals, the
 * counterparty account, the memo and the occurrence of that tuple in its file (the 1st, 2nd … identical line), so two
 * identical payments on one day stay two lines, while importing the file again, or one overlapping it, finds them.
 */
export function fingerprints(bankId: number, lines: readonly StatementLineInput[]): string[] {
  const seen = new Map<string, number>();
  return lines.map(l => {
    if (l.reference) return `ref:${l.reference}`;
    const tuple = JSON.stringify([bankId, l.date, l.amount.toFixed(4), l.account ?? '', l.memo ?? '']);
    const n = (seen.get(tuple) ?? 0) + 1;
    seen.set(tuple, n);
    return `h:${createHash('sha256').update(`${tuple}#${n}`).digest('hex').slice(0, 40)}`;
  });
}
