import { describe, expect, it } from 'vitest';
import { encodeWithin, fitWithin, PHOTO_MAX_BYTES } from './photo-upload';

describe('photo size', () => {
  it('scales the longer side down to the limit, never up', () => {
    expect(fitWithin(4000, 3000, 1600)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3000, 4000, 1600)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(800, 600, 1600)).toEqual({ width: 800, height: 600 });
  });

  it('lowers the quality first, then the size, until the JPEG fits', async () => {
    const tries: [number, number, number][] = [];
    // A fake encoder whose output shrinks with the pixels and the quality.
    const encode = async (w: number, h: number, q: number) => {
      tries.push([w, h, q]);
      return new Blob([new Uint8Array(Math.round(w * h * q * 0.5))]);
    };
    const blob = await encodeWithin(encode, 4000, 3000);
    expect(blob.size).toBeLessThanOrEqual(PHOTO_MAX_BYTES);
    expect(tries[0]).toEqual([1600, 1200, 0.85]);
    // Every quality at full size, then smaller.
    expect(tries.slice(0, 5).every(([w]) => w === 1600)).toBe(true);
    expect(tries[5]![0]).toBeLessThan(1600);
    const last = tries.at(-1)!;
    expect(Math.max(last[0], last[1])).toBeGreaterThanOrEqual(320);
  });

  it('keeps a small photo at its size and the best quality', async () => {
    const blob = await encodeWithin(async (w, h, q) => new Blob([`${w}x${h}@${q}`]), 800, 600);
    expect(await blob.text()).toBe('800x600@0.85');
  });
});
