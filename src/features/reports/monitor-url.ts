import { DATE_RANGE_KEYS, dateRangeOf, dateRangeStrings, type DateRangeKey } from '../../domain/rules/date-ranges';
import type { TimeBucket } from '../../domain/rules/day-numbers';
import type { DrillStep } from './monitor-model';
import type { Grouping } from './monitors';

/**
 * A monitoring screen's state kept in its address (`/inventorydetails/summary/{qs}`, decision 209): the range, the
 * drill path (each step's key, id and label, so the breadcrumbs read offline too), the grouping chosen and the pivot
 * columns. Written as a query string,
 *
 *   from=2026-11-01&to=2026-11-29&p=customer:12:客户甲&p=day.month:20393:2025-11&g=item&c=day.month
 *
 * carried in word characters only, as the route's `:qs` takes (src/domain/menu/flatten.ts): its UTF-8 in base64, `+`
 * written `_0`, `/` written `_1`, without padding. `range=<shortcut>` (today, week, month … of spec §9) instead of
 * `from`/`to` names a range relative to the day it is opened (a saved "last 7 days" stays the last 7 days); a `qs` that
 * is a shortcut's name alone (`/summary/week`) is that range. What cannot be read is left at the screen's default.
 */
export interface MonitorState {
  range: [string | null, string | null];
  path: DrillStep[];
  chosen: Grouping | null;
  columns: Grouping | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const KEY = /^[a-z_]{1,30}$/;

const groupingText = (g: Grouping) => (g.bucket ? `${g.key}.${g.bucket}` : g.key);

function groupingOf(text: string | null): Grouping | null {
  if (!text) return null;
  const [key, bucket] = text.split('.');
  if (!key || !KEY.test(key)) return null;
  if (bucket === undefined) return { key };
  return key === 'day' && (bucket === 'week' || bucket === 'month') ? { key, bucket: bucket as TimeBucket } : null;
}

/** The address segment of a state (to put after the screen's path and a slash). */
export function encodeMonitorState(s: MonitorState): string {
  const q = new URLSearchParams();
  if (s.range[0]) q.set('from', s.range[0]);
  if (s.range[1]) q.set('to', s.range[1]);
  for (const step of s.path) q.append('p', `${groupingText(step.grouping)}:${step.id}:${step.label}`);
  if (s.chosen) q.set('g', groupingText(s.chosen));
  if (s.columns) q.set('c', groupingText(s.columns));
  return toWord(q.toString());
}

/** Text as word characters: its UTF-8 in base64, `+` → `_0`, `/` → `_1`, no padding. */
function toWord(text: string): string {
  let binary = '';
  for (const b of new TextEncoder().encode(text)) binary += String.fromCharCode(b);
  return btoa(binary).replace(/=+$/, '').replace(/[+/]/g, c => (c === '+' ? '_0' : '_1'));
}

/** The text `toWord` wrote; throws when it is not such a text. */
function fromWord(word: string): string {
  if (!/^\w*$/.test(word)) throw new Error('not a word');
  const b64 = word.replace(/_([01])/g, (_m, d: string) => (d === '0' ? '+' : '/'));
  if (b64.includes('_')) throw new Error('not a word');
  const binary = atob(b64.padEnd(Math.ceil(b64.length / 4) * 4, '='));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, c => c.charCodeAt(0)));
}

/** The state an address segment saved, over `fallback` for what it does not say (or says wrongly). */
export function decodeMonitorState(segment: string, fallback: MonitorState, now = new Date()): MonitorState {
  if ((DATE_RANGE_KEYS as readonly string[]).includes(segment)) {
    return { ...fallback, range: dateRangeStrings(dateRangeOf(segment as DateRangeKey, now)) };
  }
  let q: URLSearchParams;
  try {
    q = new URLSearchParams(fromWord(segment));
  } catch {
    return fallback;
  }
  let range = fallback.range;
  const named = q.get('range');
  if (named && (DATE_RANGE_KEYS as readonly string[]).includes(named)) {
    range = dateRangeStrings(dateRangeOf(named as DateRangeKey, now));
  } else {
    const from = q.get('from'), to = q.get('to');
    if (from && to && DAY.test(from) && DAY.test(to)) range = [from, to];
  }
  const path: DrillStep[] = [];
  for (const p of q.getAll('p')) {
    const [g, id, ...label] = p.split(':');
    const grouping = groupingOf(g ?? null);
    const n = Number(id);
    if (!grouping || !Number.isInteger(n) || n < 0) continue;
    path.push({ grouping, id: n, label: label.join(':') || `#${n}` });
  }
  return { range, path, chosen: groupingOf(q.get('g')), columns: groupingOf(q.get('c')) };
}
