import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CAMERA_CONSTRAINTS, CAMERA_FORMATS, CameraError, cameraErrorKind, cameraUnavailable, codesOf, loadDetector,
  openCamera, SeenCodes, startDetectionLoop, type Detected, type NativeDetectorClass,
} from './camera-scan';

/**
 * The camera scanner's pure parts. The video itself cannot run here; the decoder can: the last tests run the very
 * ponyfill and .wasm the app ships on generated QR and Code 128 images.
 */
const require = createRequire(import.meta.url);

afterEach(() => {
  vi.useRealTimers();
});

describe('SeenCodes', () => {
  it('reports a code once while it stays in view, missed frames included, and again after it left', () => {
    const s = new SeenCodes(1000);
    expect(s.update(['A'], 0)).toEqual(['A']);
    expect(s.update(['A'], 150)).toEqual([]);
    expect(s.update([], 300)).toEqual([]); // a missed frame
    expect(s.update(['A', 'B'], 900)).toEqual(['B']);
    expect(s.update(['B'], 1800)).toEqual([]); // 900 ms since: still in view
    expect(s.update(['A'], 2001)).toEqual(['A']); // gone for 1101 ms: left the view
    expect(s.update(['C', 'C'], 2100)).toEqual(['C']);
    s.clear();
    expect(s.update(['C'], 2200)).toEqual(['C']);
  });
});

describe('codesOf', () => {
  it('normalises like keyboard scans and drops empty and repeated codes', () => {
    const d = (rawValue: string): Detected => ({ rawValue, format: 'qr_code' });
    expect(codesOf([d(' C-1 '), d(''), d('C-1'), d('\n'), d('ＰＮ２')])).toEqual(['C-1', 'PN2']);
  });
});

describe('camera failures', () => {
  it.each([
    ['NotAllowedError', 'denied'], ['PermissionDeniedError', 'denied'], ['SecurityError', 'denied'],
    ['NotFoundError', 'no_camera'], ['OverconstrainedError', 'no_camera'], ['DevicesNotFoundError', 'no_camera'],
    ['NotReadableError', 'in_use'], ['TrackStartError', 'in_use'], ['AbortError', 'in_use'],
    ['TypeError', 'unknown'],
  ])('%s is %s', (name, kind) => {
    expect(cameraErrorKind(new DOMException('x', name))).toBe(kind);
  });

  it('keeps the kind of a CameraError and calls anything else unknown', () => {
    expect(cameraErrorKind(new CameraError('decoder', 'wasm'))).toBe('decoder');
    expect(cameraErrorKind('boom')).toBe('unknown');
    expect(cameraErrorKind(null)).toBe('unknown');
  });

  it('says "insecure" on plain HTTP and "unsupported" without the camera API, before asking', () => {
    const getUserMedia = () => undefined;
    expect(cameraUnavailable({ isSecureContext: false, navigator: {} })).toBe('insecure');
    expect(cameraUnavailable({ isSecureContext: false, navigator: { mediaDevices: { getUserMedia } } })).toBe('insecure');
    expect(cameraUnavailable({ isSecureContext: true, navigator: {} })).toBe('unsupported');
    expect(cameraUnavailable({ isSecureContext: true, navigator: { mediaDevices: { getUserMedia } } })).toBeNull();
  });
});

describe('openCamera', () => {
  it('asks for the rear camera, and for any camera when the device refuses the constraints', async () => {
    const stream = {} as MediaStream;
    const getUserMedia = vi.fn<MediaDevices['getUserMedia']>()
      .mockRejectedValueOnce(new DOMException('x', 'OverconstrainedError'))
      .mockResolvedValueOnce(stream);
    await expect(openCamera({ getUserMedia })).resolves.toBe(stream);
    expect(getUserMedia.mock.calls).toEqual([[CAMERA_CONSTRAINTS], [{ audio: false, video: true }]]);
    expect(CAMERA_CONSTRAINTS.video).toMatchObject({ facingMode: { ideal: 'environment' } });
  });

  it('passes a refusal on', async () => {
    const getUserMedia = vi.fn<MediaDevices['getUserMedia']>().mockRejectedValue(new DOMException('x', 'NotAllowedError'));
    await expect(openCamera({ getUserMedia })).rejects.toMatchObject({ name: 'NotAllowedError' });
    expect(getUserMedia).toHaveBeenCalledOnce();
  });
});

describe('loadDetector', () => {
  function nativeClass(supported: string[] | Error) {
    const made: unknown[] = [];
    const cls = class {
      constructor(o?: { formats?: string[] }) { made.push(o); }
      static getSupportedFormats = async () => { if (supported instanceof Error) throw supported; return supported; };
      async detect() { return []; }
    };
    return { cls: cls as unknown as NativeDetectorClass, made };
  }
  const polyfillDetector = { detect: async () => [] };

  it('uses the browser’s detector when it reads every wanted format', async () => {
    const n = nativeClass(['ean_13', 'qr_code', 'code_128']);
    const polyfill = vi.fn(async () => polyfillDetector);
    const r = await loadDetector(CAMERA_FORMATS, { native: n.cls, polyfill });
    expect(r.kind).toBe('native');
    expect(n.made).toEqual([{ formats: ['qr_code', 'code_128'] }]);
    expect(polyfill).not.toHaveBeenCalled();
  });

  it.each([
    ['there is none', null],
    ['it lacks Code 128', ['qr_code']],
    ['it reads nothing (no decoder on the device)', []],
    ['it cannot say what it reads', new Error('x')],
  ])('loads the ponyfill when %s', async (_why, supported) => {
    const native = supported === null ? null : nativeClass(supported).cls;
    const polyfill = vi.fn(async () => polyfillDetector);
    const r = await loadDetector(CAMERA_FORMATS, { native, polyfill });
    expect(r).toEqual({ detector: polyfillDetector, kind: 'polyfill' });
    expect(polyfill).toHaveBeenCalledWith(CAMERA_FORMATS);
  });

  it('turns a ponyfill that cannot load into a decoder error', async () => {
    const polyfill = async () => { throw new WebAssembly.CompileError("Refused to compile: 'wasm-unsafe-eval' is not allowed"); };
    const e = await loadDetector(CAMERA_FORMATS, { native: null, polyfill }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(CameraError);
    expect(cameraErrorKind(e)).toBe('decoder');
  });
});

describe('startDetectionLoop', () => {
  it('detects one frame at a time, reports new codes once, and stops', async () => {
    vi.useFakeTimers();
    const frames: Detected[][] = [
      [{ rawValue: 'C-1', format: 'qr_code' }],
      [{ rawValue: 'C-1', format: 'qr_code' }],
      [],
      [{ rawValue: 'C-2', format: 'code_128' }, { rawValue: 'C-1', format: 'qr_code' }],
    ];
    let inFlight = 0;
    let maxInFlight = 0;
    const detect = vi.fn(async () => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise(r => setTimeout(r, 300)); // slower than the interval: no overlap all the same
      inFlight -= 1;
      return frames.shift() ?? [];
    });
    const reported: string[][] = [];
    let clock = 0;
    const stop = startDetectionLoop({ detect, onCodes: c => reported.push(c), onFailure: () => undefined, intervalMs: 100, now: () => clock });
    for (let i = 0; i < 4; i++) {
      clock += 400;
      await vi.advanceTimersByTimeAsync(400);
    }
    expect(reported).toEqual([['C-1'], ['C-2']]);
    expect(maxInFlight).toBe(1);
    stop();
    const calls = detect.mock.calls.length;
    await vi.advanceTimersByTimeAsync(5000);
    expect(detect.mock.calls.length).toBe(calls);
  });

  it('rides over a frame that fails, and stops with onFailure when the decoder keeps failing', async () => {
    vi.useFakeTimers();
    const detect = vi.fn<() => Promise<Detected[]>>()
      .mockRejectedValueOnce(new DOMException('not ready', 'InvalidStateError'))
      .mockResolvedValueOnce([{ rawValue: 'OK-1', format: 'qr_code' }])
      .mockRejectedValue(new DOMException('Barcode detection service unavailable.', 'NotSupportedError'));
    const onCodes = vi.fn();
    const onFailure = vi.fn();
    startDetectionLoop({ detect, onCodes, onFailure, intervalMs: 10, maxFailures: 3 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(onCodes).toHaveBeenCalledWith(['OK-1']);
    expect(onFailure).toHaveBeenCalledOnce();
    expect(detect).toHaveBeenCalledTimes(5);
  });
});

describe('the shipped decoder', () => {
  it('is the .wasm its JavaScript was built for, and the app bundles it from its own origin', async () => {
    const { ZXING_WASM_SHA256 } = await import('barcode-detector/ponyfill');
    const file = require.resolve('zxing-wasm/reader/zxing_reader.wasm');
    expect(createHash('sha256').update(readFileSync(file)).digest('hex')).toBe(ZXING_WASM_SHA256);
    const { default: url } = await import('zxing-wasm/reader/zxing_reader.wasm?url');
    expect(url).toMatch(/zxing_reader\.wasm$/);
    expect(url).not.toMatch(/^https?:/);
  });

  it('reads QR codes and Code 128 with the default formats', async () => {
    const { BarcodeDetector, prepareZXingModule, purgeZXingModule } = await import('barcode-detector/ponyfill');
    const writer = await import('zxing-wasm/writer');
    // Node has no fetch of a relative URL: both modules get their .wasm bytes directly.
    const bytes = (spec: string) => {
      const b = readFileSync(require.resolve(spec));
      return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength);
    };
    vi.stubGlobal('DOMRectReadOnly', class { constructor(readonly x = 0, readonly y = 0, readonly width = 0, readonly height = 0) {} });
    try {
      await prepareZXingModule({ overrides: { wasmBinary: bytes('zxing-wasm/reader/zxing_reader.wasm') }, fireImmediately: true });
      writer.prepareZXingModule({ overrides: { wasmBinary: bytes('zxing-wasm/writer/zxing_writer.wasm') } });
      const detector = new BarcodeDetector({ formats: [...CAMERA_FORMATS] });
      for (const [format, text, expected] of [['Code128', 'C-000123', 'code_128'], ['QRCode', '卡 0042/工序 3', 'qr_code']] as const) {
        const { image, error } = await writer.writeBarcode(text, { format, scale: 3 });
        expect(error).toBe('');
        const found = await detector.detect(image!);
        expect(found.map(f => [f.format, f.rawValue])).toEqual([[expected, text]]);
      }
    } finally {
      purgeZXingModule();
      writer.purgeZXingModule();
      vi.unstubAllGlobals();
    }
  }, 60_000);
});
