import { useEffect, useEffectEvent } from 'react';
import { ScanReader, type ScanReaderOptions } from './scan-reader';

export interface UseScannerOptions extends Omit<ScanReaderOptions, 'onScan' | 'now'> {
  /** Listen only while true (a dialog over the kiosk may pause it). Default true. */
  enabled?: boolean;
}

/**
 * Reads keyboard-wedge scanners and badge readers on the whole page while the component is mounted (scan-reader.ts
 * says how a scan is told from typing). `capture: 'global'` reads scans even into a focused field and takes them
 * back out of it (the kiosk); `'idle'` (default) only while no field has focus (forms with their own card field).
 *
 * `onScan` may change on every render: the reader always calls the latest one and is not re-attached for it (a
 * half-read scan would be lost). Changing an option re-attaches it.
 */
export function useScanner(onScan: (code: string, source: 'keyboard') => void, options: UseScannerOptions = {}): void {
  const emit = useEffectEvent((code: string) => onScan(code, 'keyboard'));
  const { enabled = true, capture, maxGapMs, minLength, prefix, suffix } = options;
  // An array option as a string, so a new array of the same keys on each render does not re-attach the reader.
  const terminators = options.terminators?.join('\n');

  useEffect(() => {
    if (!enabled) return undefined;
    const reader = new ScanReader({
      onScan: code => emit(code),
      capture, maxGapMs, minLength, prefix, suffix,
      terminators: terminators === undefined ? undefined : terminators.split('\n'),
    });
    return reader.attach(window);
  }, [enabled, capture, maxGapMs, minLength, prefix, suffix, terminators]);
}
