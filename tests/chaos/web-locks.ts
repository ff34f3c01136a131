/**
 * The browser's lock manager (Web Locks) for the tabs of one simulated browser: Node has none. Exclusive locks by
 * name, granted in request order; `ifAvailable` gets null at once when the lock is held, as in the browser. Only what
 * the outbox's sender uses (src/data/outbox/sender.ts).
 */
export function createLockManager(): LockManager {
  const held = new Set<string>();
  const queues = new Map<string, (() => void)[]>();

  const release = (name: string) => {
    const next = queues.get(name)?.shift();
    if (next) next();
    else held.delete(name);
  };

  async function request<T>(name: string, a: LockOptions | ((lock: Lock | null) => T | Promise<T>),
    b?: (lock: Lock | null) => T | Promise<T>): Promise<T> {
    const options: LockOptions = typeof a === 'function' ? {} : a;
    const callback = (typeof a === 'function' ? a : b)!;
    const lock = { name, mode: 'exclusive' } as Lock;
    if (held.has(name)) {
      if (options.ifAvailable) return callback(null);
      await new Promise<void>(resolve => { const q = queues.get(name) ?? []; q.push(resolve); queues.set(name, q); });
    } else held.add(name);
    try {
      return await callback(lock);
    } finally {
      release(name);
    }
  }

  return {
    request: request as LockManager['request'],
    query: async () => ({ held: [...held].map(name => ({ name, mode: 'exclusive' as const })), pending: [] }),
  };
}
