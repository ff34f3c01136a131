import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { localDateString } from '../../../src/domain/rules/date-single';
import { rows, type Database, type Db } from '../../db/connection';

/** How often the sweep runs: hourly is enough, since no rule depends on it (decision 260). */
export const EXPIRE_EVERY_MS = 3600_000;

/** The name history shows for the sweep's changes (it is no person's). */
const SYSTEM_NAME = '系统';

/**
 * Marks the active contracts whose `valid_to` is before `today` (the plant's date) as `expired` — a system update:
 * a new version and change number, and a history entry naming the system (decision 260). Idempotent: a second run
 * finds nothing. Validity is decided by the dates on every use (contract-rules.ts), so a sweep missed or late changes
 * no answer, only the label. Returns the ids relabelled.
 */
export async function expireContracts(db: Db, today = localDateString(new Date())): Promise<number[]> {
  return db.transaction(async tx => {
    const was = await rows<Record<string, unknown>>(tx, sql`
      select * from contracts where status = 'active' and not canceled and valid_to < ${today}::date order by id for update`);
    if (was.length === 0) return [];
    const ids = was.map(r => Number(r.id));
    const now = await rows<Record<string, unknown>>(tx, sql`
      update contracts set status = 'expired', version = version + 1, rev = next_rev(), updated_at = now(), updated_by = null
      where id = any(${sql.param(ids)}::int[]) returning *`);
    const before = new Map(was.map(r => [Number(r.id), r]));
    const json = JSON.stringify(now.map(r => ({ kid: Number(r.id), rev: Number(r.rev), before: before.get(Number(r.id)), after: r })));
    await tx.execute(sql`insert into history (table_name, kid, action, rev, by_id, by_name, before, after)
      select 'contracts', x.kid, 'update', x.rev, null, ${SYSTEM_NAME}, x.before, x.after
      from json_to_recordset(${json}::json) as x(kid integer, rev bigint, before jsonb, after jsonb)`);
    return ids;
  });
}

/**
 * Runs the sweep once at start and then hourly, started with the server like the embedded vacuum
 * (server/ops/embedded-vacuum.ts); one pass at a time; a stop waits for the pass running.
 */
export function scheduleContractExpiry(database: Database, log: FastifyBaseLogger, everyMs = EXPIRE_EVERY_MS): { stop(): Promise<void> } {
  let stopped = false;
  let running: Promise<void> | null = null;
  const pass = () => {
    if (stopped || running) return;
    running = expireContracts(database.db)
      .then(ids => { if (ids.length > 0) log.info({ contracts: ids.length }, 'contracts expired'); },
        err => log.error({ err }, 'the contract expiry sweep failed'))
      .finally(() => { running = null; });
  };
  const timer = setInterval(pass, everyMs);
  timer.unref();
  pass();
  return { stop: async () => { stopped = true; clearInterval(timer); await running; } };
}
