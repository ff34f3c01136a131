import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * A clean install prints no EBADENGINE (issue 15 §10): every package the lock installs supports every Node version
 * package.json declares. An optional package may ask for more (npm leaves it out on an older Node without a
 * warning, and the build does without it). Direct dependencies are pinned exactly, so the lock is what was tested.
 */
interface LockEntry { version?: string; optional?: boolean; engines?: Record<string, string> | string[] }
const root = join(import.meta.dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  engines: { node: string }; dependencies: Record<string, string>; devDependencies: Record<string, string>;
};
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };

describe('the declared engines', () => {
  it('are supported by every package a clean install puts in node_modules', () => {
    const declared = pkg.engines.node;
    const refusing = Object.entries(lock.packages)
      .filter(([path, e]) => path !== '' && !e.optional && e.engines && !Array.isArray(e.engines) && e.engines.node)
      .filter(([, e]) => !semver.subset(declared, (e.engines as Record<string, string>).node!))
      .map(([path, e]) => `${path}@${e.version}: node ${(e.engines as Record<string, string>).node}`);
    expect(refusing).toEqual([]);
  });

  it('are met by the Node running the tests, and direct dependencies are exact versions', () => {
    expect(semver.satisfies(process.versions.node, pkg.engines.node)).toBe(true);
    const loose = Object.entries({ ...pkg.dependencies, ...pkg.devDependencies })
      .filter(([, v]) => !semver.valid(v.replace(/^npm:[^@]+@/, '').replace(/^npm:@[^@]+@/, '')))
      .map(([name, v]) => `${name} ${v}`);
    expect(loose).toEqual([]);
  });
});
