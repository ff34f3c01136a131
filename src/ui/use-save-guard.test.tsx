// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useSaveGuard } from './use-save-guard';

// Tells React that this test drives updates through act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
beforeAll(() => {
  container = document.createElement('div');
  document.body.append(container);
});
afterEach(() => {
  container.innerHTML = '';
});

describe('useSaveGuard', () => {
  it('re-renders with busy while a save runs, and keeps run stable', async () => {
    const renders: { busy: boolean; run: unknown }[] = [];
    function Probe() {
      const g = useSaveGuard();
      renders.push(g);
      return null;
    }
    const root = createRoot(container);
    await act(async () => root.render(<Probe />));
    expect(renders.at(-1)!.busy).toBe(false);

    let release!: () => void;
    const run = renders.at(-1)!.run as ReturnType<typeof useSaveGuard>['run'];
    let pending!: Promise<unknown>;
    await act(async () => {
      pending = run(() => new Promise<void>(r => { release = r; }));
    });
    expect(renders.at(-1)!.busy).toBe(true);
    await act(async () => {
      release();
      await pending;
    });
    expect(renders.at(-1)!.busy).toBe(false);
    expect(new Set(renders.map(r => r.run)).size).toBe(1);
    act(() => root.unmount());
  });
});
