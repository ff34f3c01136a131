import { describe, expect, it, vi } from 'vitest';
import type { ListQuery } from '../../domain/contract/list';
import type { ResourceDef } from '../../domain/registry/resource';
import type { FlatMenuItem } from '../../domain/menu/menu-types';
import { fetchCount, visibleStats } from './stats';

const item = (path: string): FlatMenuItem => ({ path, title: 't', hidden: false, parents: [] });

describe('visibleStats', () => {
  it('offers only the counts of resources the role holds a menu path of, leading to that page', () => {
    const stats = visibleStats([item('/dashboard'), item('/persons/list'), item('/devices/list_status')]);
    expect(stats.map(s => s.key)).toEqual(['persons', 'devices', 'devices_running', 'devices_fault']);
    expect(stats.find(s => s.key === 'devices')).toMatchObject({ def: { api: '/devices' }, to: '/devices/list_status' });
    expect(stats.find(s => s.key === 'persons')).toMatchObject({ def: { api: '/persons' }, to: '/persons/list' });
    expect(visibleStats([item('/dashboard')])).toEqual([]);
  });
});

describe('fetchCount', () => {
  it('asks the list for one row with the filters and returns its total', async () => {
    const [running] = visibleStats([item('/devices/list')]).filter(s => s.key === 'devices_running');
    const list = vi.fn(async (_def: ResourceDef, _q: ListQuery, _o: { signal?: AbortSignal }) => ({ total: 7 }));
    await expect(fetchCount(running!, undefined, list)).resolves.toBe(7);
    expect(list.mock.calls[0]![0].name).toBe('devices');
    expect(list.mock.calls[0]![1]).toEqual({ limit: 1, extra: { status: 'running' } });
  });

  it('rejects a reply without a total', async () => {
    const [persons] = visibleStats([item('/persons/list')]);
    await expect(fetchCount(persons!, undefined, async () => ({}) as { total: number })).rejects.toThrow(/total/);
  });
});
