import { describe, expect, it } from 'vitest';
import { cardStepEvents } from './card-steps';

const node = (id: number, status: string, extra: Record<string, unknown> = {}) => ({
  id, version: 1, worknode_id: id, worknode_id_name: `N${id}`, status, started_at: null, finished_at: null,
  person_id_name: null, device_id_name: null, good_quantity: null, bad_quantity: null, ...extra,
});

describe('a card\'s steps for its history (issue 30 item 13)', () => {
  it('gives each node\'s start and finish, by time, with who, machine and quantities', () => {
    const events = cardStepEvents([
      node(1, 'done', { started_at: '2026-01-02T01:00:00Z', finished_at: '2026-01-02T02:00:00Z', person_id_name: '张三',
        device_id_name: '分纸机 1', good_quantity: '118.0000', bad_quantity: '2.0000' }),
      node(2, 'running', { started_at: '2026-01-02T01:30:00Z', person_id_name: '李四', device_id_name: '印刷机 2' }),
      node(3, 'waiting'),
    ]);
    expect(events.map(e => `${e.kind} ${e.node} ${e.at}`)).toEqual([
      'started N1 2026-01-02T01:00:00Z', 'started N2 2026-01-02T01:30:00Z', 'finished N1 2026-01-02T02:00:00Z',
    ]);
    expect(events[2]).toMatchObject({ person: '张三', device: '分纸机 1', good: 118, bad: 2 });
    expect(events[1]).toMatchObject({ person: '李四', device: '印刷机 2', good: null, bad: null });
  });

  it('shows a skip as such, and puts a start before a finish of the same instant', () => {
    const at = '2026-01-02T05:00:00Z';
    const events = cardStepEvents([node(4, 'skipped', { started_at: at, finished_at: at })]);
    expect(events.map(e => e.kind)).toEqual(['started', 'skipped']);
  });
});
