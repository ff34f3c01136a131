import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { AA, accessiblePalette, contrast, DARK_SURFACES, LIGHT_SURFACES } from './contrast';
import { paletteOf } from './palette';
import { THEME_PRESETS, themeFor } from './settings-store';

describe('contrast', () => {
  it('measures as WCAG 2 does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#ffffff', '#ffffff')).toBe(1);
    // The figure: the old brand blue on white.
    expect(contrast('#1890ff', '#ffffff')).toBeCloseTo(3.24, 2);
  });

  const palettes: [string, readonly string[]][] = [
    ...THEME_PRESETS.map(c => [`theme ${c}`, accessiblePalette(paletteOf(c))] as [string, readonly string[]]),
    ...Object.entries(themeFor({ theme: '#1890ff', size: 'medium' }).colors ?? {}).map(([n, p]) => [n, p ?? []] as [string, readonly string[]]),
  ];

  it.each(palettes)('%s meets AA wherever Mantine draws text with it', (_name, p) => {
    expect(p).toHaveLength(10);
    // Light scheme: filled under white text, and text on the light surfaces.
    for (const bg of LIGHT_SURFACES) expect(contrast(p[6]!, bg)).toBeGreaterThanOrEqual(AA);
    // Light scheme, light variant: shade 9 on shade 1.
    expect(contrast(p[9]!, p[1]!)).toBeGreaterThanOrEqual(AA);
    // Dark scheme: text in shade 4 on the dark surfaces.
    for (const bg of DARK_SURFACES) expect(contrast(p[4]!, bg)).toBeGreaterThanOrEqual(AA);
  });

  it('leaves a palette that meets AA as it is, and darkens only as far as needed', () => {
    const dark = paletteOf('#304156');
    expect(accessiblePalette(dark)[6]).toBe('#304156');
    const blue = accessiblePalette(paletteOf('#1890ff'))[6];
    expect(contrast(blue, '#f1f3f5')).toBeLessThan(AA + 0.5);
    // Mantine's dark palette is the dark scheme's surfaces: the theme leaves it alone.
    expect(themeFor({ theme: '#1890ff', size: 'medium' }).colors?.dark).toBeUndefined();
    expect(DEFAULT_THEME.colors.dark[7]).toBe('#242424');
  });
});
