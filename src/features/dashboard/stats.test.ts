import { describe, expect, it, vi } from 'vitest';
import type { MenuRequest } from '../../app/menu/fetcher';
import type { FlatMenuItem } from '../../app/menu/menu-types';
import { fetchCount, visibleStats } from './stats';

const item = (path: string): FlatMenuItem => ({ path, title: 't', hidden: false, parents: [] });

describe('visibleStats', () => {
  it('offers only the counts of resources the role holds a menu path of, leading to that page', () => {
    const stats = visibleStats([item('/dashboard'), item('/persons/list'), item('/devices/list_status')]);
    expect(stats.map(s => s.key)).toEqual(['persons', 'devices', 'devices_running', 'devices_fault']);
    expect(stats.find(s => s.key === 'devices')).toMatchObject({ api: '/devices', to: '/devices/list_status' });
    expect(stats.find(s => s.key === 'persons')).toMatchObject({ api: '/persons', to: '/persons/list' });
    expect(visibleStats([item('/dashboard')])).toEqual([]);
  });
});

describe('fetchCount', () => {
  it('asks the list for one row with the filters and returns its total', async () => {
    const [running] = visibleStats([item('/devices/list')]).filter(s => s.key === 'devices_running');
    const fetcher = vi.fn(async (_req: MenuRequest) => ({ msg: 'OK', dt: [{}], total: 7 }));
    await expect(fetchCount(fetcher, running!)).resolves.toBe(7);
    expect(fetcher.mock.calls[0]![0]).toMatchObject({
      method: 'GET', url: '/devices/list/', data: { limit: 1, status: 'running' },
    });
  });

  it('rejects a reply without a total', async () => {
    const [persons] = visibleStats([item('/persons/list')]);
    await expect(fetchCount(async () => ({ msg: 'OK' }), persons!)).rejects.toThrow(/total/);
  });
});
