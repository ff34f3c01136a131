import type { MantineColorsTuple } from '@mantine/core';
import { parseHex } from './palette';

/**
 * Colour contrast as WCAG 2 measures it, and the rule every palette of the theme is held to (issue 30 item 15,
 * decision 160): normal text needs 4.5:1 against what it is drawn on, in the light and the dark scheme.
 */
export const AA = 4.5;

/** What text sits on in the light scheme: white (body, cards, inputs), gray-0 and gray-1 (headers, hovered rows). */
export const LIGHT_SURFACES = ['#ffffff', '#f8f9fa', '#f1f3f5'] as const;
/** What text sits on in the dark scheme: Mantine's dark-5 … dark-8 (hovered rows, inputs, body, headers). */
export const DARK_SURFACES = ['#3b3b3b', '#2e2e2e', '#242424', '#1f1f1f'] as const;

type Rgb = [number, number, number];

const toHex = (rgb: Rgb) => `#${rgb.map(v => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, '0')).join('')}`;

function rgbOf(hex: string): Rgb {
  const rgb = parseHex(hex);
  if (!rgb) throw new Error(`not a colour: ${hex}`);
  return rgb;
}

/** WCAG 2 relative luminance. */
export function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map(v => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const meets = (hex: string, against: readonly string[], ratio: number) => against.every(bg => contrast(hex, bg) >= ratio);

/**
 * `hex` mixed with `toward` (black to darken, white to lighten) in steps of 2 % until it reaches `ratio` against every
 * colour of `against`; `hex` itself when it already does. Mixing keeps the hue, so a theme colour stays recognisable.
 */
export function untilContrast(hex: string, against: readonly string[], toward: '#000000' | '#ffffff', ratio = AA): string {
  const from = rgbOf(hex), to = rgbOf(toward);
  for (let w = 0; w <= 1; w += 0.02) {
    const c = toHex(from.map((v, i) => v * (1 - w) + to[i]! * w) as Rgb);
    if (meets(c, against, ratio)) return c;
  }
  return toward;
}

/** Darker shades 7–9 below a shade 6, as the theme colour's palette makes them (palette.ts). */
const BELOW_6 = [0.85, 0.72, 0.6] as const;

/**
 * A Mantine palette made to meet AA wherever Mantine draws text with it (its CSS variables resolver, Mantine 9):
 * - light scheme: shade 6 is the filled colour under white text and the colour of text, links and outlines on the
 *   light surfaces — darkened until it reaches 4.5:1 against white and the light grays, the shades below it with it
 *   (never lighter than they were);
 * - light scheme, `light` variant: shade 9 on shade 1 — darkened until it reaches 4.5:1 on shade 1;
 * - dark scheme: shade 4 is the colour of text and links on the dark surfaces — lightened until it reaches 4.5:1
 *   against each. (The dark scheme's filled colour is shade 6 too, `primaryShade: 6`, already fit for white text.)
 * A palette that meets all this already is returned unchanged.
 */
export function accessiblePalette(p: MantineColorsTuple): MantineColorsTuple {
  const out = [...p];
  const six = untilContrast(p[6], LIGHT_SURFACES, '#000000');
  if (six !== p[6].toLowerCase()) {
    out[6] = six;
    const base = rgbOf(six);
    // Each shade below stays at least as dark as it was: gray-7 … gray-9 are text colours of their own.
    BELOW_6.forEach((w, i) => {
      const made = toHex(base.map(v => v * w) as Rgb);
      out[7 + i] = luminance(made) < luminance(p[7 + i]!) ? made : p[7 + i]!;
    });
  }
  out[9] = untilContrast(out[9]!, [out[1]!], '#000000');
  out[4] = untilContrast(out[4]!, DARK_SURFACES, '#ffffff');
  return out as unknown as MantineColorsTuple; // still exactly 10 entries: each one was replaced in place
}
