import { upload } from '../domain/contract/endpoints/system';
import { uploadTo } from './endpoint-call';

/**
 * Inspection photos (issue 13 point 4, docs/shopfloor.md): taken with a tablet's camera, made small in the browser and
 * uploaded to `/files/upload/`; the inspection fact carries their URLs.
 *
 * Rules:
 * - A photo is at most PHOTO_MAX_SIDE pixels on its longer side and at most PHOTO_MAX_BYTES as a JPEG: a tablet on the
 *   edge of the Wi-Fi sends 300 KB in seconds, and a phone camera's 5 MB original never leaves the device. The
 *   quality goes down first (it costs the least to the eye), then the size, until the photo fits.
 * - JPEG has no transparency: the picture is drawn on white, so a transparent image does not turn black.
 * - An inspection carries at most PHOTOS_MAX photos (the contract's `photos` list).
 */
export const PHOTO_MAX_SIDE = 1600;
export const PHOTO_MAX_BYTES = 300_000;
export const PHOTOS_MAX = 6;
/** JPEG qualities tried in turn at one size. */
const QUALITIES = [0.85, 0.75, 0.65, 0.55, 0.45] as const;
/** Each further try shrinks the sides by this factor, down to MIN_SIDE on the longer side. */
const SHRINK = 0.8;
const MIN_SIDE = 320;

/** The picture could not be decoded (a format the browser cannot read, a broken file). */
export class PhotoDecodeError extends Error {
  override readonly name = 'PhotoDecodeError';
}

/** Width and height scaled down (never up) so the longer side is at most `max`. */
export function fitWithin(width: number, height: number, max: number): { width: number; height: number } {
  const longer = Math.max(width, height);
  if (longer <= max || longer <= 0) return { width: Math.max(1, Math.round(width)), height: Math.max(1, Math.round(height)) };
  const k = max / longer;
  return { width: Math.max(1, Math.round(width * k)), height: Math.max(1, Math.round(height * k)) };
}

/** Draws the picture at a size and encodes it as JPEG of a quality. */
export type JpegEncoder = (width: number, height: number, quality: number) => Promise<Blob>;

export interface PhotoLimits { maxSide?: number; maxBytes?: number }

/**
 * The first encoding that fits `maxBytes`: at the largest size the side limit allows, each quality in turn, then
 * smaller. Pure over `encode` (tested without a canvas). The last, smallest try is returned even when it is still
 * too large: by then it is a small picture of extraordinary detail, and refusing it would lose the evidence.
 */
export async function encodeWithin(encode: JpegEncoder, width: number, height: number, limits: PhotoLimits = {}): Promise<Blob> {
  const maxBytes = limits.maxBytes ?? PHOTO_MAX_BYTES;
  let side = Math.min(Math.max(width, height), limits.maxSide ?? PHOTO_MAX_SIDE);
  let last: Blob | null = null;
  for (;;) {
    const size = fitWithin(width, height, side);
    for (const q of QUALITIES) {
      last = await encode(size.width, size.height, q);
      if (last.size <= maxBytes) return last;
    }
    if (side <= MIN_SIDE) return last!;
    side = Math.max(MIN_SIDE, Math.floor(side * SHRINK));
  }
}

interface Decoded { source: CanvasImageSource; width: number; height: number; close(): void }

/** Decodes with createImageBitmap (EXIF orientation applied), else through an <img>. */
async function decode(file: Blob): Promise<Decoded> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bmp = await createImageBitmap(file, { imageOrientation: 'from-image' });
      return { source: bmp, width: bmp.width, height: bmp.height, close: () => bmp.close() };
    } catch {
      // Some browsers refuse a format through createImageBitmap that <img> reads: try that.
    }
  }
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    return { source: img, width: img.naturalWidth, height: img.naturalHeight, close: () => URL.revokeObjectURL(url) };
  } catch (e) {
    URL.revokeObjectURL(url);
    throw new PhotoDecodeError(e instanceof Error ? e.message : String(e));
  }
}

function canvasEncoder(pic: Decoded): JpegEncoder {
  return async (width, height, quality) => {
    if (typeof OffscreenCanvas === 'function') {
      const c = new OffscreenCanvas(width, height);
      const g = c.getContext('2d');
      if (!g) throw new PhotoDecodeError('no 2d context');
      g.fillStyle = '#fff';
      g.fillRect(0, 0, width, height);
      g.drawImage(pic.source, 0, 0, width, height);
      return c.convertToBlob({ type: 'image/jpeg', quality });
    }
    const c = document.createElement('canvas');
    c.width = width;
    c.height = height;
    const g = c.getContext('2d');
    if (!g) throw new PhotoDecodeError('no 2d context');
    g.fillStyle = '#fff';
    g.fillRect(0, 0, width, height);
    g.drawImage(pic.source, 0, 0, width, height);
    return new Promise<Blob>((resolve, reject) => c.toBlob(b => (b ? resolve(b) : reject(new PhotoDecodeError('toBlob failed'))), 'image/jpeg', quality));
  };
}

/** A camera picture as a JPEG within the limits (PHOTO_MAX_SIDE, PHOTO_MAX_BYTES). */
export async function downscalePhoto(file: Blob, limits: PhotoLimits = {}): Promise<Blob> {
  const pic = await decode(file);
  try {
    return await encodeWithin(canvasEncoder(pic), pic.width, pic.height, limits);
  } finally {
    pic.close();
  }
}

/**
 * Uploads one prepared photo; resolves with the URL the server serves it at. `quiet`: nothing is shown on failure (the
 * background sending of held inspections); otherwise an unreachable server is not shown either (the screen says the
 * photo waits for the network) but a refusal is.
 */
export async function uploadPhoto(photo: Blob, o: { signal?: AbortSignal; quiet?: boolean } = {}): Promise<string> {
  const form = new FormData();
  const name = `photo-${Date.now()}.jpg`;
  form.append('file', photo, name);
  form.append('filename', name);
  const reply = await uploadTo(upload, form, {}, { silent: true, quietOffline: true, quiet: o.quiet, signal: o.signal });
  return reply.url;
}
