import { sql } from 'drizzle-orm';
import { patternOf, type PatternConfig } from '../../src/domain/rules/numbering';
import { rows, type Db } from '../db/connection';
import { configValues } from './configs';

/**
 * The next `count` numbers of a pattern config (src/domain/rules/numbering.ts), taken inside the caller's transaction.
 * The counter row is created or advanced by one statement (`insert … on conflict do update … returning`), which holds
 * the row's lock until the transaction ends: two generations at once queue on it and never get the same number, and a
 * generation that rolls back gives its numbers back.
 */
export async function nextNumbers(tx: Db, config: PatternConfig, count: number, now = new Date()): Promise<string[]> {
  if (count <= 0) return [];
  const pattern = patternOf(config, (await configValues(tx, [config])).get(config));
  // The counter belongs to the pattern as written: changing the pattern starts its own count.
  const name = `${config}:${pattern.source}`;
  const period = pattern.periodOf(now);
  const [r] = await rows<{ last: number | string }>(tx, sql`
    insert into number_sequences (name, period, last) values (${name}, ${period}, ${count})
    on conflict (name, period) do update set last = number_sequences.last + ${count}
    returning last`);
  const last = Number(r!.last);
  const out: string[] = [];
  for (let n = last - count + 1; n <= last; n++) out.push(pattern.format(now, n));
  return out;
}
