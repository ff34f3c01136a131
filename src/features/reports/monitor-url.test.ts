import { describe, expect, it } from 'vitest';
import { decodeMonitorState, encodeMonitorState, type MonitorState } from './monitor-url';

const fallback: MonitorState = { range: ['2026-01-01', '2026-01-31'], path: [], chosen: null, columns: null };

describe('a monitoring screen\'s state in its address', () => {
  it('comes back as it was saved: range, drill path with labels, grouping and columns', () => {
    const state: MonitorState = {
      range: ['2026-10-01', '2026-11-29'],
      path: [{ grouping: { key: 'customer' }, id: 12, label: '客户 A:B & C/D' }, { grouping: { key: 'day', bucket: 'month' }, id: 20393, label: '2025-11' }],
      chosen: { key: 'item' }, columns: { key: 'day', bucket: 'week' },
    };
    const segment = encodeMonitorState(state);
    // Word characters only: what the route's `:qs` takes.
    expect(segment).toMatch(/^\w+$/);
    expect(decodeMonitorState(segment, fallback)).toEqual(state);
  });

  it('reads a shortcut range relative to the day it is opened, and leaves what it cannot read at the default', () => {
    const now = new Date(2026, 10, 29, 10);
    // A saved address written by hand (ASCII: its base64 is its UTF-8's).
    const saved = (text: string) => btoa(text).replace(/=+$/, '').replace(/[+/]/g, c => (c === '+' ? '_0' : '_1'));
    expect(decodeMonitorState(saved('range=week'), fallback, now).range).toEqual(['2026-11-22', '2026-11-29']);
    expect(decodeMonitorState('week', fallback, now)).toEqual({ ...fallback, range: ['2026-11-22', '2026-11-29'] });
    const bad = decodeMonitorState(saved('from=2026-13&to=x&p=customer:abc:X&p=Bad Key:1&g=day.year&c=ok'), fallback);
    expect(bad).toEqual({ ...fallback, columns: { key: 'ok' } });
    for (const junk of ['week_3', 'abc_2', '%E0%A4%A', '', '____']) expect(decodeMonitorState(junk, fallback), junk).toEqual(fallback);
  });
});
