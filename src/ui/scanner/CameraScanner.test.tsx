// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { initI18n } from '../../i18n/react';
import { CameraScanner } from './CameraScanner';

// Tells React that this test drives updates through act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * The component's wiring in jsdom, which has no camera and no video: the camera API, the browser's detector and
 * `play()` are stand-ins. What is checked: the localized message of each failure, "try again", a code reported once
 * with source 'camera', and the camera released on unmount.
 */
let host: HTMLDivElement;
let root: Root;

beforeAll(async () => {
  window.matchMedia = (query: string) => ({
    matches: false, media: query, onchange: null, addListener() {}, removeListener() {},
    addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false,
  }) as MediaQueryList;
  await initI18n('en');
});

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function render(onScan = vi.fn(), onError = vi.fn()) {
  await act(async () => root.render(<MantineProvider><CameraScanner onScan={onScan} onError={onError} /></MantineProvider>));
  return { onScan, onError };
}

function stubCamera(getUserMedia: MediaDevices['getUserMedia']) {
  vi.stubGlobal('isSecureContext', true);
  vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { mediaDevices: { getUserMedia } }));
}

/** A browser detector that reads QR and Code 128 and sees `code` in every frame. */
function stubDetector(code: string) {
  const detect = vi.fn(async () => [{ rawValue: code, format: 'qr_code' }]);
  vi.stubGlobal('BarcodeDetector', class {
    static getSupportedFormats = async () => ['qr_code', 'code_128'];
    detect = detect;
  });
  return detect;
}

describe('CameraScanner', () => {
  it('says plainly when the browser has no camera API, with nothing to retry', async () => {
    vi.stubGlobal('isSecureContext', true);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { mediaDevices: undefined }));
    await render();
    expect(host.textContent).toContain(i18n.t('scanner.camera.errors.unsupported'));
    expect(host.querySelector('button')).toBeNull();
  });

  it('tells a plain-HTTP page that the camera needs HTTPS', async () => {
    vi.stubGlobal('isSecureContext', false);
    await render();
    expect(host.textContent).toContain('HTTPS');
    expect(host.textContent).toContain(i18n.t('scanner.camera.errors.insecure'));
  });

  it('shows a refused permission, then reports a code once after "Try again", and releases the camera', async () => {
    const stop = vi.fn();
    const stream = { getTracks: () => [{ stop }] } as unknown as MediaStream;
    const getUserMedia = vi.fn<MediaDevices['getUserMedia']>()
      .mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'))
      .mockResolvedValue(stream);
    stubCamera(getUserMedia);
    const detect = stubDetector(' C-000123 ');
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();

    const { onScan, onError } = await render();
    await vi.waitFor(() => expect(host.textContent).toContain(i18n.t('scanner.camera.errors.denied')));
    expect(onError).toHaveBeenCalledWith('denied');

    const retry = host.querySelector('button')!;
    expect(retry.textContent).toBe(i18n.t('scanner.camera.retry'));
    await act(async () => retry.click());
    await vi.waitFor(() => expect(detect.mock.calls.length).toBeGreaterThanOrEqual(3), { timeout: 5000 });
    expect(host.textContent).toContain(i18n.t('scanner.camera.hint'));
    // Seen in every frame, reported once.
    expect(onScan.mock.calls).toEqual([['C-000123', 'camera']]);

    act(() => root.unmount());
    expect(stop).toHaveBeenCalled();
    root = createRoot(host);
  });
});
