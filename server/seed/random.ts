import { fnv1a } from '../../src/domain/rules/fnv1a';

/**
 * A small seeded PRNG (mulberry32) for the demo data. The seed must come out the same on every run and every machine:
 * rows are matched by natural key on later runs, so a generator that drifted would add new rows at each start.
 * Each section of the seed uses its own stream (`Rng.for('customers')`), so growing one section never shifts another.
 */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A stream seeded from a label (FNV-1a of the label's UTF-16 units). */
  static for(label: string): Rng {
    return new Rng(fnv1a(label));
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A multiple of `step` in [min, max]. */
  step(min: number, max: number, step: number): number {
    return min + step * this.int(0, Math.floor((max - min) / step));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(list: readonly T[]): T {
    if (list.length === 0) throw new Error('pick from an empty list');
    return list[Math.floor(this.next() * list.length)]!;
  }

  /** `n` decimal digits, leading zeros kept. */
  digits(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += String(this.int(0, 9));
    return s;
  }
}

/** Rounds to `places` decimals (seed values only; business rounding lives in src/domain). */
export function round(v: number, places: number): number {
  const f = 10 ** places;
  return Math.round(v * f) / f;
}

export function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

export function day(y: number, m: number, d: number): string {
  return `${y}-${pad(m, 2)}-${pad(d, 2)}`;
}

/** A date in the given years; days stop at 28 so every month has them. */
export function randomDay(rng: Rng, fromYear: number, toYear: number): string {
  return day(rng.int(fromYear, toYear), rng.int(1, 12), rng.int(1, 28));
}
