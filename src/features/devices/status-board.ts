import type { ListRow } from '../../domain/contract/rows';
import { devicemaintenances } from '../../domain/resources/devices/devicemaintenances';
import { devices } from '../../domain/resources/devices/devices';

/**
 * The device status board (/devices/list_status): every machine as a card, grouped by the worknode it serves, with
 * its status and its maintenance (spec §2 lists the page; its layout is not shown — docs/decisions.md).
 *
 * Rules:
 * - Machines that need someone come first in each group: fault, maintenance, running, idle, off; then by code.
 * - Groups follow the worknodes' names in the reader's collation (pinyin for Chinese); machines on no worknode last.
 * - The status counts cover the machines the keyword leaves, so the chips say how many each filter will show.
 * - A maintenance counts while planned and not voided; the next one is the earliest planned date, overdue when that
 *   date is before today. The last one is the latest done.
 */
export const DEVICE_STATUSES = devices.fields.status.type === 'enum' ? devices.fields.status.values : [];
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

/** The order machines are shown in: the ones that need attention first. */
const ATTENTION: readonly string[] = ['fault', 'maintenance', 'running', 'idle', 'off'];

/** A machine as the devices list returns it (typed by its declaration). */
export type DeviceRow = Pick<ListRow<typeof devices>, 'id' | 'version' | 'code' | 'name' | 'status'>
  & Partial<Pick<ListRow<typeof devices>, 'model' | 'location' | 'worknode_id' | 'worknode_id_name'>>;

/** A maintenance record as its list returns it. */
export type MaintenanceRow = Pick<ListRow<typeof devicemaintenances>, 'device_id' | 'status'>
  & Partial<Pick<ListRow<typeof devicemaintenances>, 'planned_date' | 'done_at' | 'canceled'>>;

export interface BoardDevice extends DeviceRow {
  /** The earliest planned maintenance (YYYY-MM-DD). */
  nextPlanned: string | null;
  overdue: boolean;
  /** The latest maintenance done (ISO date-time). */
  lastDone: string | null;
}

export interface BoardGroup {
  /** `wn-<id>`, or `none` for machines on no worknode. */
  key: string;
  title: string | null;
  devices: BoardDevice[];
}

export interface Board {
  /** Per status, the machines the keyword leaves. */
  counts: Record<string, number>;
  total: number;
  groups: BoardGroup[];
  shown: number;
}

export interface BoardFilter {
  status: string | null;
  keyword: string;
}

function maintenanceByDevice(rows: readonly MaintenanceRow[], today: string) {
  const out = new Map<number, { nextPlanned: string | null; overdue: boolean; lastDone: string | null }>();
  for (const m of rows) {
    if (m.canceled) continue;
    const e = out.get(m.device_id) ?? { nextPlanned: null, overdue: false, lastDone: null };
    if (m.status === 'planned' && m.planned_date && (e.nextPlanned === null || m.planned_date < e.nextPlanned)) {
      e.nextPlanned = m.planned_date;
    }
    if (m.status === 'done' && m.done_at && (e.lastDone === null || m.done_at > e.lastDone)) e.lastDone = m.done_at;
    e.overdue = e.nextPlanned !== null && e.nextPlanned < today;
    out.set(m.device_id, e);
  }
  return out;
}

function matches(d: DeviceRow, words: readonly string[]): boolean {
  if (words.length === 0) return true;
  const text = [d.code, d.name, d.model, d.location, d.worknode_id_name].filter(Boolean).join(' ').toLowerCase();
  return words.every(w => text.includes(w));
}

export function buildBoard(rows: readonly DeviceRow[], maintenances: readonly MaintenanceRow[], today: string,
  filter: BoardFilter, collator: Intl.Collator): Board {
  const words = filter.keyword.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const plan = maintenanceByDevice(maintenances, today);
  const counts: Record<string, number> = Object.fromEntries(DEVICE_STATUSES.map(s => [s, 0]));
  const groups = new Map<string, BoardGroup>();
  let total = 0;
  let shown = 0;
  for (const d of rows) {
    if (!matches(d, words)) continue;
    total++;
    counts[d.status] = (counts[d.status] ?? 0) + 1;
    if (filter.status !== null && d.status !== filter.status) continue;
    shown++;
    const key = d.worknode_id == null ? 'none' : `wn-${d.worknode_id}`;
    let g = groups.get(key);
    if (!g) groups.set(key, g = { key, title: d.worknode_id == null ? null : (d.worknode_id_name ?? `#${d.worknode_id}`), devices: [] });
    g.devices.push({ ...d, ...(plan.get(d.id) ?? { nextPlanned: null, overdue: false, lastDone: null }) });
  }
  const rank = (s: string) => { const i = ATTENTION.indexOf(s); return i < 0 ? ATTENTION.length : i; };
  const list = [...groups.values()];
  for (const g of list) g.devices.sort((a, b) => rank(a.status) - rank(b.status) || collator.compare(a.code, b.code));
  list.sort((a, b) => (a.title === null ? 1 : 0) - (b.title === null ? 1 : 0) || collator.compare(a.title ?? '', b.title ?? ''));
  return { counts, total, groups: list, shown };
}
