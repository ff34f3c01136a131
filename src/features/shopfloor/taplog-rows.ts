import { listQueryOf } from '../../data/list-query';
import type { OutboxRecord } from '../../data/offline/db';
import type { Filter } from '../../domain/contract/list';
import { localDayStart } from '../../domain/rules/date-single';
import { facts } from '../../domain/resources/shopfloor/facts';
import type { DayRange } from '../../ui/grid/DateRangeFilter';

/**
 * The rows of /persons/taplogs (docs/shopfloor.md): the swipes the server holds (facts named `tap`, paged by the
 * server) and the ones still queued on this device, in one shape, filtered the same way. Pure.
 *
 * Rules:
 * - A date range covers whole local days, both included: the server is asked for `at` between the start of the first
 *   day and the last millisecond of the last (src/data/list-query.ts, a day of a clock change lasts 23 or 25 h).
 * - The card filter matches card numbers containing the text, case-insensitively (a prefix is a contained text), on
 *   the server (`contains` on `card_show_id`) and on the queued swipes alike.
 * - A queued swipe the server already lists (acknowledged above a gap, docs/shopfloor.md "Push") is shown once, as
 *   the server's.
 */
export interface TapLogFilters {
  range: DayRange;
  personId: number | null;
  worknodeId: number | null;
  card: string;
}

export const NO_FILTERS: TapLogFilters = { range: [null, null], personId: null, worknodeId: null, card: '' };

/** The server's filters of the swipe logs. */
export function serverFilters(f: TapLogFilters): Filter<typeof facts>[] {
  const out: Filter[] = [{ field: 'name', op: 'eq', value: 'tap' }];
  const [from, to] = f.range;
  if (from || to) {
    out.push(...(listQueryOf(facts, { sorting: [], filters: [{ id: 'at', value: { type: 'dates', from, to } }] }).filter ?? []) as Filter[]);
  }
  if (f.personId !== null) out.push({ field: 'person_id', op: 'eq', value: f.personId });
  if (f.worknodeId !== null) out.push({ field: 'worknode_id', op: 'eq', value: f.worknodeId });
  const card = f.card.trim();
  if (card) out.push({ field: 'card_show_id', op: 'contains', value: card });
  return out as Filter<typeof facts>[];
}

/** One line of the logs, from the server or from this device's queue. */
export interface TapLogRow {
  key: string;
  pending: boolean;
  /** ISO time the swipe happened (the device's clock). */
  at: string | null;
  terminal: string;
  person: string;
  card: string;
  worknode: string;
  machine: string;
  action: string | null;
  good: number | null;
  bad: number | null;
  status: string | null;
  reason: unknown;
  reasonParams: unknown;
}

/** The names a queued swipe's ids are shown with (from the offline copy); an id the copy lacks shows as `#id`. */
export interface LocalNames {
  persons: ReadonlyMap<number, string>;
  worknodes: ReadonlyMap<number, string>;
  devices: ReadonlyMap<number, string>;
  /** The terminal this browser logged in as: its code names the queued facts, its name is shown. */
  computer: { code: string; name: string; device_id: number | null } | null;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const nameOf = (m: ReadonlyMap<number, string>, id: number | null) => (id === null ? '' : m.get(id) ?? `#${id}`);

/** The local start of a `YYYY-MM-DD` day, `plus` days later (ms). */
const dayStart = (day: string, plus = 0): number => localDayStart(day, plus).getTime();

/** Whether a queued swipe passes the filters, as the server would decide for the same fact. */
export function matchesPending(r: OutboxRecord, f: TapLogFilters): boolean {
  if (r.name !== 'tap') return false;
  const args = r.args;
  const [from, to] = f.range;
  const at = Date.parse(r.at);
  if (from && !(at >= dayStart(from))) return false;
  if (to && !(at < dayStart(to, 1))) return false;
  if (f.personId !== null && args.person_id !== f.personId) return false;
  if (f.worknodeId !== null && args.worknode_id !== f.worknodeId) return false;
  const card = f.card.trim().toLowerCase();
  if (card && !String(args.card ?? '').toLowerCase().includes(card)) return false;
  return true;
}

/** The queued swipes that pass the filters, newest first, as rows; those the server lists (`serverUuids`) left out. */
export function pendingRows(records: readonly OutboxRecord[], f: TapLogFilters, names: LocalNames, serverUuids: ReadonlySet<string> = new Set()): TapLogRow[] {
  return records
    .filter(r => matchesPending(r, f) && !serverUuids.has(r.id))
    .sort((a, b) => b.seq - a.seq)
    .map(r => {
      const a = r.args;
      const mine = names.computer && (!r.device || r.device === names.computer.code) ? names.computer : null;
      const deviceId = num(a.device_id) ?? mine?.device_id ?? null;
      return {
        key: `pending-${r.id}`, pending: true, at: r.at,
        terminal: mine ? mine.name : r.device ?? '',
        person: nameOf(names.persons, num(a.person_id)),
        card: String(a.card ?? ''),
        worknode: nameOf(names.worknodes, num(a.worknode_id)),
        machine: nameOf(names.devices, deviceId),
        action: typeof a.action === 'string' ? a.action : null,
        good: num(a.good), bad: num(a.bad),
        status: null, reason: null, reasonParams: null,
      };
    });
}

/** A row of the server's swipe log (the facts resource's list; the fields the logs show). */
export interface ServerFactRow {
  id: number;
  uuid?: string | null;
  at?: string | null;
  computer_id_name?: string | null;
  person_id_name?: string | null;
  card_show_id?: string | null;
  worknode_id_name?: string | null;
  device_id_name?: string | null;
  action?: string | null;
  good?: number | null;
  bad?: number | null;
  status?: string | null;
  reason?: string | null;
  reason_params?: unknown;
}

export function serverRow(r: ServerFactRow): TapLogRow {
  return {
    key: `server-${r.id}`, pending: false, at: r.at ?? null,
    terminal: r.computer_id_name ?? '', person: r.person_id_name ?? '', card: r.card_show_id ?? '',
    worknode: r.worknode_id_name ?? '', machine: r.device_id_name ?? '',
    action: r.action ?? null, good: r.good ?? null, bad: r.bad ?? null,
    status: r.status ?? null, reason: r.reason ?? null, reasonParams: r.reason_params ?? null,
  };
}
