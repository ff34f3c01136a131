import { sql } from 'drizzle-orm';
import type { MatchReason } from '../../../../src/domain/contract/statement';
import { rows, type Db } from '../../../db/connection';

/**
 * The customer proposed for a statement line (docs/finance.md "statementlines", decision 253), by the first rule that
 * finds exactly one:
 * 1. `earlier` — an earlier line from the same counterparty account was posted to a customer (the latest one);
 * 2. `bank_account` — a customer's `bank_account` is that account;
 * 3. `name` — the counterparty name is a customer's name or short name;
 * 4. `contains` — a customer's name is inside the counterparty name ("…有限公司财务部"), or the counterparty name (4
 *    characters or more) inside a customer's name; the longest such name, when no other is as long.
 * Accounts compare without spaces, names without spaces and with full-width brackets as half-width. Two customers
 * answering one rule equally is no proposal from that rule (the accountant chooses).
 */
export interface Proposal { customer_id: number; customer_name: string; reason: MatchReason }
export interface MatchInput { account?: string | null; name?: string | null }

const account = (s: string | null | undefined) => (s ?? '').replace(/[\s\u3000-]+/g, '');
const name = (s: string | null | undefined) => (s ?? '').replace(/[\s\u3000]+/g, '').replace(/（/g, '(').replace(/）/g, ')');

interface Customer { id: number; name: string; short_name: string | null; bank_account: string | null }

export async function matcher(tx: Db, lines: readonly MatchInput[]): Promise<(l: MatchInput) => Proposal | null> {
  const accounts = [...new Set(lines.map(l => account(l.account)).filter(a => a !== ''))];
  const earlier = new Map<string, { id: number; name: string }>();
  if (accounts.length > 0) {
    for (const r of await rows<{ account: string; id: number; name: string }>(tx, sql`
      select distinct on (s.account) s.account, c.id, c.name from statementlines s join customers c on c.id = s.customer_id
      where s.status = 'posted' and not s.canceled and s.account = any(${sql.param(accounts)}::text[])
      order by s.account, s.date desc, s.id desc`)) earlier.set(r.account, { id: Number(r.id), name: r.name });
  }
  const customers = (await rows<Customer>(tx, sql`select id, name, short_name, bank_account from customers`))
    .map(c => ({ id: Number(c.id), name: c.name, key: name(c.name), short: name(c.short_name), acct: account(c.bank_account) }));
  const byAccount = group(customers.filter(c => c.acct !== ''), c => c.acct);
  const byName = group(customers, c => c.key);
  const byShort = group(customers.filter(c => c.short !== ''), c => c.short);
  const one = <T>(list: T[] | undefined): T | undefined => (list && list.length === 1 ? list[0] : undefined);

  return l => {
    const a = account(l.account);
    const n = name(l.name);
    const hit = (c: { id: number; name: string } | undefined, reason: MatchReason): Proposal | null =>
      (c ? { customer_id: c.id, customer_name: c.name, reason } : null);
    if (a !== '') {
      const e = hit(earlier.get(a), 'earlier') ?? hit(one(byAccount.get(a)), 'bank_account');
      if (e) return e;
    }
    if (n === '') return null;
    const named = one(byName.get(n)) ?? (byName.has(n) ? undefined : one(byShort.get(n)));
    if (named) return hit(named, 'name');
    let best: typeof customers = [];
    let bestLength = 0;
    for (const c of customers) {
      const inside = (c.key.length >= 4 && n.includes(c.key)) || (n.length >= 4 && c.key.includes(n));
      if (!inside) continue;
      // The matched text's length: the customer's name inside the payer's, or the payer's inside the customer's.
      const len = n.includes(c.key) ? c.key.length : n.length;
      if (len > bestLength) { best = [c]; bestLength = len; } else if (len === bestLength) best.push(c);
    }
    return hit(one(best), 'contains');
  };
}

function group<T>(list: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const t of list) {
    const k = key(t);
    const g = m.get(k);
    if (g) g.push(t); else m.set(k, [t]);
  }
  return m;
}
