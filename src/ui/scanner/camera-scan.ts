import { normalizeCode } from './scan-reader';

/**
 * The React-free parts of the camera scanner (CameraScanner.tsx): which decoder, which formats, the report-once
 * rule, the detection loop and what a camera failure means to the user.
 *
 * Decoder: the browser's own `BarcodeDetector` where it has one that reads every wanted format (Chrome on Android,
 * ChromeOS and macOS); otherwise the `barcode-detector` ponyfill, ZXing-C++ compiled to WebAssembly. The ponyfill is
 * imported dynamically, only when a camera scanner opens, so no other screen (the login page least of all) loads a
 * byte of it. Its .wasm is served by this app from its own origin — Vite emits it as an asset of the build
 * (`?url`) — never from the CDN the package would use by default: kiosks and tablets work offline and the CSP's
 * connect-src allows only this server. Compiling WebAssembly needs `'wasm-unsafe-eval'` in the CSP's script-src.
 */

/** The formats read by default: the QR codes and Code 128 barcodes the print labels carry. */
export const CAMERA_FORMATS = ['qr_code', 'code_128'] as const;

/** A W3C Barcode Detection format name. */
export type CameraFormat =
  | 'aztec' | 'codabar' | 'code_128' | 'code_39' | 'code_93' | 'data_matrix' | 'ean_13' | 'ean_8' | 'itf'
  | 'pdf417' | 'qr_code' | 'upc_a' | 'upc_e';

export interface Detected {
  rawValue: string;
  format: string;
}

export interface Detector {
  detect(source: HTMLVideoElement): Promise<readonly Detected[]>;
}

export type DetectorKind = 'native' | 'polyfill';

/** The browser's BarcodeDetector, as far as it is used here (TypeScript's DOM types do not declare it yet). */
export interface NativeDetectorClass {
  new (options?: { formats?: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}

export type CameraErrorKind = 'insecure' | 'unsupported' | 'denied' | 'no_camera' | 'in_use' | 'decoder' | 'unknown';

/** A camera scanner failure with the kind that picks the user's message (i18n `scanner.camera.errors.<kind>`). */
export class CameraError extends Error {
  constructor(readonly kind: CameraErrorKind, detail?: string, options?: { cause?: unknown }) {
    super(detail ?? kind, options);
    this.name = 'CameraError';
  }
}

/**
 * What a failure means to the user. getUserMedia's DOMException names (and the older Chrome names they replaced):
 * permission refused by the user or by policy, no camera (or none meeting the constraints), a camera another
 * program holds.
 */
export function cameraErrorKind(err: unknown): CameraErrorKind {
  if (err instanceof CameraError) return err.kind;
  const name = typeof err === 'object' && err !== null ? (err as { name?: unknown }).name : undefined;
  switch (name) {
    case 'NotAllowedError': case 'PermissionDeniedError': case 'SecurityError':
      return 'denied';
    case 'NotFoundError': case 'DevicesNotFoundError': case 'OverconstrainedError': case 'ConstraintNotSatisfiedError':
      return 'no_camera';
    case 'NotReadableError': case 'TrackStartError': case 'AbortError':
      return 'in_use';
    default:
      return 'unknown';
  }
}

/**
 * Whether a camera can be asked for at all, before asking: `null` when it can. Browsers expose
 * `navigator.mediaDevices` only in a secure context (HTTPS or localhost), and a factory may serve the app over plain
 * HTTP: that is said as such, not as a missing camera.
 */
export function cameraUnavailable(env: { isSecureContext?: boolean; navigator?: { mediaDevices?: { getUserMedia?: unknown } } } = globalThis): CameraErrorKind | null {
  if (env.isSecureContext === false) return 'insecure';
  if (typeof env.navigator?.mediaDevices?.getUserMedia !== 'function') return 'unsupported';
  return null;
}

/** The rear camera where there is one (a tablet's front camera cannot see a card held before it), at 720p. */
export const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  audio: false,
  video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
};

/** Opens the camera; a device refusing even the ideal constraints is asked again for any video. */
export async function openCamera(mediaDevices: Pick<MediaDevices, 'getUserMedia'> = navigator.mediaDevices): Promise<MediaStream> {
  try {
    return await mediaDevices.getUserMedia(CAMERA_CONSTRAINTS);
  } catch (e) {
    if ((e as { name?: unknown } | null)?.name !== 'OverconstrainedError') throw e;
    return mediaDevices.getUserMedia({ audio: false, video: true });
  }
}

export interface DetectorSources {
  /** The browser's BarcodeDetector, if it has one. */
  native?: NativeDetectorClass | null;
  /** Loads the WebAssembly decoder for these formats. */
  polyfill?: (formats: readonly CameraFormat[]) => Promise<Detector>;
}

/**
 * The decoder for `formats`: the browser's when it reads all of them, else the ponyfill. A ponyfill that cannot be
 * loaded (its .wasm not reachable offline, or WebAssembly refused by the CSP) is a `decoder` CameraError.
 */
export async function loadDetector(formats: readonly CameraFormat[] = CAMERA_FORMATS, sources: DetectorSources = {}):
Promise<{ detector: Detector; kind: DetectorKind }> {
  const native = sources.native === undefined
    ? (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector ?? null
    : sources.native;
  if (native) {
    try {
      const supported = await native.getSupportedFormats();
      if (formats.every(f => supported.includes(f))) return { detector: new native({ formats: [...formats] }), kind: 'native' };
    } catch { /* a detector that cannot say what it reads: use the ponyfill */ }
  }
  try {
    return { detector: await (sources.polyfill ?? loadPolyfill)(formats), kind: 'polyfill' };
  } catch (e) {
    throw new CameraError('decoder', e instanceof Error ? e.message : String(e), { cause: e });
  }
}

/** Module settings of the ZXing build, made once: the same object each time lets the loaded module be reused. */
let zxingOverrides: { locateFile: (path: string, prefix: string) => string } | null = null;

async function loadPolyfill(formats: readonly CameraFormat[]): Promise<Detector> {
  const [{ BarcodeDetector, prepareZXingModule, purgeZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    // The reader's .wasm as an asset of this build, served from this origin (and precached with the app).
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  zxingOverrides ??= { locateFile: (path, prefix) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) };
  try {
    // Instantiated now, not at the first frame, so a failure shows when the scanner opens.
    await prepareZXingModule({ overrides: zxingOverrides, fireImmediately: true });
  } catch (e) {
    // The failed instance is cached by the package; dropped, so "try again" really tries again.
    purgeZXingModule();
    throw e;
  }
  return new BarcodeDetector({ formats: [...formats] });
}

/**
 * Reports each code once while it stays in view. Detection misses a code now and then (a blurred frame, glare), so a
 * code "leaves the view" only after it has not been seen for `leaveAfterMs`; shown again after that, it is new.
 */
export class SeenCodes {
  private readonly lastSeen = new Map<string, number>();

  constructor(private readonly leaveAfterMs = 1000) {}

  /** The codes seen in one frame at time `now` (ms); returns those to report, in frame order, each once. */
  update(codes: Iterable<string>, now: number): string[] {
    for (const [code, at] of this.lastSeen) {
      if (now - at > this.leaveAfterMs) this.lastSeen.delete(code);
    }
    const fresh: string[] = [];
    for (const code of codes) {
      if (!this.lastSeen.has(code)) fresh.push(code);
      this.lastSeen.set(code, now);
    }
    return fresh;
  }

  clear(): void {
    this.lastSeen.clear();
  }
}

/** The codes of one frame's detections: normalised like keyboard scans (scan-reader.ts), empty ones dropped. */
export function codesOf(found: readonly Detected[]): string[] {
  const out: string[] = [];
  for (const d of found) {
    const code = normalizeCode(d.rawValue);
    if (code && !out.includes(code)) out.push(code);
  }
  return out;
}

export interface DetectionLoopOptions {
  /** One detection (of the current video frame). */
  detect: () => Promise<readonly Detected[]>;
  /** The codes newly in view, after the report-once rule. */
  onCodes: (codes: string[]) => void;
  /** The decoder keeps failing: the loop has stopped. */
  onFailure: (err: unknown) => void;
  /** Pause between two detections (ms). The WebAssembly decoder runs on the page's thread: not every frame. */
  intervalMs?: number;
  leaveAfterMs?: number;
  /** Consecutive failed detections that stop the loop (one failure is a frame not ready yet). */
  maxFailures?: number;
  now?: () => number;
}

/**
 * Detects, waits `intervalMs`, detects again — never two detections at once — until the returned function is
 * called.
 */
export function startDetectionLoop(o: DetectionLoopOptions): () => void {
  const seen = new SeenCodes(o.leaveAfterMs);
  const interval = o.intervalMs ?? 150;
  const maxFailures = o.maxFailures ?? 20;
  const now = o.now ?? (() => performance.now());
  let stopped = false;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const tick = async () => {
    if (stopped) return;
    try {
      const found = await o.detect();
      failures = 0;
      if (stopped) return;
      const fresh = seen.update(codesOf(found), now());
      if (fresh.length) o.onCodes(fresh);
    } catch (e) {
      if (stopped) return;
      failures += 1;
      if (failures >= maxFailures) {
        stopped = true;
        o.onFailure(e);
        return;
      }
    }
    if (!stopped) timer = setTimeout(() => void tick(), interval);
  };
  void tick();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
