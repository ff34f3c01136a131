import { describe, expect, it } from 'vitest';
import { textCollator } from '../../ui/grid/grid-model';
import { buildBoard, DEVICE_STATUSES, type DeviceRow, type MaintenanceRow } from './status-board';

const zh = textCollator('zh');
const dev = (id: number, code: string, status: DeviceRow['status'], worknode?: [number, string]): DeviceRow => ({
  id, version: 1, code, name: `机器 ${code}`, status,
  worknode_id: worknode?.[0] ?? null, worknode_id_name: worknode?.[1] ?? null,
});
const CUT: [number, string] = [1, '裁切'];
const PRINT: [number, string] = [2, '印刷'];
const ROWS = [
  dev(1, 'A-02', 'running', PRINT), dev(2, 'A-01', 'idle', PRINT), dev(3, 'B-01', 'fault', PRINT),
  dev(4, 'C-01', 'off', CUT), dev(5, 'Z-01', 'running'),
];
const NONE = { status: null, keyword: '' };

describe('device status board', () => {
  it('groups by worknode in pinyin order, unassigned last, machines needing attention first', () => {
    const b = buildBoard(ROWS, [], '2026-11-23', NONE, zh);
    expect(b.groups.map(g => g.title)).toEqual(['裁切', '印刷', null]); // cái before yìn
    expect(b.groups[1]!.devices.map(d => d.code)).toEqual(['B-01', 'A-02', 'A-01']);
    expect(b.total).toBe(5);
    expect(b.shown).toBe(5);
    expect(Object.keys(b.counts)).toEqual([...DEVICE_STATUSES]);
    expect(b.counts).toMatchObject({ running: 2, idle: 1, fault: 1, off: 1, maintenance: 0 });
  });

  it('filters by status and keyword; the counts follow the keyword only', () => {
    const b = buildBoard(ROWS, [], '2026-11-23', { status: 'running', keyword: ' a- ' }, zh);
    expect(b.groups.flatMap(g => g.devices.map(d => d.code))).toEqual(['A-02']);
    expect(b.counts).toMatchObject({ running: 1, idle: 1, fault: 0 });
    expect(b.total).toBe(2);
    expect(b.shown).toBe(1);
    expect(buildBoard(ROWS, [], '2026-11-23', { status: null, keyword: '裁切' }, zh).shown).toBe(1);
  });

  it('shows the next planned maintenance, overdue before today, and the last one done; voided ones do not count', () => {
    const m: MaintenanceRow[] = [
      { device_id: 1, status: 'planned', planned_date: '2026-12-01' },
      { device_id: 1, status: 'planned', planned_date: '2026-11-20', canceled: true },
      { device_id: 1, status: 'done', done_at: '2026-10-01T08:00:00.000Z' },
      { device_id: 1, status: 'done', done_at: '2026-11-01T08:00:00.000Z' },
      { device_id: 2, status: 'planned', planned_date: '2026-11-22' },
      { device_id: 2, status: 'planned', planned_date: '2026-11-30' },
    ];
    const all = buildBoard(ROWS, m, '2026-11-23', NONE, zh).groups.flatMap(g => g.devices);
    const one = all.find(d => d.id === 1)!;
    expect(one).toMatchObject({ nextPlanned: '2026-12-01', overdue: false, lastDone: '2026-11-01T08:00:00.000Z' });
    expect(all.find(d => d.id === 2)).toMatchObject({ nextPlanned: '2026-11-22', overdue: true, lastDone: null });
    expect(all.find(d => d.id === 3)).toMatchObject({ nextPlanned: null, overdue: false });
  });
});
