import { useState, useSyncExternalStore } from 'react';
import { createSaveGuard, type SaveGuard } from '../data/save-guard';

/**
 * The save guard of one form: `run(fn)` runs a save unless one is pending; `busy` drives the button's loading state.
 * `run` is the same function on every render.
 */
export function useSaveGuard(): { run: SaveGuard['run']; busy: boolean } {
  const [guard] = useState(createSaveGuard);
  const busy = useSyncExternalStore(guard.subscribe, () => guard.busy, () => false);
  return { run: guard.run, busy };
}
