import { describe, expect, it } from 'vitest';
import { serverOptions } from './server-options';

const labels = { local: 'local', test: (n: string) => `${n} (test)` };

describe('serverOptions', () => {
  it('lists this server first, marks test servers and keeps one option per address', () => {
    const out = serverOptions([
      { name: 'A', server: 'http://a' },
      { name: 'A again', server: 'http://a' },
      { name: 'T', server: 'http://t', test: true },
      { name: 'none', server: '' },
    ], '', labels);
    expect(out).toEqual([
      { value: '', label: 'local' },
      { value: 'http://a', label: 'A' },
      { value: 'http://t', label: 'T (test)' },
    ]);
  });

  it('keeps the stored address when servers.json no longer lists it', () => {
    expect(serverOptions([], 'http://old', labels).map(o => o.value)).toEqual(['', 'http://old']);
  });
});
