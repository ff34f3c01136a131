// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n';
import { setNotifier } from './notifier';
import { BUSY_WARNING_MS, createSaveGuard } from './save-guard';
import { fakeNotifier } from './test-helpers';

beforeAll(async () => {
  await initI18n('zh');
});

function deferred<T>() {
  let resolve!: (v: T) => void, reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => { resolve = res; reject = rej; });
  return { promise, resolve, reject };
}

let n: ReturnType<typeof fakeNotifier>;
beforeEach(() => {
  n = fakeNotifier();
  setNotifier(n);
});
afterEach(() => setNotifier(null));

describe('createSaveGuard', () => {
  it('a second click while the save is pending does not save again and says so', async () => {
    const g = createSaveGuard();
    const d = deferred<string>();
    const save = vi.fn(() => d.promise);
    const first = g.run(save);
    const second = g.run(save);
    expect(save).toHaveBeenCalledTimes(1);
    await expect(second).resolves.toBeUndefined();
    expect(n.warning).toHaveBeenCalledWith('正在执行，请勿重复点击', BUSY_WARNING_MS);
    d.resolve('saved');
    await expect(first).resolves.toBe('saved');
  });

  it('after the save finishes, the next click saves', async () => {
    const g = createSaveGuard();
    const save = vi.fn(async () => 1);
    await g.run(save);
    await g.run(save);
    expect(save).toHaveBeenCalledTimes(2);
    expect(n.warning).not.toHaveBeenCalled();
  });

  it('busy follows the pending save and listeners hear each change', async () => {
    const g = createSaveGuard();
    const seen: boolean[] = [];
    const unsubscribe = g.subscribe(() => seen.push(g.busy));
    const d = deferred<void>();
    const p = g.run(() => d.promise);
    expect(g.busy).toBe(true);
    d.resolve();
    await p;
    expect(g.busy).toBe(false);
    expect(seen).toEqual([true, false]);
    unsubscribe();
    await g.run(() => undefined);
    expect(seen).toEqual([true, false]);
  });

  it('a failing save passes its error on and releases the guard', async () => {
    const g = createSaveGuard();
    await expect(g.run(async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    expect(g.busy).toBe(false);
    await expect(g.run(() => 'again')).resolves.toBe('again');
  });

  it('run works detached from the guard', async () => {
    const { run } = createSaveGuard();
    await expect(run(() => 3)).resolves.toBe(3);
  });
});
