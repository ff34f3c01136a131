import { sql } from 'drizzle-orm';
import {
  MAPPING_COLUMNS, type ImportedLine, type ImportStatementParams, type ImportStatementReply, type StatementStatus,
} from '../../../../src/domain/contract/statement';
import { localDateString } from '../../../../src/domain/rules/date-single';
import { bankmappings } from '../../../../src/domain/resources/finance/bankmappings';
import { statementlines } from '../../../../src/domain/resources/finance/statementlines';
import type { Auth } from '../../../auth/sessions';
import { insertRows } from '../../../db/bulk-write';
import { rows, type Db } from '../../../db/connection';
import { ApiError } from '../../../lib/api-error';
import { recordHistory, recordHistoryBatch } from '../../../resources/write-primitives';
import { fingerprints } from './fingerprint';
import { matcher } from './match';

type Stored = {
  id: number; fingerprint: string; status: StatementStatus; date: string | Date; amount: string | number; name: string | null;
  account: string | null; memo: string | null; reference: string | null; receipt_id: number | null; customer_id: number | null;
  customer_name: string | null;
};

/** A date column read as a Date is local midnight of its day. */
const day = (d: string | Date) => (d instanceof Date ? localDateString(d) : String(d).slice(0, 10));

/**
 * Imports a statement's lines (`POST /payments/statement/import/`, docs/finance.md "4. Bank statement import"), in the
 * caller's transaction:
 * 1. the bank exists (else 404 `statement_bank_unknown`); its mapping is saved (one per bank, upserted, with history);
 * 2. each line gets its fingerprint and its proposed customer; the lines not stored before go in with the proposal in
 *    one statement, `on conflict do nothing` on (bank, fingerprint), so a repeat, an overlapping file or two imports
 *    racing store each line once;
 * 3. every line of the file is answered as stored now: new ones, and those stored before (duplicates) with their
 *    status, so a line imported earlier and not posted yet can be posted from this file too. A line still `new` gets
 *    today's proposal; a posted one shows the customer it was posted to.
 */
export async function importStatement(tx: Db, auth: Auth, p: ImportStatementParams): Promise<Omit<ImportStatementReply, 'msg'>> {
  const [bank] = await rows<{ id: number }>(tx, sql`select id from banks where id = ${p.bank_id}`);
  if (!bank) throw new ApiError(404, 'statement_bank_unknown', {}, { bank_id: { key: 'statement_bank_unknown' } });
  await saveMapping(tx, auth, p);

  const prints = fingerprints(p.bank_id, p.lines);
  const propose = await matcher(tx, p.lines);
  const proposals = p.lines.map(propose);
  // A file may repeat a reference (a bank's export split over pages): the first line of a fingerprint stands for it.
  const firstOf = new Map<string, number>();
  prints.forEach((f, i) => { if (!firstOf.has(f)) firstOf.set(f, i); });
  const toInsert = [...firstOf.values()].map(i => {
    const l = p.lines[i]!;
    return {
      bank_id: p.bank_id, date: l.date, amount: l.amount, name: l.name ?? null, account: l.account ?? null, memo: l.memo ?? null,
      reference: l.reference ?? null, fingerprint: prints[i]!, status: 'new', customer_id: proposals[i]?.customer_id ?? null,
      created_by: auth.accountId, updated_by: auth.accountId,
    };
  });
  const made = await insertRows<typeof statementlines, { id: number }>(tx, statementlines, toInsert,
    { tail: sql`on conflict ("bank_id", "fingerprint") do nothing returning id` });
  const madeIds = new Set(made.map(r => Number(r.id)));
  if (made.length > 0) {
    const after = await rows<Record<string, unknown>>(tx, sql`select * from statementlines where id = any(${sql.param([...madeIds])}::int[])`);
    await recordHistoryBatch(tx, statementlines, 'create', after.map(a => ({ before: null, after: a })), auth);
  }

  const stored = new Map((await rows<Stored>(tx, sql`
    select s.id, s.fingerprint, s.status, s.date, s.amount, s.name, s.account, s.memo, s.reference, s.receipt_id, s.customer_id,
      c.name as customer_name
    from statementlines s left join customers c on c.id = s.customer_id
    where s.bank_id = ${p.bank_id} and s.fingerprint = any(${sql.param([...firstOf.keys()])}::text[])`)).map(r => [r.fingerprint, r]));
  const lines: ImportedLine[] = p.lines.map((l, i) => {
    const s = stored.get(prints[i]!)!;
    const id = Number(s.id);
    const open = s.status === 'new';
    const proposal = open ? proposals[i] : null;
    return {
      row: l.row, id, is_new: madeIds.has(id) && firstOf.get(prints[i]!) === i, status: s.status, date: day(s.date),
      amount: Number(s.amount), name: s.name, account: s.account, memo: s.memo, reference: s.reference,
      receipt_id: s.receipt_id === null ? null : Number(s.receipt_id),
      customer_id: proposal ? proposal.customer_id : s.customer_id === null ? null : Number(s.customer_id),
      customer_name: proposal ? proposal.customer_name : s.customer_name,
      reason: proposal?.reason ?? null,
    };
  });
  const added = lines.filter(l => l.is_new).length;
  return { new: added, duplicate: lines.length - added, lines };
}

/** The bank's mapping upserted (unique per bank), with its history, when it changed. */
async function saveMapping(tx: Db, auth: Auth, p: ImportStatementParams): Promise<void> {
  const m = p.mapping;
  const values = Object.fromEntries(MAPPING_COLUMNS.map(c => [c, m[c] ?? null]));
  const [before] = await rows<Record<string, unknown>>(tx, sql`select * from bankmappings where bank_id = ${p.bank_id} for update`);
  if (before && Number(before.header_row) === m.header_row && before.date_format === m.date_format
    && MAPPING_COLUMNS.every(c => (before[c] ?? null) === values[c])) return;
  const cols = sql.raw(MAPPING_COLUMNS.map(c => `"${c}"`).join(', '));
  const vals = sql.join(MAPPING_COLUMNS.map(c => sql`${values[c]}`), sql`, `);
  const sets = sql.raw(MAPPING_COLUMNS.map(c => `"${c}" = excluded."${c}"`).join(', '));
  const [after] = await rows<Record<string, unknown>>(tx, sql`
    insert into bankmappings (bank_id, header_row, date_format, ${cols}, created_by, updated_by)
    values (${p.bank_id}, ${m.header_row}, ${m.date_format}, ${vals}, ${auth.accountId}, ${auth.accountId})
    on conflict (bank_id) do update set header_row = excluded.header_row, date_format = excluded.date_format, ${sets},
      version = bankmappings.version + 1, rev = next_rev(), updated_at = now(), updated_by = excluded.updated_by
    returning *`);
  await recordHistory(tx, bankmappings, before ? 'update' : 'create', Number(after!.id), before ?? null, after!, auth, Number(after!.rev));
}
