/** Load helpers shared by the API benchmarks (bench/api, bench/cards). */

/** The p-th percentile of latencies sorted ascending. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * Runs `total` calls of `fn` with `concurrency` in flight (a closed loop: a worker starts its next call when its last
 * one answers); returns the latencies in ms, sorted.
 */
export async function closedLoop(total: number, concurrency: number, fn: () => Promise<unknown>): Promise<number[]> {
  const lat: number[] = [];
  let started = 0;
  const worker = async () => {
    while (started < total) {
      started++;
      const t = performance.now();
      await fn();
      lat.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return lat.sort((a, b) => a - b);
}
