import { Alert, Box, Button, Loader, Stack, Text } from '@mantine/core';
import { IconCameraOff, IconRefresh } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CAMERA_FORMATS, cameraErrorKind, cameraUnavailable, loadDetector, openCamera, startDetectionLoop,
  type CameraErrorKind, type CameraFormat,
} from './camera-scan';

export interface CameraScannerProps {
  /** Each code once while it stays in view (camera-scan.ts SeenCodes). */
  onScan: (code: string, source: 'camera') => void;
  /** Default: QR codes and Code 128. */
  formats?: readonly CameraFormat[];
  /** Camera off while true (the result panel is up, a dialog is open); the preview resumes when false again. */
  paused?: boolean;
  /** Height of the preview; default 320 px. */
  height?: number | string;
  /** Told of a failure too, besides the message shown (a kiosk may fall back to its keyboard-wedge reader). */
  onError?: (kind: CameraErrorKind) => void;
}

type Status = { state: 'starting' } | { state: 'running' } | { state: 'failed'; kind: CameraErrorKind; detail: string };

/**
 * The camera scanner of tablets (issue 13 point 2): a live preview of the rear camera, decoding QR codes and
 * Code 128 with the browser's BarcodeDetector or, where there is none, the WebAssembly ponyfill, loaded only now
 * (camera-scan.ts). The camera is released on unmount and while `paused`. A failure says what to do, in the user's
 * language, with a button to try again.
 */
export function CameraScanner({ onScan, formats = CAMERA_FORMATS, paused = false, height = 320, onError }: CameraScannerProps) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [status, setStatus] = useState<Status>({ state: 'starting' });
  const [attempt, setAttempt] = useState(0);
  const emit = useEffectEvent((code: string) => onScan(code, 'camera'));
  const fail = useEffectEvent((kind: CameraErrorKind, detail: string) => {
    setStatus({ state: 'failed', kind, detail });
    onError?.(kind);
  });
  // Known before asking (plain HTTP, no camera API): nothing to open.
  const unavailable = cameraUnavailable();
  const formatsKey = formats.join(',');

  useEffect(() => {
    const el = video.current;
    if (paused || unavailable || !el) return undefined;
    let cancelled = false;
    let stream: MediaStream | null = null;
    let stopLoop = () => {};
    const wanted = formatsKey.split(',') as CameraFormat[];

    void (async () => {
      // Both at once: the decoder loads while the user answers the permission prompt.
      const [cam, dec] = await Promise.allSettled([openCamera(), loadDetector(wanted)]);
      if (cam.status === 'fulfilled') stream = cam.value;
      if (cancelled) { stream?.getTracks().forEach(tr => tr.stop()); return; }
      const failure: unknown = cam.status === 'rejected' ? cam.reason : dec.status === 'rejected' ? dec.reason : null;
      if (failure !== null || dec.status !== 'fulfilled' || !stream) {
        stream?.getTracks().forEach(tr => tr.stop());
        fail(cameraErrorKind(failure), failure instanceof Error ? failure.message : String(failure));
        return;
      }
      el.srcObject = stream;
      try {
        await el.play();
      } catch (e) {
        // Interrupted by an unmount or a pause: not a failure.
        if (cancelled) return;
        fail(cameraErrorKind(e), e instanceof Error ? e.message : String(e));
        return;
      }
      if (cancelled) return;
      setStatus({ state: 'running' });
      const { detector } = dec.value;
      stopLoop = startDetectionLoop({
        detect: () => detector.detect(el),
        onCodes: codes => codes.forEach(c => emit(c)),
        onFailure: e => fail('decoder', e instanceof Error ? e.message : String(e)),
        // The native detector is cheap; the WebAssembly one shares the page's thread with the kiosk.
        intervalMs: dec.value.kind === 'native' ? 100 : 200,
      });
    })();

    return () => {
      cancelled = true;
      stopLoop();
      stream?.getTracks().forEach(tr => tr.stop());
      el.srcObject = null;
    };
  }, [paused, unavailable, formatsKey, attempt]);

  const failed: Status | null = unavailable ? { state: 'failed', kind: unavailable, detail: '' } : status.state === 'failed' ? status : null;

  return (
    <Box pos="relative" h={height} bg="dark.9" style={{ overflow: 'hidden', borderRadius: 'var(--mantine-radius-md)' }}
      aria-label={t('scanner.camera.label')} data-testid="camera-scanner">
      <video ref={video} muted playsInline autoPlay style={{ width: '100%', height: '100%', objectFit: 'cover', display: failed ? 'none' : 'block' }} />
      {failed?.state === 'failed' ? (
        <Stack p="md" justify="center" h="100%">
          <Alert color="red" icon={<IconCameraOff size={20} />} role="alert">
            {t(`scanner.camera.errors.${failed.kind}`, { detail: failed.detail })}
          </Alert>
          {failed.kind !== 'insecure' && failed.kind !== 'unsupported' && (
            <Button size="lg" leftSection={<IconRefresh size={20} />} onClick={() => { setStatus({ state: 'starting' }); setAttempt(a => a + 1); }}>
              {t('scanner.camera.retry')}
            </Button>
          )}
        </Stack>
      ) : (
        <>
          {/* The frame to aim with; the whole picture is decoded, the frame only guides the hand. */}
          <Box pos="absolute" top="20%" left="15%" w="70%" h="60%" aria-hidden
            style={{ border: '3px solid rgba(255,255,255,0.85)', borderRadius: 12, boxShadow: '0 0 0 100vmax rgba(0,0,0,0.25)', pointerEvents: 'none' }} />
          <Stack pos="absolute" bottom={0} left={0} right={0} p="sm" align="center" gap={4} style={{ pointerEvents: 'none' }}>
            {status.state === 'starting' && !paused && <Loader color="white" size="sm" />}
            <Text c="white" fw={600} size="lg" ta="center" style={{ textShadow: '0 1px 3px rgba(0,0,0,0.8)' }} aria-live="polite">
              {status.state === 'starting' && !paused ? t('scanner.camera.starting') : t('scanner.camera.hint')}
            </Text>
          </Stack>
        </>
      )}
    </Box>
  );
}

export default CameraScanner;
