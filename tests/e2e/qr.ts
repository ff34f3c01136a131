import type { Browser } from 'playwright-core';
import jsQR from 'jsqr';
import { newPage } from './browser';

/**
 * The text of every QR code (`.qr svg`) of a printed sheet — a package's label, a delivery note — decoded from its
 * pixels by jsQR (not by the library that drew it), in the order they stand on the sheet.
 */
export async function decodeQrCodes(browser: Browser, html: string): Promise<string[]> {
  const { context, page: sheet } = await newPage(browser);
  try {
    await sheet.setContent(html);
    const images = await sheet.locator('.qr svg').evaluateAll(async svgs => Promise.all(svgs.map(async svg => {
      const size = 400;
      const img = new Image(size, size);
      img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = size; canvas.height = size;
      const g = canvas.getContext('2d')!;
      g.fillStyle = '#fff'; g.fillRect(0, 0, size, size);
      g.drawImage(img, 0, 0, size, size);
      return Array.from(g.getImageData(0, 0, size, size).data);
    })));
    return images.map(px => jsQR(Uint8ClampedArray.from(px), 400, 400)?.data ?? '');
  } finally {
    await context.close();
  }
}
