import { describe, expect, it } from 'vitest';
import { loadWidths, saveWidths, WIDTHS_KEY } from './column-widths';

class MemoryStorage implements Storage {
  private m = new Map<string, string>();
  get length() { return this.m.size; }
  clear() { this.m.clear(); }
  getItem(k: string) { return this.m.get(k) ?? null; }
  key(i: number) { return [...this.m.keys()][i] ?? null; }
  removeItem(k: string) { this.m.delete(k); }
  setItem(k: string, v: string) { this.m.set(k, v); }
}

describe('column widths (spec §9: per column title)', () => {
  it('are remembered per title and shared by every grid with that title', () => {
    const s = new MemoryStorage();
    saveWidths({ 数量: 150 }, s);
    saveWidths({ 名称: 220.4 }, s);
    expect(loadWidths(['数量', '名称', '单价'], s)).toEqual({ 数量: 150, 名称: 220 });
  });

  it('are clamped, and corrupt storage is ignored', () => {
    const s = new MemoryStorage();
    saveWidths({ a: 5, b: 99_999 }, s);
    expect(loadWidths(['a', 'b'], s)).toEqual({ a: 40, b: 1200 });
    s.setItem(WIDTHS_KEY, '{not json');
    expect(loadWidths(['a'], s)).toEqual({});
    s.setItem(WIDTHS_KEY, JSON.stringify({ a: 'wide', b: 90 }));
    expect(loadWidths(['a', 'b'], s)).toEqual({ b: 90 });
    s.setItem(WIDTHS_KEY, '[1,2]');
    expect(loadWidths(['a'], s)).toEqual({});
  });

  it('survive a storage that refuses to write', () => {
    const s = new MemoryStorage();
    s.setItem = () => { throw new Error('QuotaExceededError'); };
    expect(() => saveWidths({ a: 100 }, s)).not.toThrow();
  });
});
