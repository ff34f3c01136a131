import { describe, expect, it } from 'vitest';
import { decodeIds, encodeIds, readSheetLink, sheetLinkWith, type SheetLinkParams } from './print-links';

const KEY = Buffer.alloc(32, 7);
const NOW = Date.UTC(2025, 0, 1, 8, 0, 0);
const params = (path: string): SheetLinkParams =>
  Object.fromEntries(new URL(path, 'http://x').searchParams) as unknown as SheetLinkParams;

describe('print sheet links', () => {
  it('write ids compactly, in their order, and read them back', () => {
    const run = Array.from({ length: 1000 }, (_, i) => 120_000 + i);
    expect(encodeIds(run)).toBe(`${(120_000).toString(36)}-${(120_999).toString(36)}`);
    for (const ids of [[1], [5, 3, 4], [7, 8, 9, 2, 10, 11], run, [2_147_483_647, 1]]) {
      expect(decodeIds(encodeIds(ids))).toEqual(ids);
    }
  });

  it('refuse id texts that no link carries', () => {
    for (const bad of ['', '.', '1..2', '1-', 'A', '5-3', '1 2', '1-2-3']) expect(decodeIds(bad), bad).toBeNull();
    expect(decodeIds('1-zzzzzz')).toBeNull();
  });

  it('open what they were signed for until they expire', () => {
    const p = params(sheetLinkWith(KEY, 'cards', [3, 4, 5, 9], 12, NOW / 1000 + 600));
    expect(readSheetLink(KEY, p, NOW)).toEqual({ category: 'cards', ids: [3, 4, 5, 9], accountId: 12, exp: NOW / 1000 + 600 });
    expect(readSheetLink(KEY, p, NOW + 599_000)).not.toBeNull();
    expect(readSheetLink(KEY, p, NOW + 600_000)).toBeNull();
  });

  it('open nothing once any part is changed, or under another key', () => {
    const p = params(sheetLinkWith(KEY, 'cards', [3, 4, 5], 12, NOW / 1000 + 600));
    expect(readSheetLink(Buffer.alloc(32, 8), p, NOW)).toBeNull();
    for (const changed of [{ ids: '3-6' }, { a: '13' }, { c: 'orders' }, { exp: String(NOW / 1000 + 6000) },
      { sig: `${p.sig.slice(0, -1)}${p.sig.endsWith('A') ? 'B' : 'A'}` }, { sig: p.sig.slice(1) }]) {
      expect(readSheetLink(KEY, { ...p, ...changed }, NOW), JSON.stringify(changed)).toBeNull();
    }
  });

  it('sign the template a link names: it cannot be dropped, added or changed', () => {
    const p = params(sheetLinkWith(KEY, 'deliveries', [7], 12, NOW / 1000 + 600, -3));
    expect(p.t).toBe('-3');
    expect(readSheetLink(KEY, p, NOW)).toEqual({ category: 'deliveries', ids: [7], accountId: 12, exp: NOW / 1000 + 600, template: -3 });
    const { t: _t, ...without } = p;
    expect(readSheetLink(KEY, without, NOW)).toBeNull();
    expect(readSheetLink(KEY, { ...p, t: '-2' }, NOW)).toBeNull();
    const plain = params(sheetLinkWith(KEY, 'deliveries', [7], 12, NOW / 1000 + 600));
    expect(readSheetLink(KEY, { ...plain, t: '-3' }, NOW)).toBeNull();
  });
});
