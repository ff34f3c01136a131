import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * The install is reproducible (issue 16): what `npm ci` checks before it installs anything, read offline from
 * package.json and package-lock.json, so a lockfile that `npm ci` would refuse, or a package that would print
 * EBADENGINE on a Node version we declare, fails here and not first on a clean clone. `.ci/run` then runs the real
 * `npm ci` and fails on an EBADENGINE line as well.
 */
const root = fileURLToPath(new URL('..', import.meta.url));

interface Manifest {
  engines?: { node?: string };
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}
interface LockEntry extends Manifest { version?: string; optional?: boolean; link?: boolean; resolved?: string }
interface Lock { lockfileVersion: number; packages: Record<string, LockEntry> }

const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as Manifest;
const lock = JSON.parse(readFileSync(`${root}package-lock.json`, 'utf8')) as Lock;

/** The lock entry Node's resolution finds for `name` required from the package at `from` (`''` is the root). */
function resolveFrom(from: string, name: string): string | undefined {
  let dir = from;
  for (;;) {
    const key = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (lock.packages[key]) return key;
    if (!dir) return undefined;
    const i = dir.lastIndexOf('/node_modules/');
    dir = i < 0 ? '' : dir.slice(0, i);
  }
}

/** `npm:real-name@1.2.3` aliases carry their own version. */
const versionOf = (spec: string) => spec.replace(/^npm:(@?[^@]+)@/, '');

describe('install', () => {
  it('pins every direct dependency to one exact version', () => {
    const loose = Object.entries({ ...pkg.dependencies, ...pkg.devDependencies })
      .filter(([, spec]) => !semver.valid(versionOf(spec)));
    expect(loose).toEqual([]);
  });

  it('has a lockfile in step with package.json', () => {
    const lockRoot = lock.packages['']!;
    expect(lock.lockfileVersion).toBe(3);
    expect(lockRoot.dependencies).toEqual(pkg.dependencies);
    expect(lockRoot.devDependencies).toEqual(pkg.devDependencies);
    expect(lockRoot.engines).toEqual(pkg.engines);
  });

  it('locks every dependency of every package, the other platforms’ optional binaries included', () => {
    // `npm ci` refuses a lockfile that leaves out an optional dependency (`Missing: @rollup/rollup-android-arm-eabi@
    // from lock file`), even one this platform would skip: the lock must serve every platform.
    const missing: string[] = [];
    for (const [key, entry] of Object.entries(lock.packages)) {
      if (entry.link) continue;
      const required = { ...entry.dependencies, ...entry.optionalDependencies };
      for (const [name, range] of Object.entries(required)) {
        const found = resolveFrom(key, name);
        if (!found) { missing.push(`${key || 'root'} → ${name}@${range}`); continue; }
        const version = lock.packages[found]!.version;
        if (version && !range.startsWith('npm:') && semver.validRange(range) && !semver.satisfies(version, range)) {
          missing.push(`${key || 'root'} → ${name}@${range} (locked ${version})`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('declares engines that every locked package supports (no EBADENGINE on any Node version we allow)', () => {
    const ours = pkg.engines?.node;
    expect(ours && semver.validRange(ours)).toBeTruthy();
    expect(semver.satisfies(process.version, ours!)).toBe(true);
    // npm skips an optional package whose engines do not match without a word (rollup 4.67.4 names a native lzma
    // binary for Node ≥ 22.20 that it never loads), so only the packages every install gets must fit.
    const unsupported = Object.entries(lock.packages)
      .filter(([key, e]) => key && !e.optional && e.engines?.node && !semver.subset(ours!, e.engines.node))
      .map(([key, e]) => `${key.replace(/^.*node_modules\//, '')}@${e.version} wants node ${e.engines!.node}`);
    expect(unsupported).toEqual([]);
  });
});
