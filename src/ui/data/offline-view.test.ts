import { describe, expect, it } from 'vitest';
import { offlineView } from './use-resource';

describe('what a screen says about where its data comes from', () => {
  it('data answered from the offline copy is offline, as of its pull, even if the server is back meanwhile', () => {
    expect(offlineView({ data: { source: 'offline', asOf: 1000 }, dataUpdatedAt: 5000 }, true)).toEqual({ offline: true, asOf: 1000 });
  });

  it('the server out of reach: the last data shown is offline, as of when it was fetched', () => {
    expect(offlineView({ data: { source: 'server' }, dataUpdatedAt: 5000 }, false)).toEqual({ offline: true, asOf: 5000 });
    expect(offlineView({ data: undefined, dataUpdatedAt: 0 }, false)).toEqual({ offline: true, asOf: null });
  });

  it('server data with the server reachable is not offline', () => {
    expect(offlineView({ data: { source: 'server' }, dataUpdatedAt: 5000 }, true)).toEqual({ offline: false, asOf: null });
  });
});
