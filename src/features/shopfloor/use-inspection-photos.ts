import { useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { connectivityStore } from '../../data/connectivity';
import { isApiError, isUnreachableError } from '../../data/errors';
import { downscalePhoto, PHOTOS_MAX, uploadPhoto } from '../../data/photo-upload';

/**
 * The photos of the inspection being filled in (issue 13 point 4): each one made small in the browser
 * (src/data/photo-upload.ts) and uploaded at once while the server answers, so the submit rarely waits; while it
 * does not, the photo waits here, in memory, and is uploaded when the server is back. A submit with photos still not
 * uploaded is held with their bytes, durably (src/data/held-inspections.ts), so nothing taken offline is lost.
 *
 * States: `preparing` (being made small), `uploading`, `uploaded` (has its URL), `waiting` (the server is out of
 * reach), `refused` (the server refused it: shown, retried on a tap, or removed).
 */
export type PhotoState = 'preparing' | 'uploading' | 'uploaded' | 'waiting' | 'refused';

export interface PhotoItem {
  key: string;
  /** An object URL of the small photo, for the thumbnail (revoked when the photo leaves the form). */
  preview: string | null;
  blob: Blob | null;
  url?: string;
  state: PhotoState;
  /** Why the server refused it (its message, in the user's language), when it did. */
  reason?: string;
}

let counter = 0;

export function useInspectionPhotos(o: { onUnreadable: () => void }) {
  const [items, setItems] = useState<PhotoItem[]>([]);
  // The latest list, for the submit that awaits the uploads (state seen by a closure may be stale).
  const latest = useRef<PhotoItem[]>([]);
  const tasks = useRef(new Map<string, Promise<void>>());
  const reachable = useStore(connectivityStore, s => s.reachable);
  const onUnreadable = useRef(o.onUnreadable);
  useEffect(() => { onUnreadable.current = o.onUnreadable; });

  const update = useCallback((fn: (list: PhotoItem[]) => PhotoItem[]) => {
    latest.current = fn(latest.current);
    setItems(latest.current);
  }, []);
  const patch = useCallback((key: string, p: Partial<PhotoItem>) => update(list => list.map(i => (i.key === key ? { ...i, ...p } : i))), [update]);

  const upload = useCallback((key: string) => {
    const item = latest.current.find(i => i.key === key);
    if (!item?.blob || item.url) return;
    if (!connectivityStore.getState().reachable) { patch(key, { state: 'waiting' }); return; }
    patch(key, { state: 'uploading', reason: undefined });
    const task = uploadPhoto(item.blob).then(
      url => patch(key, { url, state: 'uploaded' }),
      (e: unknown) => patch(key, isUnreachableError(e) || (isApiError(e) && e.kind === 'needlogin')
        ? { state: 'waiting' }
        : { state: 'refused', reason: isApiError(e) ? e.msg : e instanceof Error ? e.message : String(e) }),
    ).finally(() => tasks.current.delete(key));
    tasks.current.set(key, task);
  }, [patch]);

  /** Adds camera pictures, up to PHOTOS_MAX in all; the rest are ignored. */
  const add = useCallback((files: readonly File[]) => {
    const room = PHOTOS_MAX - latest.current.length;
    for (const file of files.slice(0, Math.max(0, room))) {
      const key = `photo-${++counter}`;
      update(list => [...list, { key, preview: null, blob: null, state: 'preparing' }]);
      const task = downscalePhoto(file).then(
        blob => {
          if (!latest.current.some(i => i.key === key)) return;
          patch(key, { blob, preview: URL.createObjectURL(blob), state: 'waiting' });
          // The upload's task takes this one's place in `tasks` (settle waits for it too).
          upload(key);
        },
        () => {
          update(list => list.filter(i => i.key !== key));
          onUnreadable.current();
        },
      ).finally(() => { if (tasks.current.get(key) === task) tasks.current.delete(key); });
      tasks.current.set(key, task);
    }
  }, [update, patch, upload]);

  const remove = useCallback((key: string) => {
    const item = latest.current.find(i => i.key === key);
    if (item?.preview) URL.revokeObjectURL(item.preview);
    update(list => list.filter(i => i.key !== key));
  }, [update]);

  const clear = useCallback(() => {
    for (const i of latest.current) if (i.preview) URL.revokeObjectURL(i.preview);
    tasks.current.clear();
    update(() => []);
  }, [update]);

  /** Waits for the photos being prepared or uploaded; resolves with the list as it then stands. */
  const settle = useCallback(async (): Promise<PhotoItem[]> => {
    while (tasks.current.size > 0) await Promise.allSettled([...tasks.current.values()]);
    return latest.current;
  }, []);

  // The server is back: the photos that waited for it are uploaded now.
  useEffect(() => {
    if (!reachable) return;
    for (const i of latest.current) if (i.state === 'waiting') upload(i.key);
  }, [reachable, upload]);

  // Leaving the screen frees the thumbnails.
  useEffect(() => () => { for (const i of latest.current) if (i.preview) URL.revokeObjectURL(i.preview); }, []);

  return { items, add, remove, clear, settle, retry: upload, full: items.length >= PHOTOS_MAX };
}
