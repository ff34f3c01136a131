import type { MantineColorsTuple } from '@mantine/core';

/**
 * A 10-shade Mantine palette around one chosen colour (the settings drawer's theme colour). The chosen colour sits
 * at shade 6, the shade Mantine uses for filled components in the light scheme, so a button shows exactly the colour
 * the user picked; shades 0–5 mix it with white, 7–9 with black.
 */
const TINTS = [0.1, 0.2, 0.32, 0.45, 0.6, 0.8] as const;
const SHADES = [0.85, 0.72, 0.6] as const;

type Rgb = [number, number, number];

export function parseHex(hex: string): Rgb | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const h = m[1]!.length === 3 ? [...m[1]!].map(c => c + c).join('') : m[1]!;
  return [0, 2, 4].map(i => parseInt(h.slice(i, i + 2), 16)) as Rgb;
}

const toHex = (rgb: Rgb) => `#${rgb.map(v => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, '0')).join('')}`;
/** `weight` of `a`, the rest of `b`. */
const mix = (a: Rgb, b: Rgb, weight: number): Rgb => [0, 1, 2].map(i => a[i]! * weight + b[i]! * (1 - weight)) as Rgb;

export function paletteOf(hex: string): MantineColorsTuple {
  const base = parseHex(hex) ?? parseHex('#1890ff')!;
  const white: Rgb = [255, 255, 255], black: Rgb = [0, 0, 0];
  return [
    ...TINTS.map(w => toHex(mix(base, white, w))),
    toHex(base),
    ...SHADES.map(w => toHex(mix(base, black, w))),
  ] as unknown as MantineColorsTuple; // exactly 10 entries by construction (6 tints, the colour, 3 shades)
}
